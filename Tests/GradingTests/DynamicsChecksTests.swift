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
