import XCTest
import Grading

/// `lectern exercises check` over the repository's `Exercises/`: every definition loads, every
/// reference scores full marks, every example gets exactly its expected score and messages, and
/// every starter can be read.
final class ShippedExercisesTests: XCTestCase {
    func testEveryShippedExerciseLoads() throws {
        XCTAssertEqual(try shippedCatalog().errors, [])
        XCTAssertEqual(try shippedCatalog().exercises.map(\.slug), [
            "attributor", "centered", "corners", "cross-view", "equal-spacing", "grab-and-swing", "push-into-zone",
            "stacked", "stats", "steady-stacks",
        ])
    }

    func testEveryShippedExercisePassesItsOwnCheck() throws {
        for exercise in try shippedCatalog().exercises {
            XCTAssertEqual(ExerciseValidator.problems(in: exercise), [], exercise.slug)
            XCTAssertFalse(exercise.examples.isEmpty, "\(exercise.slug) has no wrong submissions to pin its feedback down")
        }
    }

    func testLayoutExercisesRunInTheRequiredScenarios() throws {
        for exercise in try shippedCatalog().exercises {
            guard case .layout(let layout) = exercise.definition else { continue }
            let sizes = layout.scenarios.map { $0.layout.containerSize.map { [$0.width, $0.height] } ?? [] }
            for required in [[320.0, 568.0], [568.0, 320.0], [320.0, 480.0]] {
                XCTAssertTrue(sizes.contains(required), "\(exercise.slug) lacks \(required)")
            }
            XCTAssertEqual(exercise.lecture.course, "cs193p")
        }
    }

    func testTheSwatchLiteralIsSanctionedOnlyInAttributor() throws {
        guard case .layout(let attributor) = try shippedExercise("attributor").definition,
              case .layout(let corners) = try shippedExercise("corners").definition else {
            return XCTFail("attributor and corners are layout exercises")
        }
        XCTAssertEqual(attributor.style.allowedLiterals, [64])
        XCTAssertEqual(corners.style.allowedLiterals, [])
    }

    func testLeftoverSwatchWidthConflictsOnlyInLandscapeAndIsReported() throws {
        let exercise = try shippedExercise("attributor")
        let report = Grader.grade(exercise, submission: exercise.reference + "swatch1.width == 64\n")
        XCTAssertEqual(report.checks.filter { !$0.passed }.map(\.name), ["landscape"])
        let conflict = try XCTUnwrap(report.diagnostics.first { $0.hasPrefix("In landscape:\n") })
        XCTAssertTrue(conflict.contains("Unable to simultaneously satisfy constraints."))
        XCTAssertTrue(conflict.hasSuffix("Will attempt to recover by breaking constraint\n    line 11: swatch1.width == 64"))
    }

    func testEveryExerciseVersionIsAContentHash() throws {
        for exercise in try shippedCatalog().exercises {
            XCTAssertEqual(exercise.version.count, 64)
            XCTAssertTrue(exercise.version.allSatisfy { $0.isHexDigit })
        }
        XCTAssertEqual(Set(try shippedCatalog().exercises.map(\.version)).count, try shippedCatalog().exercises.count)
    }
}
