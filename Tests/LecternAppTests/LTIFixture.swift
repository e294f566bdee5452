import Foundation
import HTTPTesting
import JSON
@testable import LecternApp
import LTI
import SQLite
import Store
import XCTest

/// A running Lectern (``CourseworkFixture``: `cs193p` with `corners`, students and instructors)
/// and a simulated LMS registered with it, with fast retries.
final class LTIFixture {
    let coursework: CourseworkFixture
    let platform: LTISimulatedPlatform

    var client: TestClient { coursework.client }
    var database: DatabasePool { coursework.app.context.database }
    var port: Int { coursework.app.port }
    /// The `corners` exercise page as an absolute URL: the target link of the tests' launches.
    var cornersURL: String { "http://127.0.0.1:\(port)/courses/cs193p/exercises/corners" }

    /// `course`: the registration's `--course` (nil: each link names its course).
    init(course: String? = "cs193p") async throws {
        coursework = try await CourseworkFixture()
        do {
            platform = try LTISimulatedPlatform()
        } catch {
            await coursework.stop()
            throw error
        }
        platform.lecternPort = coursework.app.port
        coursework.app.context.lti.delivery.firstRetry = 0.2
        coursework.app.context.lti.delivery.idlePoll = 0.05
        _ = try await LTITool.addPlatform(issuer: platform.issuer, clientID: platform.clientID, deploymentID: platform.deploymentID,
                                          authURL: platform.authURL, tokenURL: platform.tokenURL, jwksURL: platform.jwksURL,
                                          courseSlug: course, database: database)
    }

    func stop() async {
        await coursework.stop()
        await platform.stop()
    }

    /// A student's launch of `corners` with a line item; returns the response.
    func launchStudent(subject: String = "student-1", lineItemID: String? = "corners") throws -> TestResponse {
        try platform.launch(client, target: cornersURL) { nonce in
            self.platform.launchClaims(nonce: nonce, subject: subject, target: self.cornersURL, lineItemID: lineItemID)
        }
    }

    /// The session cookie a launch set, as a `Cookie` header value.
    static func sessionCookie(_ response: TestResponse) throws -> String {
        "lectern_session=" + (try XCTUnwrap(response.setCookies("lectern_session").first, "no session cookie: \(response.text)"))
    }

    /// Submits `text` to `corners` with the browser session of a launch (cookie and CSRF token).
    func submit(_ text: String, cookie: String) throws -> TestResponse {
        let page = try client.send("GET", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie])
        let csrf = try XCTUnwrap(CourseworkFixture.hiddenCSRF(in: page.text), page.text)
        return try client.send("POST", "/api/courses/cs193p/exercises/corners/submissions",
                               headers: ["Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "text/plain"], body: Array(text.utf8))
    }

    /// Waits (bounded by `seconds`) until the platform has recorded `count` scores.
    func waitForScores(_ count: Int, seconds: Double = 10) throws -> [(lineItem: String, body: JSONValue)] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let scores = platform.scores
            if scores.count >= count { return scores }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestClientError(description: "the platform has \(platform.scores.count) score(s), not \(count), after \(seconds) s")
    }

    /// The outbox rows once none is pending, or as they are after `seconds`: the delivery loop marks
    /// a row sent just after the platform answers, so a test that saw the score may be a moment early.
    func settledOutbox(seconds: Double = 5) async throws -> [LTIScorePost] {
        let deadline = Date().addingTimeInterval(seconds)
        var rows = try await outbox()
        while rows.contains(where: { $0.status == .pending }), Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            rows = try await outbox()
        }
        return rows
    }

    /// The outbox rows, oldest first.
    func outbox() async throws -> [LTIScorePost] {
        try await database.read { db in try LTIScoreOutbox.recent(courseID: 1, db).map(\.post).reversed() }
    }
}
