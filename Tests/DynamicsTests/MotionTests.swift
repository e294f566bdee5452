import XCTest
import Dynamics

final class MotionTests: XCTestCase {
    func testFreeFallFollowsHalfGTSquared() throws {
        let scene = Scene(width: 320, height: 2000, duration: 1, items: [TestScenes.box("b", 160, 100)],
                          behavior: TestScenes.gravity)
        let result = try Simulation.run(scene: scene)
        let item = try XCTUnwrap(result.item("b"))
        let expected = 0.5 * 1000 * 1 * 1  // ½ g t² with g = 1000 pt/s²
        XCTAssertEqual(item.center.y - 100, expected, accuracy: expected * 0.01)
        XCTAssertEqual(item.velocity.y, 1000, accuracy: 10)
        XCTAssertEqual(item.center.x, 160, "gravity straight down must not push sideways")
    }

    func testInelasticBlockRestsOnTheFloor() throws {
        let scene = TestScenes.scene(duration: 3, items: [TestScenes.box("b", 160, 100)])
        let result = try Simulation.run(scene: scene)
        let item = try XCTUnwrap(result.item("b"))
        XCTAssertEqual(item.center.y + 20, 480, accuracy: 0.5, "bottom edge on the floor")
        XCTAssertEqual(item.angle, 0, accuracy: 1e-9)
        let restingAt = try XCTUnwrap(item.restingAt, "a block on the floor must be reported at rest")
        // Falling 340 pt takes √(2·340/1000) ≈ 0.82 s; it must come to rest soon after landing.
        XCTAssertGreaterThan(restingAt, 0.8)
        XCTAssertLessThan(restingAt, 1.5)
        XCTAssertEqual(try XCTUnwrap(result.pausedAt), restingAt + RestDetection.duration, accuracy: 1e-9)
    }

    func testElasticBlockBouncesBackAlmostToItsDropHeight() throws {
        var scene = TestScenes.scene(duration: 1.6, items: [TestScenes.box("b", 160, 100)],
                                     extra: [TestScenes.properties(.init(elasticity: 1, friction: 0))], fps: 240)
        scene.step = 1.0 / 240
        let result = try Simulation.run(scene: scene)
        let path = result.trajectory(of: "b")
        let restY = 480.0 - 20
        let drop = restY - 100
        // The first landing is the lowest point; the apex after it is the highest point that follows.
        let landing = try XCTUnwrap(path.indices.max { path[$0].center.y < path[$1].center.y })
        let apex = try XCTUnwrap(path[landing...].map(\.center.y).min())
        XCTAssertGreaterThanOrEqual((restY - apex) / drop, 0.95)
        XCTAssertNil(result.item("b")?.restingAt, "a perfectly elastic block keeps bouncing")
        // Each bounce touches the floor and leaves it again.
        let floorEvents = result.contacts.filter { $0.b == .boundary("bounds") && $0.at > 0.5 }
        XCTAssertGreaterThanOrEqual(floorEvents.count, 2)
        for (i, event) in floorEvents.enumerated() { XCTAssertEqual(event.began, i % 2 == 0, "t=\(event.at)") }
    }

    func testCircleRollsToRestOnTheFloor() throws {
        let ball = Scene.Item(id: "ball", center: Vector(100, 100), shape: .circle(radius: 15), velocity: Vector(50, 0))
        let scene = TestScenes.scene(duration: 4, items: [ball], extra: [TestScenes.properties(.init(friction: 0.5, angularResistance: 2))])
        let item = try XCTUnwrap(try Simulation.run(scene: scene).item("ball"))
        XCTAssertEqual(item.center.y, 480 - 15, accuracy: 0.5)
        XCTAssertGreaterThan(item.center.x, 100, "the initial velocity carries it to the right")
        XCTAssertGreaterThan(item.maxAngle, 0.1, "friction makes it roll")
    }

    func testPushInstantaneousGivesAVelocityChange() throws {
        // A 100×100 item of density 1 has unit mass: magnitude 1 is 100 pt/s.
        let item = Scene.Item(id: "p", center: Vector(500, 500), shape: .rectangle(width: 100, height: 100))
        let heavy = Scene.Item(id: "h", center: Vector(200, 200), shape: .rectangle(width: 200, height: 100))
        let scene = Scene(width: 1000, height: 1000, duration: 0.5, items: [item, heavy],
                          behavior: Behavior(.push(Behavior.Push(mode: .instantaneous, angle: 0, magnitude: 1))))
        let result = try Simulation.run(scene: scene)
        XCTAssertEqual(try XCTUnwrap(result.item("p")).velocity.x, 100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(result.item("p")).center.x, 550, accuracy: 0.5, "once, not every step")
        XCTAssertEqual(try XCTUnwrap(result.item("h")).velocity.x, 50, accuracy: 1e-9, "twice the mass, half the speed")
    }

    func testPushContinuousGivesAnAcceleration() throws {
        let item = Scene.Item(id: "p", center: Vector(100, 500), shape: .rectangle(width: 100, height: 100))
        let scene = Scene(width: 1000, height: 1000, duration: 1, items: [item],
                          behavior: Behavior(.push(Behavior.Push(mode: .continuous, angle: 0, magnitude: 2))))
        let final = try XCTUnwrap(try Simulation.run(scene: scene).item("p"))
        XCTAssertEqual(final.velocity.x, 200, accuracy: 2)
        XCTAssertEqual(final.center.x - 100, 0.5 * 200, accuracy: 2)
    }

    func testSnapPullsAnItemToThePointAndSettles() throws {
        let item = Scene.Item(id: "s", center: Vector(50, 50), shape: .rectangle(width: 40, height: 40), angle: 0.5)
        let scene = Scene(width: 320, height: 480, duration: 4, items: [item],
                          behavior: Behavior(.snap(Behavior.Snap(item: "s", point: Vector(200, 300)))))
        let final = try XCTUnwrap(try Simulation.run(scene: scene).item("s"))
        XCTAssertEqual((final.center - Vector(200, 300)).length, 0, accuracy: 1)
        XCTAssertEqual(final.angle, 0, accuracy: 0.01)
        XCTAssertNotNil(final.restingAt)
    }

    func testLastItemBehaviorInTreeOrderWins() throws {
        // Three 100×100 items; their density decides the speed a push gives them.
        let items = ["a", "b", "c"].enumerated().map { i, id in
            Scene.Item(id: id, center: Vector(150 + 200 * Double(i), 500), shape: .rectangle(width: 100, height: 100))
        }
        let behavior = Behavior(.composite([
            TestScenes.properties(.init(density: 4)),
            Behavior(.composite([TestScenes.properties(.init(density: 2), items: ["b", "c"])])),
            TestScenes.properties(.init(friction: 0.3), items: ["c"]),  // sets no density: "c" keeps 2
            TestScenes.properties(.init(density: 1), items: ["b"]),
            Behavior(.push(Behavior.Push(mode: .instantaneous, angle: .pi / 2, magnitude: 1))),
        ]))
        let scene = Scene(width: 1000, height: 1000, duration: 0.1, items: items, behavior: behavior)
        let result = try Simulation.run(scene: scene)
        XCTAssertEqual(try XCTUnwrap(result.item("a")).velocity.y, 25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(result.item("b")).velocity.y, 100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(result.item("c")).velocity.y, 50, accuracy: 1e-9)
    }
}
