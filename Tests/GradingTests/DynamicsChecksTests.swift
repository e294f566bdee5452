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

