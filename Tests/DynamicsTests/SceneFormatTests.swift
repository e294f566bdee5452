import JSON
import XCTest
import Dynamics

final class SceneFormatTests: XCTestCase {
    static let example = """
    {
      "bounds": {"width": 320, "height": 480},
      "duration": 6.0,
      "step": 0.008333333,
      "items": [
        {"id": "b1", "center": [140, 20], "size": [40, 40], "appearsAt": 0.0},
        {"id": "b2", "center": [180, 20], "size": [40, 40], "appearsAt": 0.5, "angle": 0.0, "velocity": [0, 0]}
      ],
      "behavior": {"type": "composite", "children": [
        {"type": "gravity", "magnitude": 1.0},
        {"type": "collision", "translatesReferenceBoundsIntoBoundary": true,
         "boundaries": [{"id": "ledge", "from": [0, 300], "to": [120, 300]}, {"id": "box", "rect": [200, 400, 60, 20]}]},
        {"type": "itemBehavior", "allowsRotation": false, "elasticity": 0.0, "friction": 0.5},
        {"type": "attachment", "id": "grab", "item": "b2", "anchor": [180, 40], "frequency": 0}
      ]},
      "script": [
        {"at": 0.7, "moveAnchor": "grab", "to": [260, 60]},
        {"at": 1.2, "removeBehavior": "grab"}
      ],
      "samples": 30
    }
    """

    func testExampleSceneParsesRunsAndWritesTheOutputFormat() throws {
        let scene = try Scene.parse(json: Self.example)
        XCTAssertEqual(scene.items.count, 2)
        XCTAssertEqual(scene.items[1].appearsAt, 0.5)
        XCTAssertEqual(scene.script.count, 2)
        let result = try Simulation.run(scene: scene)

        let output = JSONNode(try JSONParser.parse(result.json()))
        let b1 = try output.required("items").required("b1")
        XCTAssertEqual(try b1.required("center").doubles(count: 2).count, 2)
        XCTAssertEqual(try b1.required("angle").double(), 0, "allowsRotation false")
        _ = try b1.required("maxAngle").double()
        _ = try b1.required("restingAt")
        XCTAssertEqual(try output.required("samples").required("fps").int(), 30)
        let frames = try output.required("samples").required("frames").array()
        XCTAssertEqual(frames.count, 181, "6 s at 30 fps plus the frame at 0")
        XCTAssertEqual(try frames[0].required("items").object().map(\.key), ["b1"], "b2 appears at 0.5 s")
        XCTAssertEqual(try frames[30].required("items").object().map(\.key), ["b1", "b2"])
        XCTAssertEqual(try frames[30].required("items").required("b2").doubles(count: 3).count, 3)

        // b1 (x 120…160) slides past the end of the ledge (x 0…120) and rests on the floor; b2 is carried
        // right by the anchor and, once released, falls onto the "box" rectangle (x 200…260, top 400).
        let b1Final = try XCTUnwrap(result.item("b1"))
        XCTAssertEqual(b1Final.center.y, 460, accuracy: 1)
        XCTAssertNotNil(b1Final.restingAt)
        let contacts = result.contacts.filter(\.began)
        XCTAssertTrue(contacts.contains { $0.a == "b1" && $0.b == .boundary("bounds") })
        XCTAssertTrue(contacts.contains { $0.a == "b2" && $0.b == .boundary("box") })
        XCTAssertEqual(result.json(), try Simulation.run(scene: Scene.parse(json: Self.example)).json())
        XCTAssertTrue(result.summary.contains("b1: center"))
    }

    func testContactEventsNameItemsAndBoundaries() throws {
        let items = [TestScenes.box("low", 160, 460), TestScenes.box("high", 160, 300)]
        let result = try Simulation.run(scene: TestScenes.scene(duration: 2, items: items))
        let began = result.contacts.filter(\.began)
        XCTAssertTrue(began.contains { $0.a == "low" && $0.b == .boundary("bounds") })
        XCTAssertTrue(began.contains { $0.a == "low" && $0.b == .item("high") })
        XCTAssertEqual(result.contacts.map(\.at), result.contacts.map(\.at).sorted(), "in time order")
        let landing = try XCTUnwrap(began.first { $0.b == .item("high") })
        // "high" falls through the 120 pt gap between the blocks: √(2·120/1000) ≈ 0.49 s.
        XCTAssertEqual(landing.at, (2 * 120 / 1000.0).squareRoot(), accuracy: 0.02)
        let output = JSONNode(try JSONParser.parse(result.json()))
        let first = try output.required("contacts").array()[0]
        XCTAssertEqual(try first.required("b").string(), "boundary:bounds")
    }

    func testCollisionModes() throws {
        func finals(_ mode: Behavior.CollisionMode) throws -> (low: Vector, high: Vector) {
            let items = [TestScenes.box("low", 160, 400), TestScenes.box("high", 160, 300)]
            let scene = Scene(width: 320, height: 480, duration: 1.5, items: items, behavior: Behavior(.composite([
                TestScenes.gravity,
                Behavior(.collision(Behavior.Collision(mode: mode, translatesReferenceBoundsIntoBoundary: true))),
            ])))
            let result = try Simulation.run(scene: scene)
            return (try XCTUnwrap(result.item("low")).center, try XCTUnwrap(result.item("high")).center)
        }
        let everything = try finals(.everything)
        XCTAssertEqual(everything.low.y, 460, accuracy: 1)
        XCTAssertEqual(everything.high.y, 420, accuracy: 1)
        let boundaries = try finals(.boundaries)
        XCTAssertEqual(boundaries.low.y, 460, accuracy: 1)
        XCTAssertEqual(boundaries.high.y, 460, accuracy: 1, "items pass through each other")
        let itemsOnly = try finals(.items)
        XCTAssertGreaterThan(itemsOnly.low.y, 480, "no boundary: both fall out of the view")
    }

    func testScriptAddsABehaviorLater() throws {
        let json = """
        {"bounds": {"width": 320, "height": 480}, "duration": 2,
         "items": [{"id": "b", "center": [160, 100], "size": [40, 40]}],
         "script": [{"at": 1, "addBehavior": {"type": "composite", "children": [
                      {"type": "gravity", "magnitude": 1},
                      {"type": "push", "mode": "instantaneous", "angle": 0, "magnitude": 1}]}}]}
        """
        let item = try XCTUnwrap(try Simulation.run(scene: Scene.parse(json: json)).item("b"))
        XCTAssertEqual(item.center.y - 100, 500, accuracy: 5, "falls only during the second second")
        // A 40×40 item has mass 0.16: the push gives it 100/0.16 = 625 pt/s, once, when added.
        XCTAssertEqual(item.velocity.x, 625, accuracy: 1e-9)
        XCTAssertEqual(item.center.x - 160, 625, accuracy: 1)
    }

    // MARK: Errors

    private func error(_ json: String, limits: SimulationLimits = .default) -> DynamicsError? {
        do {
            _ = try Simulation.run(scene: Scene.parse(json: json), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func testSyntaxErrorsCarryLineAndColumn() throws {
        let e = try XCTUnwrap(error("{\n  \"bounds\" {}\n}"))
        XCTAssertEqual(e.kind, .syntax)
        XCTAssertEqual(e.location, "2:12")
    }

    func testContentErrorsNameTheJSONPath() throws {
        let base = #""bounds": {"width": 320, "height": 480}"#
        let cases: [(String, String, String)] = [
            (#"{\#(base), "gravity": 1}"#, "$", "unknown field"),
            (#"{\#(base), "items": [{"id": "a", "center": [1, 2], "size": [-4, 4]}]}"#, "$.items[0].size[0]", "positive size"),
            (#"{\#(base), "items": [{"id": "a", "center": [1, "x"], "size": [4, 4]}]}"#, "$.items[0].center[1]", "number"),
            (#"{\#(base), "items": [{"id": "a", "center": [1, 2], "size": [4, 4], "colour": 1}]}"#, "$.items[0]", "colour"),
            (#"{\#(base), "behavior": {"type": "gravity", "items": ["nope"]}}"#, "$.behavior.items[0]", "unknown item id"),
            (#"{\#(base), "behavior": {"type": "composite", "children": [{"type": "spin"}]}}"#, "$.behavior.children[0].type", "spin"),
            (#"{\#(base), "script": [{"at": 1, "removeBehavior": "ghost"}]}"#, "$.script[0].removeBehavior", "unknown behavior id"),
            (#"{\#(base), "items": [{"id": "a", "center": [1, 2], "size": [4, 4]}, {"id": "a", "center": [1, 2], "size": [4, 4]}]}"#,
             "$.items[1].id", "duplicate"),
        ]
        for (json, path, message) in cases {
            let e = try XCTUnwrap(error(json), json)
            XCTAssertEqual(e.location, path, json)
            XCTAssertTrue(e.message.contains(message), "\(e.message) should mention \(message)")
        }
    }

    func testNonFiniteNumbersInCodeBuiltScenesAreRefused() {
        let scene = Scene(width: 320, height: 480, items: [TestScenes.box("a", .nan, 10)])
        XCTAssertThrowsError(try Simulation.run(scene: scene)) { error in
            XCTAssertEqual((error as? DynamicsError)?.location, "$.items[0].center[0]")
        }
    }

    func testLimitsAreEnforcedBeforeSimulating() throws {
        let items = (0..<3).map { #"{"id": "b\#($0)", "center": [10, 10], "size": [4, 4]}"# }.joined(separator: ",")
        let json = #"{"bounds": {"width": 320, "height": 480}, "duration": 2, "items": [\#(items)]}"#
        let tooMany = try XCTUnwrap(error(json, limits: SimulationLimits(maxItems: 2)))
        XCTAssertEqual(tooMany.kind, .limit)
        XCTAssertEqual(tooMany.location, "$.items")
        let tooLong = try XCTUnwrap(error(json, limits: SimulationLimits(maxDuration: 1)))
        XCTAssertEqual(tooLong.location, "$.duration")
        XCTAssertNil(error(json))
        let defaults = try XCTUnwrap(error(#"{"bounds": {"width": 320, "height": 480}, "duration": 61}"#))
        XCTAssertEqual(defaults.kind, .limit, "60 simulated seconds by default")
    }

    func testContactEventsBeyondTheLimitAreCountedNotKept() throws {
        let items = [TestScenes.box("low", 160, 460), TestScenes.box("high", 160, 300)]
        let scene = TestScenes.scene(duration: 2, items: items)
        let all = try Simulation.run(scene: scene)
        XCTAssertGreaterThan(all.contacts.count, 1)
        XCTAssertEqual(all.droppedContactEvents, 0)
        let capped = try Simulation.run(scene: scene, limits: SimulationLimits(maxContactEvents: 1))
        XCTAssertEqual(capped.contacts, Array(all.contacts.prefix(1)))
        XCTAssertEqual(capped.droppedContactEvents, all.contacts.count - 1)
        let output = JSONNode(try JSONParser.parse(capped.json()))
        XCTAssertEqual(try output.required("droppedContacts").int(), all.contacts.count - 1)
    }
}
