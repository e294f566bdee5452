import XCTest
import Dynamics

final class StackingTests: XCTestCase {
    func testColumnOfBlocksWithoutRotationComesToRestStraight() throws {
        let items = (0..<10).map { TestScenes.box("b\($0)", 160, 20, appearsAt: 0.5 * Double($0)) }
        let lastDrop = 4.5
        let scene = TestScenes.scene(duration: lastDrop + 2.5, items: items,
                                     extra: [TestScenes.properties(.init(friction: 0.5, allowsRotation: false))])
        let result = try Simulation.run(scene: scene)
        for (i, item) in result.items.enumerated() {
            XCTAssertEqual(item.angle, 0, "\(item.id): no rotation at all")
            XCTAssertEqual(item.maxAngle, 0, "\(item.id)")
            XCTAssertEqual(item.center.x, 160, accuracy: 0.5, "\(item.id) stays in its column")
            XCTAssertEqual(item.center.y, 480 - 20 - 40 * Double(i), accuracy: 1.5, "\(item.id) stacked in drop order")
            let restingAt = try XCTUnwrap(item.restingAt, "\(item.id) must come to rest")
            XCTAssertLessThanOrEqual(restingAt, lastDrop + 2, item.id)
        }
        XCTAssertLessThanOrEqual(try XCTUnwrap(result.pausedAt), lastDrop + 2 + RestDetection.duration)
    }

    func testPyramidOfTenRowsStandsAndSleeps() throws {
        var items: [Scene.Item] = []
        for row in 0..<10 {
            for i in 0..<(10 - row) {
                let x = 400 + (Double(i) - Double(9 - row) / 2) * 40
                items.append(TestScenes.box("r\(row)c\(i)", x, 600 - 20 - 40 * Double(row)))
            }
        }
        XCTAssertEqual(items.count, 55)
        let scene = TestScenes.scene(width: 800, height: 600, duration: 3, items: items,
                                     extra: [TestScenes.properties(.init(friction: 0.5))])
        let result = try Simulation.run(scene: scene)
        for (start, final) in zip(items, result.items) {
            XCTAssertLessThan((final.center - start.center).length, 1.5, "\(final.id) stays in place")
            XCTAssertLessThan(final.maxAngle, 0.01, "\(final.id) does not tip")
            XCTAssertNotNil(final.restingAt, "\(final.id) comes to rest")
            XCTAssertEqual(final.velocity, .zero, "\(final.id) is asleep")
        }
        XCTAssertNotNil(result.pausedAt)
    }

    func testFastBlockNeverTunnelsThroughTheFloorOrAnotherBlock() throws {
        // The lower block rests on the floor; the upper one falls the whole height of the view.
        let items = [TestScenes.box("low", 160, 568 - 16, size: 32), TestScenes.box("high", 160, 16, size: 32)]
        var scene = TestScenes.scene(height: 568, duration: 5, items: items, fps: 240)
        scene.step = 1.0 / 60
        let result = try Simulation.run(scene: scene)
        for frame in result.frames {
            let low = try XCTUnwrap(frame.items.first { $0.id == "low" }).center
            let high = try XCTUnwrap(frame.items.first { $0.id == "high" }).center
            XCTAssertLessThanOrEqual(low.y + 16, 568 + 1, "t=\(frame.t): the floor holds")
            XCTAssertLessThanOrEqual(high.y + 16, low.y - 16 + 1, "t=\(frame.t): the falling block stays above")
        }
        XCTAssertEqual(try XCTUnwrap(result.item("high")).center.y, 568 - 48, accuracy: 1)
    }

    func testTwoRunsAreBitIdentical() throws {
        var items: [Scene.Item] = []
        for i in 0..<12 {
            items.append(Scene.Item(id: "b\(i)", center: Vector(40 + 21 * Double(i), 30 + 13 * Double(i % 4)),
                                    shape: i % 3 == 0 ? .circle(radius: 14) : .rectangle(width: 30, height: 24),
                                    angle: 0.1 * Double(i), appearsAt: 0.1 * Double(i)))
        }
        let scene = TestScenes.scene(duration: 3, items: items,
                                     extra: [TestScenes.properties(.init(elasticity: 0.3, friction: 0.4))], fps: 30)
        let first = try Simulation.run(scene: scene).json()
        let second = try Simulation.run(scene: scene).json()
        XCTAssertEqual(first, second)
    }
}
