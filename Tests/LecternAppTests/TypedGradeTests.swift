import Foundation
import Grading
@testable import LecternApp
import SQLite
import Store
import XCTest

/// Grades stored as typed rows, end to end: the API's grade JSON is the grader's own, byte for
/// byte; a grade whose rows cannot be read is said to be so, never shown without checks; a regrade
/// writes the same rows, pictures included, so its page never grades either.
final class TypedGradeTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private var database: DatabasePool { fixture.app.context.database }
    private var queue: GradingQueue { fixture.app.context.gradingQueue }
    private let api = "/api/courses/cs193p/exercises/corners"

    /// What the server reported.
    private let reported = ReportedLines()

    override func setUp() async throws {
        let reported = reported
        fixture = try await CourseworkFixture(console: { reported.append($0) })
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    /// `"checks":[…],"diagnostics":[…]` as `lectern grade --json` writes them for `text`.
    private func gradersJSON(_ text: String) throws -> String {
        let exercise = try ExerciseDirectory.loadExercise(CourseworkFixture.cornersFolder)
        let json = Grader.grade(exercise, submission: text).json()
        let start = try XCTUnwrap(json.range(of: #""checks":"#)).lowerBound
        return String(json[start..<json.index(before: json.endIndex)])
    }

    func testTheAPIsChecksAndDiagnosticsAreTheGradersBytes() throws {
        for text in ["H:|-[thing1]", "H:|-8-[thing1]-(>=8)-|\nV:|-8-[thing1]", try CourseworkFixture.reference()] {
            let created = try fixture.submit(.studentA, text)
            XCTAssertEqual(created.status, 201, created.text)
            let expected = try gradersJSON(text)
            XCTAssertTrue(created.text.contains(expected + ","), "\(created.text)\nlacks\n\(expected)")
            let id = try XCTUnwrap(created.object()["id"] as? Int)
            for viewer in [CourseworkFixture.Actor.studentA, .instructor] {
                let stored = try fixture.send(viewer, "GET", "/api/submissions/\(id)")
                XCTAssertTrue(stored.text.contains(expected + ","), "read back from the rows: \(stored.text)")
            }
            let list = try fixture.send(.studentA, "GET", "\(api)/submissions?user=me")
            XCTAssertTrue(list.text.contains(expected + ","), list.text)
        }
    }

    func testAGradeWhoseRowsCannotBeReadIsShownAsSuchNeverAsNoChecks() async throws {
        let created = try fixture.submit(.studentA, "H:|-[thing1]")
        let id = try XCTUnwrap(created.object()["id"] as? Int)
        let page = try fixture.send(.studentA, "GET", "/submissions/\(id)")
        XCTAssertTrue(page.text.contains(#"class="check-list""#), page.text)
        XCTAssertFalse(page.text.contains("could not be read"))

        for corruption in ["UPDATE grade_checks SET points = 'lots' WHERE position = 0",
                           "DELETE FROM grade_checks WHERE position = 1",
                           "UPDATE submissions SET diagnostic_count = diagnostic_count + 1"] {
            try await database.write { db in try db.execute(sql: corruption) }
            for viewer in [CourseworkFixture.Actor.studentA, .instructor] {
                let broken = try fixture.send(viewer, "GET", "/submissions/\(id)")
                XCTAssertEqual(broken.status, 200, "\(corruption): the page still shows the submission")
                XCTAssertTrue(broken.text.contains("could not be read back from the database"), "\(corruption): \(broken.text)")
                XCTAssertFalse(broken.text.contains(#"class="check-list""#), corruption)
                XCTAssertTrue(broken.text.contains("Submitted text"), corruption)
                let json = try fixture.send(viewer, "GET", "/api/submissions/\(id)")
                XCTAssertEqual(json.status, 500, corruption)
                XCTAssertEqual(try json.object()["code"] as? String, "grade_unreadable", json.text)
                XCTAssertTrue(json.text.contains("submission \(id)"), json.text)
            }
            XCTAssertTrue(reported.lines.contains { $0.hasPrefix("Unreadable grade: the grade of submission \(id) could not be read: ") },
                          "logged for the operators: \(reported.lines)")
            // A regrade writes the grade afresh: the fix for a grade that cannot be read.
            let started = try fixture.send(.instructor, "POST", "\(api)/regrades")
            XCTAssertEqual(started.status, 202, started.text)
            let run = try XCTUnwrap(started.object()["id"] as? Int)
            _ = try fixture.waitForRegrade(run, status: "ready")
            XCTAssertEqual(try fixture.send(.instructor, "POST", "/api/regrades/\(run)/apply").status, 202)
            _ = try fixture.waitForRegrade(run, status: "applied")
            let mended = try fixture.send(.studentA, "GET", "/submissions/\(id)")
            XCTAssertTrue(mended.text.contains(#"class="check-list""#), "\(corruption): \(mended.text)")
            XCTAssertFalse(mended.text.contains("could not be read"), corruption)
            XCTAssertEqual(try fixture.send(.studentA, "GET", "/api/submissions/\(id)").status, 200)
        }
    }

    func testARegradeStoresTheSameRowsAndPicturesSoItsPageNeverGrades() async throws {
        let created = try fixture.submit(.studentA, "H:|-[thing1]")
        let id = try XCTUnwrap(created.object()["id"] as? Int)
        let before = try await database.read { db in try GradeDetails.find(submissionID: Int64(id), db) }
        XCTAssertFalse(try XCTUnwrap(before.pictures).isEmpty)
        let started = try fixture.send(.instructor, "POST", "\(api)/regrades")
        let run = try XCTUnwrap(started.object()["id"] as? Int)
        _ = try fixture.waitForRegrade(run, status: "ready")
        XCTAssertEqual(try fixture.send(.instructor, "POST", "/api/regrades/\(run)/apply").status, 202)
        _ = try fixture.waitForRegrade(run, status: "applied")
        let after = try await database.read { db in try GradeDetails.find(submissionID: Int64(id), db) }
        XCTAssertEqual(after, before, "the same grade, rows and pictures, written again by the regrade")
        let history = try await database.read { db in try SubmissionRecord.history(submissionID: Int64(id), db) }
        XCTAssertEqual(history.count, 1)

        let graded = queue.jobsRun
        for _ in 0..<3 {
            let page = try fixture.send(.studentA, "GET", "/submissions/\(id)")
            XCTAssertTrue(page.text.contains("<svg"), "the regrade's pictures")
        }
        XCTAssertEqual(queue.jobsRun, graded)
    }
}

/// Lines reported from several threads.
final class ReportedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ line: String) {
        lock.lock()
        items.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
