import Foundation
@testable import LecternApp
import SQLite
import Store
import XCTest

/// One student cannot stall grading: one submission in grading per user (429 at once for more),
/// attempts reserved before grading, unreadable and over-budget submissions refused without using
/// an attempt, and viewing or verifying a submission never grading it again.
final class GradingFairnessTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private let api = "/api/courses/cs193p/exercises/corners"
    private var queue: GradingQueue { fixture.app.context.gradingQueue }
    private var database: DatabasePool { fixture.app.context.database }

    override func setUp() async throws {
        fixture = try await CourseworkFixture(extraExercises: ["steady-stacks"])
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    private func userID(_ username: String) async throws -> Int64 {
        let user = try await database.read { db in try User.find(username: username, db) }
        return try XCTUnwrap(user).id
    }

    /// A function that submits to `corners` as `actor` from any thread and returns the status.
    private func submitter(_ actor: CourseworkFixture.Actor) throws -> @Sendable (String) -> Int {
        let client = fixture.client
        let token = try XCTUnwrap(fixture.tokens[actor])
        let path = api + "/submissions"
        return { text in
            (try? client.send("POST", path, headers: ["Authorization": "Bearer \(token)", "Content-Type": "text/plain"],
                              body: Array(text.utf8)).status) ?? -1
        }
    }

    private func count(_ query: @escaping @Sendable (Connection) throws -> Int) async throws -> Int {
        try await database.read(query)
    }

    private func setPolicy(_ json: String) throws {
        let response = try fixture.send(.instructor, "PUT", "\(api)/policy", contentType: "application/json", body: json)
        XCTAssertEqual(response.status, 204, response.text)
    }

    func testASecondSubmissionWhileOneIsInGradingIsRefusedAtOnceWithRetryAfter() async throws {
        let first = try fixture.submit(.studentA, try CourseworkFixture.reference())
        XCTAssertEqual(first.status, 201)
        let id = try XCTUnwrap(first.object()["id"] as? Int)
        let alice = try await userID("alice")
        let held = try queue.admit(userID: alice)  // as if a submission of alice's were being graded
        let graded = queue.jobsRun

        let api = try fixture.submit(.studentA, "H:|-[thing1]")
        XCTAssertEqual(api.status, 429, api.text)
        XCTAssertNotNil(api.header("Retry-After"))
        XCTAssertTrue(api.text.contains("grading_in_progress"), api.text)

        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let form = try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("csrf=\(csrf)&text=H%3A%7C-%5Bthing2%5D".utf8))
        XCTAssertEqual(form.status, 429, form.text)
        XCTAssertNotNil(form.header("Retry-After"))
        XCTAssertTrue(form.text.contains("still being graded"), form.text)

        let verify = try fixture.send(.studentA, "POST", "/api/submissions/\(id)/verify")
        XCTAssertEqual(verify.status, 429, verify.text)
        XCTAssertEqual(queue.jobsRun, graded, "refused before any grading")

        XCTAssertEqual(try fixture.submit(.studentB, "H:|-[thing1]").status, 201, "another student is not held up")
        queue.release(held)
        XCTAssertEqual(try fixture.submit(.studentA, "H:|-[thing1]").status, 201)
    }

    func testConcurrentSubmissionsOfOneStudentAreNotGradedPastTheAttemptLimit() async throws {
        try setPolicy(#"{"maxAttempts":1}"#)
        let graded = queue.jobsRun
        let reference = try CourseworkFixture.reference()
        let statuses = LockedArray()
        let submit = try submitter(.studentA)
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            statuses.append(submit(reference + "\n# copy \(index)\n"))
        }
        let all = statuses.values.sorted()
        XCTAssertEqual(all.filter { $0 == 201 }.count, 1, "\(all)")
        XCTAssertTrue(all.allSatisfy { [201, 409, 429].contains($0) }, "\(all)")
        XCTAssertEqual(queue.jobsRun - graded, 1, "only the accepted attempt was graded")
        let stored = try await count { db in try SubmissionRecord.count(db) }
        XCTAssertEqual(stored, 1)
        let counted1 = try await count { db in try SubmissionReservation.count(db) }
        XCTAssertEqual(counted1, 0)
    }

    func testTheAttemptIsReservedBeforeGradingStarts() async throws {
        try setPolicy(#"{"maxAttempts":1,"cooldownSeconds":3600}"#)
        // Occupy every grading slot, so that alice's submission waits for its turn after the rules passed.
        let gate = DispatchSemaphore(value: 0)
        var blockers: [Task<Void, any Error>] = []
        for slot in 0..<queue.slots {
            let place = try queue.admit(userID: 1_000_000 + Int64(slot))
            blockers.append(Task { [queue] in
                defer { queue.release(place) }
                try await queue.run(place) { gate.wait() }
            })
        }
        let alice = try await userID("alice")
        let result = LockedArray()
        let reference = try CourseworkFixture.reference()
        let submit = try submitter(.studentA)
        Thread { result.append(submit(reference)) }.start()

        var reserved = 0
        for _ in 0..<400 where reserved == 0 {
            reserved = try await count { db in try SubmissionReservation.count(db) }
            if reserved == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        XCTAssertEqual(reserved, 1, "the attempt is taken while the submission waits to be graded")
        let attempts = try await database.read { db in try SubmissionRecord.attempts(userID: alice, exerciseID: 1, db) }
        XCTAssertEqual(attempts.count, 1)
        let counted2 = try await count { db in try SubmissionRecord.count(db) }
        XCTAssertEqual(counted2, 0, "not graded yet")

        for _ in blockers { gate.signal() }
        for blocker in blockers { try await blocker.value }
        for _ in 0..<400 where result.values.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertEqual(result.values, [201])
        let counted3 = try await count { db in try SubmissionReservation.count(db) }
        XCTAssertEqual(counted3, 0, "the submission replaced it")
        let cooling = try fixture.submit(.studentA, "H:|-[thing1]")
        XCTAssertEqual(cooling.status, 409, "one attempt, used")
    }

    func testUnreadableAndOverBudgetSubmissionsAre422WithoutUsingAnAttempt() async throws {
        try setPolicy(#"{"maxAttempts":1}"#)
        let unreadable = try fixture.submit(.studentA, "V:|-[nothing(((")
        XCTAssertEqual(unreadable.status, 422, unreadable.text)
        XCTAssertTrue(unreadable.text.contains("diagnostics"), unreadable.text)

        var children = [#"{"type":"gravity","magnitude":1.0}"#]
        for c in 0..<63 {
            let segments = (0..<15).map { b in #"{"id":"c\#(c)b\#(b)","from":[\#(5 + b * 20),470],"to":[\#(15 + b * 20),470]}"# }
            children.append(#"{"type":"collision","translatesReferenceBoundsIntoBoundary":true,"boundaries":[\#(segments.joined(separator: ","))]}"#)
        }
        let attack = #"{"type":"composite","children":[\#(children.joined(separator: ","))]}"#
        let graded = queue.jobsRun
        let expensive = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/steady-stacks/submissions",
                                         contentType: "text/plain", body: attack)
        XCTAssertEqual(expensive.status, 422, expensive.text)
        XCTAssertTrue(expensive.text.contains("63 collision behaviors × 15 boundaries each"), expensive.text)
        XCTAssertEqual(queue.jobsRun - graded, 1, "refused inside its one grading job, before simulating")

        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let hostile = "<script>alert(1)</script>".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let form = try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("csrf=\(csrf)&text=\(hostile)".utf8))
        XCTAssertEqual(form.status, 422)
        XCTAssertTrue(form.text.contains("Diagnostics"), form.text)
        XCTAssertFalse(form.text.contains("<script>"), "diagnostics and text are escaped")

        let counted4 = try await count { db in try SubmissionRecord.count(db) }
        XCTAssertEqual(counted4, 0)
        let counted5 = try await count { db in try SubmissionReservation.count(db) }
        XCTAssertEqual(counted5, 0, "reservations released")
        XCTAssertEqual(try fixture.submit(.studentA, try CourseworkFixture.reference()).status, 201, "the one attempt is still there")
    }

    func testTheConfiguredBudgetsApplyToEveryGrade() async throws {
        await fixture.stop()
        fixture = try await CourseworkFixture(extraExercises: ["steady-stacks"]) { configuration in
            configuration.gradingLimits.maxSimulationUnits = 1_000_000
        }
        let reference = try String(contentsOfFile: CourseworkFixture.exerciseFolder("steady-stacks") + "/reference.json",
                                   encoding: .utf8)
        let refused = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/steady-stacks/submissions",
                                       contentType: "text/plain", body: reference)
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertTrue(refused.text.contains("at most 1,000,000"), refused.text)
        XCTAssertEqual(try fixture.submit(.studentA, try CourseworkFixture.reference()).status, 201, "layouts keep their budget")
    }

    func testViewingOrVerifyingASubmissionNeverGradesItAgain() async throws {
        let created = try fixture.submit(.studentA, try CourseworkFixture.reference())
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.object()["id"] as? Int)
        let graded = queue.jobsRun
        for viewer in [CourseworkFixture.Actor.studentA, .studentA, .instructor] {
            let page = try fixture.send(viewer, "GET", "/submissions/\(id)")
            XCTAssertEqual(page.status, 200)
            XCTAssertTrue(page.text.contains("<svg"), "the stored pictures are shown")
        }
        XCTAssertEqual(queue.jobsRun, graded, "viewing reads the pictures stored with the grade")

        let verified = try fixture.send(.instructor, "POST", "/api/submissions/\(id)/verify").object()
        XCTAssertEqual(verified["reproduced"] as? Bool, true)
        XCTAssertEqual(queue.jobsRun, graded + 1)
        let again = try fixture.send(.studentA, "POST", "/api/submissions/\(id)/verify").object()
        XCTAssertEqual(again["reproduced"] as? Bool, true)
        XCTAssertEqual(again["recomputedScore"] as? Double, verified["recomputedScore"] as? Double)
        XCTAssertEqual(queue.jobsRun, graded + 1, "verified once per grade and grader")

        // A grade stored without pictures (before they were kept) is shown without them, saying so:
        // viewing never draws them, so it never grades.
        try await database.write { db in
            try db.execute(sql: "DELETE FROM grade_pictures")
            try db.execute(sql: "UPDATE submissions SET picture_count = NULL")
        }
        for _ in 0..<5 {
            let page = try fixture.send(.studentA, "GET", "/submissions/\(id)")
            XCTAssertEqual(page.status, 200)
            XCTAssertFalse(page.text.contains("<svg"))
            XCTAssertTrue(page.text.contains("No pictures were kept for this grade."), page.text)
            XCTAssertTrue(page.text.contains("100 / 100"))
        }
        XCTAssertEqual(queue.jobsRun, graded + 1, "only the verification graded")
    }
}

/// Values appended from several threads.
final class LockedArray: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []

    func append(_ value: Int) {
        lock.lock()
        items.append(value)
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
