import Foundation
import XCTest
import AutoLayout
import Grading
import InterfaceBuilder

/// Every layout exercise's reference, written as a storyboard and read back, has the same
/// constraints and gets full marks.
final class ExerciseRoundTripTests: XCTestCase {
    /// The shipped layout exercises; throws when they are not all there.
    private func layoutExercises() throws -> [(Exercise, LayoutExercise)] {
        try shippedCatalog().exercises.compactMap { exercise in
            if case .layout(let layout) = exercise.definition { return (exercise, layout) }
            return nil
        }
    }

    func testTheExercisesFolderHasLayoutExercises() throws {
        XCTAssertEqual(try shippedCatalog().errors, [])
        XCTAssertGreaterThanOrEqual(try layoutExercises().count, 7)
    }

    func testReferenceToStoryboardAndBackKeepsTheConstraintsAndFullMarks() throws {
        for (exercise, layout) in try layoutExercises() {
            let original = try LayoutDocument.parse(exercise.reference, extending: layout.views)
            let storyboard = try StoryboardExporter.storyboard(for: original, scenario: layout.scenarios[0].layout,
                                                               name: exercise.slug)
            guard let conversion = convert(Array(storyboard.utf8)), let back = parsed(conversion) else { continue }
            XCTAssertEqual(canonical(back), canonical(original), exercise.slug)
            XCTAssertEqual(conversion.conversion.size, layout.scenarios[0].layout.containerSize, exercise.slug)
            let submission = conversion.conversion.submissionText(declaredViews: layout.views)
            let report = Grader.grade(exercise, submission: submission, options: GradeOptions(pictures: false))
            XCTAssertEqual(report.score, exercise.points, "\(exercise.slug):\n\(submission)\n\(report.diagnostics)")
        }
    }

    func testExportIsDeterministicAndReadableXML() throws {
        for (exercise, layout) in try layoutExercises() {
            let first = try StoryboardExporter.storyboard(views: layout.views, text: exercise.starter,
                                                          scenario: layout.scenarios[0].layout, name: exercise.slug)
            let second = try StoryboardExporter.storyboard(views: layout.views, text: exercise.starter,
                                                           scenario: layout.scenarios[0].layout, name: exercise.slug)
            XCTAssertEqual(first, second)
            XCTAssertTrue(first.contains("type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\""))
            // Every id has Interface Builder's shape.
            let ids = first.split(separator: "\"").filter { $0.count == 10 && $0.filter { $0 == "-" }.count == 2 }
            XCTAssertFalse(ids.isEmpty)
            for id in ids {
                let parts = id.split(separator: "-")
                XCTAssertEqual(parts.map(\.count), [3, 2, 3], String(id))
            }
            XCTAssertNotNil(convert(Array(first.utf8)), exercise.slug)
        }
    }

    func testShippedStoryboardsGradeLikeTheirTextForms() throws {
        for (exercise, layout) in try layoutExercises() {
            let folder = exercisesFolder.appendingPathComponent(exercise.slug)
            let reference = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent("reference.storyboard").path),
                                          "\(exercise.slug) ships no reference.storyboard")
            let converted = try InterfaceBuilder.convert([UInt8](reference))
            let report = Grader.grade(exercise, submission: converted.conversion.submissionText(declaredViews: layout.views),
                                      options: GradeOptions(pictures: false))
            XCTAssertEqual(report.score, exercise.points, "\(exercise.slug): \(report.diagnostics)")
            let starter = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent("starter.storyboard").path),
                                        "\(exercise.slug) ships no starter.storyboard")
            let starterBack = try LayoutDocument.parse(try InterfaceBuilder.convert([UInt8](starter)).conversion.document)
            XCTAssertEqual(canonical(starterBack), canonical(try LayoutDocument.parse(exercise.starter, extending: layout.views)),
                           exercise.slug)
        }
    }
}
