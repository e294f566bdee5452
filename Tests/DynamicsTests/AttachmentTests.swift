import JSON
import XCTest
import Dynamics

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
        let record = try XCTUnwrap(result.attachments.first)
        XCTAssertEqual(result.attachments.count, 1)
        XCTAssertEqual(record.id, "grab")
        XCTAssertEqual(record.length, length, accuracy: 1e-9, "the distance when it started acting")
        XCTAssertLessThanOrEqual(record.minLength, record.maxLength)
        XCTAssertGreaterThanOrEqual(record.minLength, 0.99 * length, "measured every step, not only at samples")
        XCTAssertLessThanOrEqual(record.maxLength, 1.01 * length)
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

    func testSpringAttachmentStretchesUnderTheWeightOfItsItem() throws {
        // A 2 Hz spring holding an item against 1000 pt/s² of gravity stretches g / ω² ≈ 6.3 pt at
        // equilibrium; released at its rest length without damping, it overshoots to about twice that.
        let frequency = 2.0, length = 100.0
        let stretch = 1000 / ((2 * .pi * frequency) * (2 * .pi * frequency))
        let scene = Scene(width: 320, height: 480, duration: 2,
                          items: [TestScenes.box("b", 160, 200)],
                          behavior: Behavior(.composite([
                              TestScenes.gravity,
                              Behavior(id: "spring", .attachment(Behavior.Attachment(
                                  item: "b", target: .anchor(Vector(160, 100)), length: length, frequency: frequency))),
                          ])))
        let record = try XCTUnwrap(Simulation.run(scene: scene).attachments.first)
        XCTAssertEqual(record.length, length, "the given length")
        XCTAssertEqual(record.minLength, length, accuracy: 0.5, "starts at its length")
        XCTAssertGreaterThan(record.maxLength, length + 1.5 * stretch, "stretches past equilibrium")
        XCTAssertLessThan(record.maxLength, length + 2 * stretch + 0.5)
    }

    func testAttachmentRecordsFollowBehaviorOrderAndAppearInTheOutputOnlyWhenPresent() throws {
        let items = [TestScenes.box("a", 100, 200), TestScenes.box("b", 200, 200), TestScenes.box("never", 300, 200, appearsAt: 10)]
        func attachment(_ id: String?, _ item: String) -> Behavior {
            Behavior(id: id, .attachment(Behavior.Attachment(item: item, target: .anchor(Vector(160, 100)))))
        }
        var scene = Scene(width: 400, height: 480, duration: 1, items: items,
                          behavior: Behavior(.composite([attachment("first", "b"), attachment(nil, "a"),
                                                         attachment("absent", "never")])),
                          script: [Scene.ScriptEvent(at: 0.5, action: .addBehavior(attachment("added", "a")))])
        let result = try Simulation.run(scene: scene)
        XCTAssertEqual(result.attachments.map(\.id), ["first", "added"],
                       "tree order, then script order; without an id or never acting: no record")
        let added = try XCTUnwrap(result.attachments.last)
        XCTAssertEqual(added.length, (Vector(160, 100) - Vector(100, 200)).length, accuracy: 1e-9,
                       "nothing moves without gravity: the distance when the script added it")
        let output = JSONNode(try JSONParser.parse(result.json()))
        let records = try output.required("attachments").array()
        XCTAssertEqual(try records.map { try $0.required("id").string() }, ["first", "added"])
        XCTAssertEqual(try records[1].required("maxLength").double(), added.maxLength)
        XCTAssertTrue(result.summary.contains("Attachment first: length"))

        scene.script = []
        scene.behavior = attachment(nil, "a")
        let unnamed = try Simulation.run(scene: scene)
        XCTAssertEqual(unnamed.attachments, [])
        XCTAssertNil(try JSONNode(JSONParser.parse(unnamed.json())).optional("attachments"))
    }
}
