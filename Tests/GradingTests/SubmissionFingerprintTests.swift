import XCTest
import Grading

/// Canonical forms for similarity: the same work written differently has the same fingerprint;
/// different work does not.
final class SubmissionFingerprintTests: XCTestCase {
    func testLayoutsEqualUpToGuideAndMetricNamesLineOrderFormattingAndDirection() throws {
        let exercise = try shippedExercise("corners")
        let original = """
            guide spacer
            metric gap = 30
            H:|-gap-[thing1]
            V:|-[thing1]
            thing2.trailing == superview.trailingMargin
            V:[thing2]-|
            spacer.width == thing1.width
            spacer.leading == thing1.trailing
            """
        let renamed = """
            metric inset = 30
            guide filler
            V:[thing2]-|
            superview.trailingMargin   ==   thing2.trailing

            filler.leading == thing1.trailing
            H:|-inset-[thing1]
            thing1.width == filler.width
            V:|-[thing1]
            """
        let different = """
            H:|-[thing1]
            V:|-[thing1]
            H:[thing2]-|
            V:[thing2]-40-|
            """
        let a = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: original))
        let b = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: renamed))
        let c = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: different))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.similarity(to: b), 1)
        XCTAssertEqual(a.size, 6)
        XCTAssertLessThan(a.similarity(to: c), 0.5)
        XCTAssertEqual(a.similarity(to: c), c.similarity(to: a), "symmetric")
        XCTAssertNil(SubmissionFingerprint.make(exercise, text: "H:|-[nope]"), "unreadable work has no fingerprint")
    }

    func testAStoryboardOrCodeFormHasTheFingerprintOfItsText() throws {
        let exercise = try shippedExercise("corners")
        let text = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: exercise.reference))
        let swift = try String(contentsOf: exercisesFolder.appendingPathComponent("corners/reference.swift"), encoding: .utf8)
        let fromCode = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: swift))
        XCTAssertEqual(text.similarity(to: fromCode), 1)
    }

    func testBehaviorTreesEqualUpToChildOrderUnscriptedIdsAndNumberSpelling() throws {
        let exercise = try shippedExercise("grab-and-swing")
        let original = """
            {"type": "composite", "children": [
              {"type": "gravity", "magnitude": 1.0, "id": "g1"},
              {"type": "collision", "translatesReferenceBoundsIntoBoundary": true},
              {"type": "attachment", "id": "grab", "item": "drop", "anchor": [60, 100]}
            ]}
            """
        let reordered = """
            {"children": [{"anchor": [60.0, 100], "item": "drop", "type": "attachment", "id": "grab"},
              {"translatesReferenceBoundsIntoBoundary": true, "type": "collision"}, {"type": "gravity", "magnitude": 1, "id": "pull"}],
             "type": "composite"}
            """
        let renamedScripted = original.replacingOccurrences(of: #""grab""#, with: #""hold""#)
        let a = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: original))
        let b = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: reordered))
        let c = try XCTUnwrap(SubmissionFingerprint.make(exercise, text: renamedScripted))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.size, 4)
        XCTAssertLessThan(a.similarity(to: c), 1, "the ids the script names are part of the work")
    }
}
