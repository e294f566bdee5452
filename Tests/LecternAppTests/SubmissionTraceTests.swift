import Foundation
import HTTPTesting
@testable import LecternApp
import SQLite
import Store
import XCTest

/// What one submission costs, end to end through the real server and database file: the browser
/// form's POST (grade, store, redirect) and the feedback page it redirects to, counted in database
/// round trips, statements and gradings. The counts are upper bounds, not timings.
final class SubmissionTraceTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private var database: DatabasePool { fixture.app.context.database }
    private var queue: GradingQueue { fixture.app.context.gradingQueue }

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
        // The score delivery loop polls the database on its own; once it has ended, only the requests count.
        await fixture.app.context.lti.stopAndWait()
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    /// The cost of one request: database work and gradings.
    private struct Cost: CustomStringConvertible {
        let database: PoolStatistics
        let gradings: Int
        var description: String { "\(database), \(gradings) gradings" }
    }

    private func measure(_ request: () throws -> TestResponse) rethrows -> (TestResponse, Cost) {
        let before = database.statistics
        let graded = queue.jobsRun
        let response = try request()
        return (response, Cost(database: database.statistics - before, gradings: queue.jobsRun - graded))
    }

    func testTheFormSubmissionAndItsFeedbackPage() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let text = try XCTUnwrap(try CourseworkFixture.reference().addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let (posted, submitting) = try measure {
            try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: [
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
            ], body: Array("csrf=\(csrf)&text=\(text)".utf8))
        }
        XCTAssertEqual(posted.status, 303, posted.text)
        let location = try XCTUnwrap(posted.header("Location"))
        XCTAssertTrue(location.hasPrefix("/submissions/"), location)
        let (page, viewing) = try measure { try fixture.client.send("GET", location, headers: ["Cookie": cookie]) }
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertTrue(page.text.contains("100 / 100"), page.text)
        XCTAssertTrue(page.text.contains("<svg"), "the pictures stored with the grade")
        print("trace: POST submission: \(submitting); GET feedback page: \(viewing)")
        XCTAssertEqual(submitting.gradings, 1, "graded once")
        XCTAssertEqual(viewing.gradings, 0, "viewing never grades")
        // The POST: the session, the course access, then one write to find the exercise and reserve
        // the attempt and one to store the graded submission. The page: the session, everything the
        // page shows in one read; a launched session's framers come with the session.
        XCTAssertLessThanOrEqual(submitting.database.reads, 2, "\(submitting)")
        XCTAssertLessThanOrEqual(submitting.database.writes, 2, "\(submitting)")
        XCTAssertLessThanOrEqual(submitting.database.statements, 32, "\(submitting)")
        XCTAssertLessThanOrEqual(viewing.database.reads, 2, "the session (with its launch framers), then one read for the page: \(viewing)")
        XCTAssertEqual(viewing.database.writes, 0, "\(viewing)")
        XCTAssertLessThanOrEqual(viewing.database.statements, 16, "\(viewing)")
    }

    func testViewingASubmissionManyTimesNeverGrades() throws {
        let created = try fixture.submit(.studentA, "H:|-[thing1]")
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap(created.object()["id"] as? Int)
        for viewer in [CourseworkFixture.Actor.studentA, .instructor, .admin] {
            for path in ["/submissions/\(id)", "/api/submissions/\(id)"] {
                for _ in 0..<4 {
                    let (response, cost) = try measure { try fixture.send(viewer, "GET", path) }
                    XCTAssertEqual(response.status, 200, response.text)
                    XCTAssertEqual(cost.gradings, 0, "\(viewer) \(path)")
                    XCTAssertEqual(cost.database.writes, 0, "\(viewer) \(path): \(cost)")
                    XCTAssertLessThanOrEqual(cost.database.reads, 2, "\(viewer) \(path): the token, then one read: \(cost)")
                }
            }
        }
    }

    func testTheAPISubmissionIsTwoReadsAndTwoWritesAroundOneGrading() throws {
        let (created, cost) = try measure { try fixture.submit(.studentA, "H:|-[thing1]") }
        XCTAssertEqual(created.status, 201, created.text)
        print("trace: POST API submission: \(cost)")
        XCTAssertEqual(cost.gradings, 1)
        XCTAssertLessThanOrEqual(cost.database.reads, 2, "the token and the course: \(cost)")
        XCTAssertEqual(cost.database.writes, 2, "admission and the graded submission: \(cost)")
    }

    func testAnIdenticalResubmissionAnswersInOneWriteWithoutGrading() throws {
        let reference = try CourseworkFixture.reference()
        XCTAssertEqual(try fixture.submit(.studentA, reference).status, 201)
        let (again, cost) = try measure { try fixture.submit(.studentA, reference + "\n") }
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertEqual(try again.object()["reused"] as? Bool, true)
        XCTAssertEqual(cost.gradings, 0)
        XCTAssertEqual(cost.database.writes, 1, "\(cost)")
        XCTAssertLessThanOrEqual(cost.database.reads, 2, "\(cost)")
    }
}
