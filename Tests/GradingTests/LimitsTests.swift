import XCTest
import Grading

/// Every submission limit gives a clear message with a location, and a rejected report.
final class LimitsTests: XCTestCase {
    private func corners() throws -> Exercise { try Exercise.load(files: cornersFiles()) }

    func testTooLargeSubmissionIsRejectedBeforeParsing() throws {
        let text = String(repeating: "# padding padding padding padding padding padding padding padding\n", count: 1100)
        let report = Grader.grade(try corners(), submission: text)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertEqual(report.exitStatus, 2)
        XCTAssertEqual(report.diagnostics, ["1:1: the submission is \(text.utf8.count) bytes long; at most 65536 bytes (64 KiB) are accepted"])
        XCTAssertEqual(report.score, 0)
        XCTAssertEqual(report.checks, [])
    }

    func testTooManyLinesIsRejected() throws {
        let report = Grader.grade(try corners(), submission: String(repeating: "\n", count: 500))
        XCTAssertEqual(report.diagnostics, ["501:1: the submission has more than 500 lines; at most 500 are accepted"])
        XCTAssertEqual(Grader.grade(try corners(), submission: String(repeating: "\n", count: 499)).outcome, .graded)
    }

    func testTooManyGuidesIsRejectedAtTheFirstGuideTooMany() throws {
        let text = (1...101).map { "guide g\($0)" }.joined(separator: "\n")
        let report = Grader.grade(try corners(), submission: text)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertEqual(report.diagnostics, ["101:7: too many guides: at most 100 may be declared"])
    }

    func testTooManyBehaviorsIsRejected() throws {
        let exercise = try shippedExercise("steady-stacks")
        let children = Array(repeating: #"{"type": "gravity"}"#, count: 200).joined(separator: ",")
        let report = Grader.grade(exercise, submission: #"{"type": "composite", "children": [\#(children)]}"#)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertEqual(report.diagnostics, ["$.children[199]: the behavior tree has more than 200 behaviors; at most 200 are accepted"])
    }

    func testSmallerLimitsCanBeConfigured() throws {
        let limits = SubmissionLimits(maxBytes: 10, maxLines: 500, maxGuides: 1, maxConstraints: 1, maxBehaviors: 1)
        let report = Grader.grade(try corners(), submission: "H:|-[thing1]", options: GradeOptions(limits: limits))
        XCTAssertEqual(report.diagnostics, ["1:1: the submission is 12 bytes long; at most 10 bytes are accepted"])
    }
}

extension LimitsTests {
    func testTooManyConstraintsIsRejectedAtTheLineThatOverflows() throws {
        let text = Array(repeating: "H:|-[thing1]-|", count: 126).joined(separator: "\n")
        let report = Grader.grade(try corners(), submission: text)
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertEqual(report.diagnostics, ["126:1: too many constraints: at most 250"])
    }

    func testManyConflictsAreNamedBrieflyAndListedInFull() throws {
        let text = (1...6).map { "thing1.width == \($0 * 10)" }.joined(separator: "\n") + "\nH:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\nV:[thing2]-|"
        let report = Grader.grade(try corners(), submission: text)
        XCTAssertEqual(report.checks[0].message, "In portrait, the constraints conflict: UIKit would break line 2 'thing1.width == 20', "
                       + "line 3 'thing1.width == 30', line 4 'thing1.width == 40' and 2 more to recover. "
                       + "The full report is in the diagnostics.")
        XCTAssertEqual(report.diagnostics.filter { $0.hasPrefix("In portrait:\n") }.count, 5)
    }
}

extension LimitsTests {
    func testConflictsPastTheAnalysisLimitAreCountedOneByOne() throws {
        let text = (1...15).map { "thing1.width == \($0 * 10)" }.joined(separator: "\n") + "\nH:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\nV:[thing2]-|"
        let report = Grader.grade(try corners(), submission: text)
        XCTAssertEqual(report.checks[0].message, "In portrait, the constraints conflict: UIKit would break line 2 'thing1.width == 20', "
                       + "line 3 'thing1.width == 30', line 4 'thing1.width == 40' and 11 more to recover. "
                       + "The full report is in the diagnostics.")
    }
}
