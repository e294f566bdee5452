import Foundation
import LecternApp
import Store
import XCTest

/// Regrade requests end to end: a student asks, the queue shows it, an instructor answers with a
/// dry-run regrade of that student's work, and the student reads the answer.
final class RegradeRequestTests: XCTestCase {
    private let json = "application/json"

    func testAStudentAsksAnInstructorAnswersWithADryRunAndTheStudentSeesTheAnswer() async throws {
        let fixture = try await CourseworkFixture()
        let first = try fixture.submit(.studentA, "H:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\nV:[thing2]-|\n")
        _ = try fixture.submit(.studentB, try CourseworkFixture.reference())
        let id = try XCTUnwrap(try first.object()["id"] as? Int)
        let path = "/api/submissions/\(id)/regrade-requests"
        let asked = try fixture.send(.studentA, "POST", path, contentType: json, body: #"{"message":"Landscape looks right to me."}"#)
        let empty = try fixture.send(.studentA, "POST", path, contentType: json, body: #"{"message":"   "}"#)
        let oversized = try fixture.send(.studentA, "POST", path, contentType: json,
                                         body: #"{"message":"\#(String(repeating: "x", count: 2001))"}"#)
        let notHers = try fixture.send(.studentB, "POST", path, contentType: json, body: #"{"message":"me too"}"#)
        let byInstructor = try fixture.send(.instructor, "POST", path, contentType: json, body: #"{"message":"hm"}"#)
        let queue = try fixture.send(.instructor, "GET", "/api/courses/cs193p/regrade-requests")
        let queuePage = try fixture.send(.instructor, "GET", "/courses/cs193p/regrade-requests")
        let requestID = try XCTUnwrap((try queue.json() as? [[String: Any]])?.first?["id"] as? Int)
        let answerPath = "/api/courses/cs193p/regrade-requests/\(requestID)/answer"
        let badKind = try fixture.send(.instructor, "POST", answerPath, contentType: json, body: #"{"reply":"ok","regrade":"everyone"}"#)
        let noReply = try fixture.send(.instructor, "POST", answerPath, contentType: json, body: #"{"reply":"","regrade":"student"}"#)
        let stillOpen = try fixture.send(.instructor, "GET", "/api/courses/cs193p/regrade-requests")
        let answered = try fixture.send(.instructor, "POST", answerPath, contentType: json,
                                        body: #"{"reply":"Looked again: rerunning your attempts.","regrade":"student"}"#)
        let runPath = try XCTUnwrap(answered.header("Location"))
        let run = try fixture.waitForRegrade(Int(runPath.split(separator: "/").last ?? "") ?? -1, status: "ready")
        let page = try fixture.send(.studentA, "GET", "/submissions/\(id)")
        let otherCourse = try fixture.send(.otherInstructor, "POST", answerPath, contentType: json, body: #"{"reply":"x"}"#)
        let cutoff = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners/regrade-cutoff", contentType: json,
                                      body: #"{"closesAt":"2020-01-01T00:00:00Z"}"#)
        let late = try fixture.send(.studentA, "POST", path, contentType: json, body: #"{"message":"One more thing."}"#)
        let closedPage = try fixture.send(.studentA, "GET", "/submissions/\(id)")
        await fixture.stop()

        XCTAssertEqual(asked.status, 201, asked.text)
        XCTAssertEqual(try asked.object()["status"] as? String, "open")
        XCTAssertEqual(empty.status, 422, empty.text)
        XCTAssertTrue(empty.text.contains("message"), empty.text)
        XCTAssertEqual(oversized.status, 422, oversized.text)
        XCTAssertEqual(notHers.status, 404)
        XCTAssertEqual(byInstructor.status, 403)
        XCTAssertEqual((try queue.json() as? [[String: Any]])?.count, 1, "refused requests are not stored: \(queue.text)")
        XCTAssertTrue(queuePage.text.contains("Landscape looks right to me."), queuePage.text)
        XCTAssertEqual(badKind.status, 422, badKind.text)
        XCTAssertTrue(badKind.text.contains("regrade"), badKind.text)
        XCTAssertEqual(noReply.status, 422, noReply.text)
        XCTAssertTrue(stillOpen.text.contains(#""status":"open""#), "a refused answer changes nothing: \(stillOpen.text)")
        XCTAssertEqual(answered.status, 200, answered.text)
        XCTAssertEqual(try answered.object()["status"] as? String, "answered")
        XCTAssertEqual(run["total"] as? Int, 1, "only alice's submission is regraded")
        XCTAssertTrue(page.text.contains("Looked again: rerunning your attempts."), "the student reads the answer")
        XCTAssertEqual(otherCourse.status, 404)
        XCTAssertEqual(cutoff.status, 204, cutoff.text)
        XCTAssertEqual(late.status, 422, late.text)
        XCTAssertTrue(late.text.contains("closed"), late.text)
        XCTAssertTrue(closedPage.text.contains("Regrade requests for this exercise closed"), closedPage.text)
    }
}
