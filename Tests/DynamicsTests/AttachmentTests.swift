import XCTest
@testable import Dynamics

final class AttachmentTests: XCTestCase {
    /// Columns 40 pt wide: column k spans 40k…40k+40.
    private func column(of x: Double) -> Int { Int((x / 40).rounded(.down)) }

    func testRigidAttachmentSwingsABlockIntoAnotherColumn() throws {
        let start = Vector(100, 200)   // column 2
        let anchor0 = Vector(100, 100), anchor1 = Vector(260, 100)
        let moveEnd = 1.0, release = 3.0
        let scene = Scene(
            width: 320, height: 480, duration: 5,
            items: [Scene.Item(id: "b", center: start, shape: .rectangle(width: 40, height: 40))],
            behavior: Behavior(.composite([
                TestScenes.gravity, TestScenes.bounds,
                TestScenes.properties(.init(friction: 0.8, resistance: 1.5, angularResistance: 3)),
                Behavior(id: "grab", .attachment(Behavior.Attachment(item: "b", target: .anchor(anchor0)))),
            ])),
            script: [Scene.ScriptEvent(at: moveEnd, action: .moveAnchor(attachment: "grab", to: anchor1)),
                     Scene.ScriptEvent(at: release, action: .removeBehavior("grab"))],
            samplesPerSecond: 120)
        let result = try Simulation.run(scene: scene)
        let length = (start - anchor0).length
        for point in result.trajectory(of: "b") where point.t < release - 1e-9 {
            let anchor = anchor0 + min(point.t / moveEnd, 1) * (anchor1 - anchor0)
            XCTAssertEqual((point.center - anchor).length, length, accuracy: 0.01 * length, "t=\(point.t)")
        }
        XCTAssertEqual(column(of: start.x), 2)
        let final = try XCTUnwrap(result.item("b"))
        XCTAssertEqual(column(of: final.center.x), 6, "landed in column 6 at x=\(final.center.x)")
        XCTAssertEqual(final.center.y, 460, accuracy: 1, "on the floor")
        XCTAssertNotNil(final.restingAt)
    }

    func testSpringAttachmentBetweenItemsOscillatesAroundItsLength() throws {
        let items = [TestScenes.box("a", 100, 240), TestScenes.box("b", 260, 240)]
        let scene = Scene(width: 400, height: 480, duration: 4, items: items,
                          behavior: Behavior(.attachment(Behavior.Attachment(
                              item: "a", target: .item("b", offset: .zero), length: 100, damping: 0.7, frequency: 2))),
                          samplesPerSecond: 60)
        let result = try Simulation.run(scene: scene)
        let a = try XCTUnwrap(result.item("a")), b = try XCTUnwrap(result.item("b"))
        XCTAssertEqual((b.center - a.center).length, 100, accuracy: 1, "the spring settles at its length")
        XCTAssertEqual((a.center.x + b.center.x) / 2, 180, accuracy: 1e-6, "internal forces keep the centre of mass")
    }

    func testAttachmentToAnItemNotYetPresentActsOnceItAppears() throws {
        let items = [TestScenes.box("late", 100, 200, appearsAt: 1)]
        let scene = Scene(width: 320, height: 480, duration: 3, items: items,
                          behavior: Behavior(.composite([
                              TestScenes.gravity,
                              Behavior(.attachment(Behavior.Attachment(item: "late", target: .anchor(Vector(100, 150))))),
                          ])), samplesPerSecond: 10)
        let result = try Simulation.run(scene: scene)
        XCTAssertTrue(result.frames.filter { $0.t < 1 - 1e-9 }.allSatisfy { $0.items.isEmpty }, "absent before it appears")
        XCTAssertEqual(try XCTUnwrap(result.item("late")).center.y, 200, accuracy: 1, "hangs at the creation distance")
    }
}
