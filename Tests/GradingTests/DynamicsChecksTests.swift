import Dynamics
import XCTest
@testable import Grading

/// Dynamics checks not exercised by the shipped examples, and the geometry they rely on.
final class DynamicsChecksTests: XCTestCase {
    func testAnAnimatorThatNeverPausesFailsPausedBy() throws {
        let exercise = try shippedExercise("push-into-zone")
        let bouncing = """
            {"type": "composite", "children": [
              {"type": "collision", "translatesReferenceBoundsIntoBoundary": true},
              {"type": "itemBehavior", "elasticity": 1, "friction": 0},
              {"type": "push", "mode": "instantaneous", "angle": 0, "magnitude": 1}]}
            """
        let report = Grader.grade(exercise, submission: bouncing)
        XCTAssertEqual(report.outcome, .graded)
        let paused = try XCTUnwrap(report.checks.first { $0.name == "paused" })
        XCTAssertEqual(paused.message, "Everything comes to rest, and the animator pauses, within 4 seconds. The animator never paused.")
        XCTAssertEqual(paused.points, 0)
    }

    func testTheReferenceRunIsDrawnWithItsZoneAndAnimation() throws {
        let exercise = try shippedExercise("push-into-zone")
        let report = Grader.grade(exercise, submission: exercise.reference)
        XCTAssertEqual(report.pictures.map(\.name), ["run.svg"])
        let svg = try XCTUnwrap(report.pictures.first?.svg)
        XCTAssertTrue(svg.contains(##"<rect x="200" y="400" width="80" height="80" fill="#2e7d32""##))
        XCTAssertTrue(svg.contains(#"<animateTransform attributeName="transform" type="translate" values="60,460;"#))
        XCTAssertTrue(svg.contains(#"dur="5s" repeatCount="indefinite"/>"#))
        XCTAssertTrue(svg.hasSuffix("</svg>"))
        XCTAssertNotNil(report.simulation?.item("puck"))
    }

    func testTheScriptedAnchorIsDrawnWithItsPathAndBar() throws {
        let exercise = try shippedExercise("grab-and-swing")
        let svg = try XCTUnwrap(Grader.grade(exercise, submission: exercise.reference).pictures.first?.svg)
        // The anchor starts where the attachment puts it, then goes to each scripted position.
        XCTAssertTrue(svg.contains(##"<polyline points="60,100 60,100 220,100" fill="none" stroke="#555555""##))
        // The bar shows until the script removes the attachment at 2.5 of 6 seconds.
        XCTAssertTrue(svg.contains(#"<animate attributeName="opacity" values="1;0" keyTimes="0;0.4167" calcMode="discrete""#))
        // The anchor travels with SMIL's straight lines between the keyframes at 0, 0.5 and 1.5 s, then stays.
        XCTAssertTrue(svg.contains(#"values="60,100;60,100;220,100;220,100" keyTimes="0;0.0833;0.25;1""#))
        XCTAssertTrue(svg.contains(">Run of 6 s, 1 item, at rest at "))
    }

    func testOverlapOfARotatedBoxIsItsSeparatingAxisDepth() {
        let square = Scene.Item(id: "a", center: .zero, shape: .rectangle(width: 40, height: 40))
        let a = ItemFootprint(item: square, center: Vector(0, 0), angle: 0)
        let b = ItemFootprint(item: square, center: Vector(48, 0), angle: .pi / 4)
        // On the x axis: 20 (a) + 20·√2 (b's half diagonal) − 48 ≈ 0.284, the shallowest axis.
        XCTAssertEqual(a.overlap(with: b), 20 + 20 * 2.0.squareRoot() - 48, accuracy: 1e-9)
        let far = ItemFootprint(item: square, center: Vector(100, 0), angle: 0)
        XCTAssertLessThan(a.overlap(with: far), 0)
        let ball = Scene.Item(id: "c", center: .zero, shape: .circle(radius: 10))
        XCTAssertEqual(a.overlap(with: ItemFootprint(item: ball, center: Vector(25, 0), angle: 0)), 5, accuracy: 1e-9)
        XCTAssertEqual(ItemFootprint(item: ball, center: .zero, angle: 0)
                        .overlap(with: ItemFootprint(item: ball, center: Vector(0, 15), angle: 0)), 5, accuracy: 1e-9)
    }
}

/// The attachmentLength check reads the lengths the engine measured at every step, so a scene
/// needs no sampled frames for it.
extension DynamicsChecksTests {
    /// A bob hanging 60 points below an anchor, without `samples`, checked for keeping its length within 1%.
    private func pendulum() throws -> Exercise {
        let manifest = """
            {"slug": "pendulum", "title": "Pendulum", "kind": "dynamics", "points": 10,
             "lecture": {"course": "cs193p", "lecture": 8, "at": "21:06"},
             "scene": {"bounds": {"width": 200, "height": 200}, "duration": 1.5,
                       "items": [{"id": "bob", "center": [100, 100], "size": [20, 20]}]},
             "allowedBehaviors": ["composite", "gravity", "attachment"],
             "checks": [{"name": "rigid", "type": "attachmentLength", "attachment": "hold", "percent": 1, "points": 10,
                         "message": "The bar keeps its length."}]}
            """
        return try Exercise.load(files: ["exercise.json": Array(manifest.utf8), "statement.md": [],
                                         "reference.json": Array(Self.hanging(#", "id": "hold""#).utf8), "starter.json": Array("{}".utf8)])
    }

    private static func hanging(_ attachmentFields: String) -> String {
        #"{"type": "composite", "children": [{"type": "gravity"}, "#
            + #"{"type": "attachment", "item": "bob", "anchor": [100, 40]\#(attachmentFields)}]}"#
    }

    func testARigidBarPassesWithoutSampledFrames() throws {
        let exercise = try pendulum()
        let report = Grader.grade(exercise, submission: Self.hanging(#", "id": "hold""#))
        XCTAssertEqual(report.simulation?.samplesPerSecond, nil)
        XCTAssertEqual(report.checks.map(\.passed), [true])
    }

    func testASpringIsMeasuredAtItsLongestStep() throws {
        let report = Grader.grade(try pendulum(), submission: Self.hanging(#", "id": "hold", "frequency": 1, "damping": 0"#))
        let record = try XCTUnwrap(report.simulation?.attachments.first { $0.id == "hold" })
        // A 1 Hz spring under gravity sags well beyond 1% of its 60 points.
        XCTAssertGreaterThan(record.maxLength, 61)
        let percent = NumberText.format(100 * record.maxLength / record.length, decimals: 1)
        XCTAssertEqual(report.checks[0].message, "The bar keeps its length. hold stretched to \(percent)% of its length.")
        XCTAssertEqual(report.score, 0)
    }

    func testAMissingOrZeroLengthAttachmentIsExplained() throws {
        let exercise = try pendulum()
        XCTAssertEqual(Grader.grade(exercise, submission: Self.hanging("")).checks[0].message,
                       #"The bar keeps its length. There is no attachment with id "hold" acting in the run."#)
        XCTAssertEqual(Grader.grade(exercise, submission: Self.hanging(#", "id": "hold", "length": 0"#)).checks[0].message,
                       "The bar keeps its length. hold holds a length of 0, which cannot stretch by a percentage; "
                       + #"leave out "length" so that it keeps the distance it starts with."#)
    }
}


/// The supported check: what holds each block up at the end of a run.
extension DynamicsChecksTests {
    /// A 40×40 block with its centre at (x, y).
    private static func footprint(_ id: String, _ x: Double, _ y: Double, angle: Double = 0) -> ItemFootprint {
        ItemFootprint(item: Scene.Item(id: id, center: .zero, shape: .rectangle(width: 40, height: 40)),
                      center: Vector(x, y), angle: angle)
    }

    func testAProperStackIsSupported() {
        // Two columns on a floor at y = 200: a on the floor, b squarely on a, c on the floor beside them.
        let stack = [Self.footprint("a", 20, 180.2), Self.footprint("b", 20, 140.3), Self.footprint("c", 60, 180)]
        XCTAssertTrue(ItemSupport.unsupported(stack, among: stack, floor: 200, tolerance: 1).isEmpty)
        // A block turned by 45° stands on its lowest corner, 20·√2 below its centre.
        let diamond = [Self.footprint("d", 100, 200 - 20 * 2.0.squareRoot(), angle: .pi / 4)]
        XCTAssertTrue(ItemSupport.unsupported(diamond, among: diamond, floor: 200, tolerance: 1).isEmpty)
    }

    func testABlockWedgedOnACornerOrInMidAirIsNotSupported() {
        // a and b fill column 1; c overlaps b by 0.65 points and rests on b's top at y = 120 instead of
        // on the floor of column 2: the corner is narrower than the tolerance and c's centre is not over it.
        let a = Self.footprint("a", 20, 180), b = Self.footprint("b", 20, 140), c = Self.footprint("c", 59.35, 100)
        let floating = Self.footprint("d", 100, 60)
        let all = [a, b, c, floating]
        let findings = ItemSupport.unsupported(all, among: all, floor: 200, tolerance: 1)
        XCTAssertEqual(findings.map(\.item.id), ["c", "d"])
        XCTAssertEqual(findings.map(\.problem), [.onCorners(of: ["b"]), .nothingBeneath])
        // A wide overlap that still misses the centre is a corner too: c 25 points right of b.
        let shifted = [a, b, Self.footprint("c", 45, 100)]
        XCTAssertEqual(ItemSupport.unsupported(shifted, among: shifted, floor: 200, tolerance: 1).map(\.problem),
                       [.onCorners(of: ["b"])])
    }

    /// Column 1 of a 120-point-wide box holds two blocks when a third is dropped beside them:
    /// centred in column 2 it falls to the floor; 0.65 points into column 1 it catches on the corner
    /// of the upper block and stays there, upright and at rest, with column 2 empty beneath it.
    private func sideBySide(thirdAt x: Double) throws -> GradeReport {
        let manifest = """
            {"slug": "wedge", "title": "Wedge", "kind": "dynamics", "points": 10,
             "lecture": {"course": "cs193p", "lecture": 8, "at": "17:11"},
             "scene": {"bounds": {"width": 120, "height": 200}, "duration": 2.5,
                       "items": [{"id": "a", "center": [20, 20], "size": [40, 40]},
                                 {"id": "b", "center": [20, 20], "size": [40, 40], "appearsAt": 0.5},
                                 {"id": "c", "center": [\(x), 20], "size": [40, 40], "appearsAt": 1}]},
             "allowedBehaviors": ["composite", "gravity", "collision", "itemBehavior"],
             "checks": [{"name": "supported", "type": "supported", "points": 10,
                         "message": "Every block rests on the floor or on the block below it."}]}
            """
        let tree = #"{"type": "composite", "children": [{"type": "gravity"}, "#
            + #"{"type": "collision", "translatesReferenceBoundsIntoBoundary": true}, "#
            + #"{"type": "itemBehavior", "allowsRotation": false}]}"#
        let exercise = try Exercise.load(files: ["exercise.json": Array(manifest.utf8), "statement.md": [],
                                                 "reference.json": Array(tree.utf8), "starter.json": Array("{}".utf8)])
        return Grader.grade(exercise, submission: tree, options: GradeOptions(pictures: false))
    }

    func testADroppedBlockThatCatchesOnACornerFailsSupported() throws {
        let wedged = try sideBySide(thirdAt: 59.35)
        let c = try XCTUnwrap(wedged.simulation?.item("c"))
        XCTAssertNotNil(c.restingAt)
        XCTAssertEqual(c.center.y, 100, accuracy: 1, "c rests on b's top, two rows above the floor")
        XCTAssertEqual(wedged.score, 0)
        XCTAssertEqual(wedged.checks[0].message, "Every block rests on the floor or on the block below it. "
                       + "c is held up at (59.4, \(NumberText.format(c.center.y, decimals: 1))) by the corner of b, with nothing under its centre.")

        let landed = try sideBySide(thirdAt: 60)
        XCTAssertEqual(try XCTUnwrap(landed.simulation?.item("c")).center.y, 180, accuracy: 1)
        XCTAssertEqual(landed.checks.map(\.passed), [true])
        XCTAssertEqual(landed.score, 10)
    }
}
