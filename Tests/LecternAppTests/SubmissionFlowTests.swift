import Foundation
@testable import LecternApp
import SQLite
import Store
import XCTest

/// Submitting, deadlines and attempts, the gradebook, regrades and verification, end to end.
final class SubmissionFlowTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private let api = "/api/courses/cs193p/exercises/corners"

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    private func setPolicy(_ json: String) throws {
        let response = try fixture.send(.instructor, "PUT", "\(api)/policy", contentType: "application/json", body: json)
        XCTAssertEqual(response.status, 204, response.text)
    }

    private func iso(_ offset: TimeInterval) -> String {
        ISO8601DateFormatter().string(from: Date().addingTimeInterval(offset))
    }

    func testAGradedSubmissionIsStoredWithItsProvenanceAndAnIdenticalOneReusesIt() throws {
        let reference = try CourseworkFixture.reference()
        let first = try fixture.submit(.studentA, reference)
        XCTAssertEqual(first.status, 201)
        let grade = try first.object()
        let id = try XCTUnwrap(grade["id"] as? Int)
        XCTAssertEqual(first.header("Location"), "/api/submissions/\(id)")
        XCTAssertEqual(grade["score"] as? Double, grade["maxScore"] as? Double, "the reference scores full marks")
        XCTAssertEqual(grade["attempt"] as? Int, 1)
        XCTAssertEqual(grade["graderVersion"] as? String, GraderVersion.current)
        XCTAssertEqual((grade["version"] as? String)?.count, 64)
        XCTAssertEqual(grade["submissionHash"] as? String, SubmissionText.hash(reference))
        XCTAssertFalse((grade["checks"] as? [Any] ?? []).isEmpty)

        // Trailing spaces and CRLF do not change the normalised text: the stored grade answers.
        let again = try fixture.submit(.studentA, reference.replacingOccurrences(of: "\n", with: "  \r\n") + "\n\n")
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(try again.object()["id"] as? Int, id)
        XCTAssertEqual(try again.object()["reused"] as? Bool, true)

        let wrong = try fixture.submit(.studentA, "H:|-[thing1]")
        XCTAssertEqual(wrong.status, 201)
        XCTAssertEqual(try wrong.object()["attempt"] as? Int, 2, "the reused answer did not use an attempt")
        XCTAssertLessThan(try XCTUnwrap(wrong.object()["score"] as? Double), try XCTUnwrap(grade["score"] as? Double))

        let unreadable = try fixture.submit(.studentA, "H:|-[nosuchview]-|")
        XCTAssertEqual(unreadable.status, 422, "an unreadable submission is refused with its diagnostics")
        let refusal = try unreadable.object()
        XCTAssertEqual(refusal["code"] as? String, "unreadable")
        XCTAssertTrue((refusal["errors"] as? [[String: Any]] ?? []).contains { ($0["message"] as? String ?? "").contains("nosuchview") },
                      unreadable.text)

        let list = try XCTUnwrap(try fixture.send(.studentA, "GET", "\(api)/submissions?user=me").json() as? [[String: Any]])
        XCTAssertEqual(list.compactMap { $0["attempt"] as? Int }, [2, 1], "the unreadable one used no attempt")
        XCTAssertEqual(try fixture.send(.studentA, "GET", "/api/submissions/\(id)").object()["text"] as? String, reference)
        let json = try fixture.send(.anonymous, "POST", api + "/submissions", contentType: "application/json", body: #"{"text":"x"}"#)
        XCTAssertEqual(json.status, 401)
        let viaJSON = try fixture.send(.studentB, "POST", api + "/submissions", contentType: "application/json",
                                       body: String(decoding: try JSONSerialization.data(withJSONObject: ["text": reference]), as: UTF8.self))
        XCTAssertEqual(viaJSON.status, 201)

        let moment = try ExerciseDirectory.loadExercise(CourseworkFixture.cornersFolder).lecture
        let exercisePage = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners")
        XCTAssertTrue(exercisePage.text.contains(#"href="/courses/cs193p/lectures/\#(moment.lecture)?t=\#(moment.seconds)#t\#(moment.seconds)""#),
                      "the page links the lecture moment that teaches the exercise")

        let page = try fixture.send(.studentA, "GET", "/submissions/\(id)")
        XCTAssertTrue(page.text.contains("<svg"), "the result page shows the pictures")
        XCTAssertTrue(page.text.contains("100 / 100"), page.text)
    }

    func testDeadlinesAttemptsCooldownExtensionsAndLatePenalties() async throws {
        try setPolicy(#"{"dueAt":"\#(iso(-1.5 * 86_400))","latePenaltyPerDay":0.1,"latePenaltyCap":0.5}"#)
        let late = try fixture.submit(.studentA, try CourseworkFixture.reference())
        XCTAssertEqual(late.status, 201)
        XCTAssertEqual(try late.object()["latePenalty"] as? Double ?? 0, 0.2, accuracy: 1e-9, "two started days late")
        XCTAssertEqual(try late.object()["countedScore"] as? Double ?? 0, 80, accuracy: 1e-9)

        let extended = try fixture.send(.instructor, "POST", "\(api)/extensions", contentType: "application/json",
                                        body: #"{"username":"bob","dueAt":"\#(iso(86_400))","reason":"ill"}"#)
        XCTAssertEqual(extended.status, 204)
        XCTAssertEqual(try fixture.submit(.studentB, try CourseworkFixture.reference()).object()["latePenalty"] as? Double, 0)

        try setPolicy(#"{"closesAt":"\#(iso(-60))"}"#)
        let closed = try fixture.submit(.studentA, "H:|-[thing1]")
        XCTAssertEqual(closed.status, 403)
        XCTAssertTrue(closed.text.contains("closed"), closed.text)

        try setPolicy(#"{"maxAttempts":2,"cooldownSeconds":3600}"#)
        let cooling = try fixture.submit(.studentA, "H:|-[thing1]")
        XCTAssertEqual(cooling.status, 429)
        XCTAssertNotNil(cooling.header("Retry-After"))
        XCTAssertEqual(try fixture.submit(.studentA, try CourseworkFixture.reference()).status, 200,
                       "an identical resubmission is answered even during the cooldown")

        try setPolicy(#"{"maxAttempts":1}"#)
        XCTAssertEqual(try fixture.submit(.studentA, "H:|-[thing1]").status, 409)

        let page = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners")
        XCTAssertTrue(page.text.contains("Attempts: 1 of 1 used."), page.text)

        let audit = try XCTUnwrap(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").json() as? [[String: Any]])
        XCTAssertTrue(audit.contains { $0["action"] as? String == "extension.grant" })

        // The same rules through the instructor's form, times in UTC.
        let form = "dueAt=2031-02-03T04%3A05&latePenaltyPerDay=25&latePenaltyCap=50&maxAttempts=4&cooldownSeconds=0&scorePolicy=last"
        let saved = try fixture.send(.instructor, "POST", "/courses/cs193p/exercises/corners/policy",
                                     contentType: "application/x-www-form-urlencoded", body: form)
        XCTAssertEqual(saved.status, 303, saved.text)
        let record = try await fixture.app.context.database.read { db in try ExerciseRecord.find(id: 1, db) }
        XCTAssertEqual(record?.dueAt, ISO8601DateFormatter().date(from: "2031-02-03T04:05:00Z"))
        XCTAssertEqual(record?.latePenaltyPerDay, 0.25)
        XCTAssertEqual(record?.maxAttempts, 4)
        XCTAssertEqual(record?.scorePolicy, .last)
        let refused = try fixture.send(.instructor, "POST", "/courses/cs193p/exercises/corners/policy",
                                       contentType: "application/x-www-form-urlencoded", body: "latePenaltyCap=150")
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.text.contains("latePenaltyCap"), refused.text)
    }

    func testTheGradebookCountsBestOrLastAndExportsCSVAndJSON() throws {
        let reference = try CourseworkFixture.reference()
        XCTAssertEqual(try fixture.submit(.studentA, reference).status, 201)
        let worse = try fixture.submit(.studentA, "H:|-[thing1]")
        let worseScore = try XCTUnwrap(worse.object()["score"] as? Double)

        var book = try fixture.send(.instructor, "GET", "/api/courses/cs193p/gradebook").object()
        var students = try XCTUnwrap(book["students"] as? [[String: Any]])
        XCTAssertEqual(students.compactMap { $0["username"] as? String }, ["alice", "bob"])
        var alice = try XCTUnwrap((students[0]["scores"] as? [String: Any])?["corners"] as? [String: Any])
        XCTAssertEqual(alice["counted"] as? Double, 100)
        XCTAssertEqual(alice["attempts"] as? Int, 2)
        XCTAssertTrue((students[1]["scores"] as? [String: Any])?["corners"].map { ($0 as? [String: Any])?["counted"] is NSNull } ?? false)

        try setPolicy(#"{"scorePolicy":"last"}"#)
        book = try fixture.send(.instructor, "GET", "/api/courses/cs193p/gradebook").object()
        students = try XCTUnwrap(book["students"] as? [[String: Any]])
        alice = try XCTUnwrap((students[0]["scores"] as? [String: Any])?["corners"] as? [String: Any])
        XCTAssertEqual(alice["counted"] as? Double, worseScore)

        let csv = try fixture.send(.instructor, "GET", "/api/courses/cs193p/gradebook.csv")
        XCTAssertEqual(csv.header("Content-Type"), "text/csv; charset=utf-8")
        let lines = csv.text.components(separatedBy: "\r\n")
        XCTAssertEqual(lines[0], "username,name,corners,total")
        XCTAssertEqual(lines[1], "points possible,,100,100")
        XCTAssertEqual(lines[2], "alice,Alice Liddell,\(PageFormat.score(worseScore)),\(PageFormat.score(worseScore))")
        XCTAssertEqual(lines[3], "bob,Bob,,0")

        let sorted = try fixture.send(.instructor, "GET", "/courses/cs193p/gradebook?sort=total&filter=bo")
        XCTAssertTrue(sorted.text.contains(">Bob<") && !sorted.text.contains(">Alice Liddell<"), sorted.text)
    }

    func testARegradeRunsDryThenAppliesKeepingTheOldGradesInHistory() async throws {
        let created = try fixture.submit(.studentA, "H:|-[thing1]")
        let id = try XCTUnwrap(created.object()["id"] as? Int)
        let before = try XCTUnwrap(created.object()["score"] as? Double)

        // Pretend the stored grade came from an older exercise version that was more generous.
        try await fixture.app.context.database.write { db in
            try db.execute(sql: "UPDATE submissions SET score = 100, exercise_version = 'old' WHERE id = ?", arguments: [id])
        }
        let verify = try fixture.send(.instructor, "POST", "/api/submissions/\(id)/verify").object()
        XCTAssertEqual(verify["reproduced"] as? Bool, false, "the tampered grade does not reproduce")

        let started = try fixture.send(.instructor, "POST", "\(api)/regrades")
        XCTAssertEqual(started.status, 202)
        let run = try XCTUnwrap(started.object()["id"] as? Int)
        let ready = try fixture.waitForRegrade(run, status: "ready")
        XCTAssertEqual(ready["total"] as? Int, 1)
        let comparison = try XCTUnwrap(ready["students"] as? [[String: Any]])
        XCTAssertEqual(comparison.first?["username"] as? String, "alice")
        XCTAssertEqual(comparison.first?["before"] as? Double, 100)
        XCTAssertEqual(comparison.first?["after"] as? Double, before)
        XCTAssertEqual(try fixture.send(.studentA, "GET", "/api/submissions/\(id)").object()["score"] as? Double, 100,
                       "a dry run changes nothing that counts")

        let readyPage = try fixture.send(.instructor, "GET", "/courses/cs193p/regrades/\(run)")
        XCTAssertEqual(readyPage.status, 200)
        XCTAssertNil(readyPage.header("Refresh"), "a finished dry run's page stays put")
        try await fixture.app.context.database.write { db in  // as seen while the run is still working
            try db.execute(sql: "UPDATE regrade_runs SET status = 'dry-run' WHERE id = ?", arguments: [run])
        }
        let workingPage = try fixture.send(.instructor, "GET", "/courses/cs193p/regrades/\(run)")
        XCTAssertEqual(workingPage.header("Refresh"), "2", "the page follows the run by reloading itself")
        XCTAssertTrue(workingPage.text.contains("reloads itself"), workingPage.text)
        try await fixture.app.context.database.write { db in
            try db.execute(sql: "UPDATE regrade_runs SET status = 'ready' WHERE id = ?", arguments: [run])
        }

        XCTAssertEqual(try fixture.send(.instructor, "POST", "/api/regrades/\(run)/apply").status, 202)
        _ = try fixture.waitForRegrade(run, status: "applied")
        let after = try fixture.send(.studentA, "GET", "/api/submissions/\(id)").object()
        XCTAssertEqual(after["score"] as? Double, before)
        XCTAssertNotEqual(after["version"] as? String, "old")
        XCTAssertEqual(try fixture.send(.instructor, "POST", "/api/submissions/\(id)/verify").object()["reproduced"] as? Bool, true)

        let history = try await fixture.app.context.database.read { db in try SubmissionRecord.history(submissionID: Int64(id), db) }
        XCTAssertEqual(history.map(\.score), [100])
        XCTAssertEqual(history.map(\.exerciseVersion), ["old"])
        let audit = try XCTUnwrap(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").json() as? [[String: Any]])
        XCTAssertTrue(audit.contains { $0["action"] as? String == "regrade.apply" && $0["subject"] as? String == "regrade:\(run)" })
        let auditPage = try fixture.send(.instructor, "GET", "/courses/cs193p/audit")
        XCTAssertEqual(auditPage.status, 200)
        XCTAssertTrue(auditPage.text.contains("<code>regrade.apply</code>") && auditPage.text.contains("regrade:\(run)"),
                      auditPage.text)
        XCTAssertTrue(auditPage.text.contains("<td>ines</td>"), "the actor is named by username")
        let page = try fixture.send(.instructor, "GET", "/submissions/\(id)")
        XCTAssertTrue(page.text.contains("Earlier grades"), "instructors see the grade history")
    }
}
