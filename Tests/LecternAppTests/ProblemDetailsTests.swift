import Foundation
import HTTPTesting
import LecternApp
import XCTest

/// Every error answer of the API is an RFC 9457 problem (`application/problem+json` with `type`,
/// `title`, `status`, `detail`), whichever layer produces it: the handler, the router (405), the
/// server before the body is read (413, 503) or a middleware (429). Pages keep their HTML.
final class ProblemDetailsTests: XCTestCase {
    private typealias Actor = CourseworkFixture.Actor

    /// The problem members of `response`, checked against `status`.
    @discardableResult
    private func assertProblem(_ response: TestResponse, _ status: Int, file: StaticString = #filePath,
                               line: UInt = #line) throws -> [String: Any] {
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", file: file, line: line)
        let problem = try response.object()
        XCTAssertEqual(problem["type"] as? String, "about:blank", file: file, line: line)
        XCTAssertEqual(problem["status"] as? Int, status, file: file, line: line)
        XCTAssertEqual(problem["title"] as? String, HTTPStatusReason.of(status), file: file, line: line)
        XCTAssertFalse((problem["detail"] as? String ?? "").isEmpty, "a detail", file: file, line: line)
        XCTAssertNotNil(problem["code"] as? String, file: file, line: line)
        return problem
    }

    private func fieldErrors(_ problem: [String: Any]) -> [[String: Any]] { problem["errors"] as? [[String: Any]] ?? [] }

    func testEveryErrorStatusOfTheAPIIsAProblem() async throws {
        let fixture = try await CourseworkFixture()
        do {
            try await checkStatuses(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    private func checkStatuses(_ fixture: CourseworkFixture) async throws {
        // 400, with the parameter named.
        let badLimit = try assertProblem(try fixture.send(.anonymous, "GET", "/api/v1/search?q=layout&limit=abc"), 400)
        XCTAssertEqual(fieldErrors(badLimit).first?["field"] as? String, "limit")
        let badJSON = try assertProblem(try fixture.send(.admin, "POST", "/api/courses", contentType: "application/json",
                                                         body: "{\n  \"slug\": }"), 400)
        XCTAssertNotNil(fieldErrors(badJSON).first?["line"] as? Int, "a JSON syntax error has its line: \(badJSON)")
        // 401 and 403.
        try assertProblem(try fixture.send(.anonymous, "GET", "/api/me"), 401)
        try assertProblem(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer nope"]), 401)
        try assertProblem(try fixture.send(.studentA, "GET", "/api/courses/cs193p/gradebook"), 403)
        // 404: a missing resource and a path no route has.
        try assertProblem(try fixture.send(.anonymous, "GET", "/api/courses/nope/lectures"), 404)
        try assertProblem(try fixture.send(.anonymous, "GET", "/api/v1/no-such-thing"), 404)
        // 405 from the router, with Allow.
        let wrongMethod = try fixture.send(.anonymous, "DELETE", "/api/v1/courses")
        try assertProblem(wrongMethod, 405)
        XCTAssertEqual(wrongMethod.header("Allow"), "GET, HEAD, OPTIONS, POST")
        // 409: applying a discarded regrade.
        XCTAssertEqual(try fixture.submit(.studentA, try CourseworkFixture.reference()).status, 201)
        let run = try XCTUnwrap(try fixture.send(.instructor, "POST", "/api/courses/cs193p/exercises/corners/regrades").object()["id"] as? Int)
        _ = try fixture.waitForRegrade(run, status: "ready")
        XCTAssertEqual(try fixture.send(.instructor, "POST", "/api/regrades/\(run)/discard").status, 202)
        try assertProblem(try fixture.send(.instructor, "POST", "/api/v1/regrades/\(run)/apply"), 409)
        // 413 from the server, before the handler: a sign-in body over its 4 KiB.
        try assertProblem(try fixture.send(.anonymous, "POST", "/api/v1/session", contentType: "application/json",
                                           body: String(repeating: "x", count: 5000)), 413)
        // 415.
        try assertProblem(try fixture.send(.admin, "POST", "/api/courses", contentType: "text/plain", body: "cs101"), 415)
        // 422 with the field, and an unreadable answer with its line and column.
        let refused = try assertProblem(try fixture.send(.admin, "POST", "/api/courses", contentType: "application/json",
                                                         body: #"{"slug":"Not A Slug!","title":"Bad"}"#), 422)
        XCTAssertEqual(fieldErrors(refused).first?["field"] as? String, "slug")
        let unreadable = try assertProblem(try fixture.submit(.studentA, "H:|-[thing1]-|\nH:|-[nosuchview]-|"), 422)
        let diagnostic = try XCTUnwrap(fieldErrors(unreadable).first { ($0["message"] as? String ?? "").contains("nosuchview") },
                                       "\(unreadable)")
        XCTAssertEqual(diagnostic["field"] as? String, "text")
        XCTAssertEqual(diagnostic["line"] as? Int, 2)
        XCTAssertNotNil(diagnostic["column"] as? Int)

        // Pages keep their HTML error pages.
        let page = try fixture.send(.anonymous, "GET", "/courses/nope")
        XCTAssertEqual(page.status, 404)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
    }

    func testRateLimitAndOverloadAnswersAreProblemsToo() async throws {
        let fixture = try await CourseworkFixture { configuration in
            configuration.searchRatePerSecond = 1
            configuration.searchBurst = 1
            configuration.maxBodyMemoryMiB = 1
        }
        let first = try fixture.send(.anonymous, "GET", "/api/search?q=layout")
        let second = try fixture.send(.anonymous, "GET", "/api/v1/search?q=layout")
        // 503 before the body is read: a 2 MiB upload when the server holds at most 1 MiB of bodies.
        let upload = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/lectures/1", contentType: "application/json",
                                      body: String(repeating: " ", count: 2 << 20))
        await fixture.stop()

        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.header("RateLimit-Policy"), "\"search\";q=1;w=1")
        XCTAssertEqual(first.header("RateLimit"), "\"search\";r=0;t=1")
        try assertProblem(second, 429)
        XCTAssertEqual(second.header("Retry-After"), "1")
        XCTAssertEqual(second.header("RateLimit"), "\"search\";r=0;t=1")
        try assertProblem(upload, 503)
        XCTAssertNotNil(upload.header("Retry-After"))
    }
}

/// The reason phrases the problem titles use.
enum HTTPStatusReason {
    static func of(_ code: Int) -> String {
        [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
         409: "Conflict", 413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
         429: "Too Many Requests", 503: "Service Unavailable"][code] ?? "?"
    }
}
