import Foundation
import HTTPTesting
@testable import LecternApp
import XCTest

/// Sign-in, sessions and forms through the real server: CSRF, session fixation, logout,
/// indistinguishable wrong credentials, rate limiting, escaping and body limits.
final class AccountSecurityTests: XCTestCase {
    private var fixture: CourseworkFixture!

    override func setUp() async throws {
        fixture = try await CourseworkFixture(displayNameOfStudentA: #"<script>alert("name")</script>"#)
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    func testFormsWithoutTheSessionCSRFTokenAreRefused() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let form = "application/x-www-form-urlencoded"
        let path = "/courses/cs193p/exercises/corners"
        let missing = try fixture.client.send("POST", path, headers: ["Cookie": cookie, "Content-Type": form], body: Array("text=x".utf8))
        XCTAssertEqual(missing.status, 403)
        let wrong = try fixture.client.send("POST", path, headers: ["Cookie": cookie, "Content-Type": form],
                                            body: Array("csrf=\(String(repeating: "0", count: 64))&text=x".utf8))
        XCTAssertEqual(wrong.status, 403)
        let right = try fixture.client.send("POST", path, headers: ["Cookie": cookie, "Content-Type": form],
                                            body: Array("csrf=\(csrf)&text=H%3A%7C-%5Bthing1%5D".utf8))
        XCTAssertEqual(right.status, 303, right.text)
        XCTAssertTrue(right.header("Location")?.hasPrefix("/submissions/") == true)

        // The JSON API with the cookie needs the token in a header; bearer clients do not.
        let api = "/api/courses/cs193p/exercises/corners/submissions"
        let noHeader = try fixture.client.send("POST", api, headers: ["Cookie": cookie, "Content-Type": "text/plain"], body: Array("y".utf8))
        XCTAssertEqual(noHeader.status, 403)
        let withHeader = try fixture.client.send("POST", api, headers: ["Cookie": cookie, "Content-Type": "text/plain", "X-CSRF-Token": csrf],
                                                 body: Array("H:|-[thing2]".utf8))
        XCTAssertEqual(withHeader.status, 201, withHeader.text)

        // Sign-out is a form too.
        XCTAssertEqual(try fixture.client.send("POST", "/logout", headers: ["Cookie": cookie, "Content-Type": form]).status, 403)
        XCTAssertEqual(try fixture.client.send("POST", "/logout", headers: ["Cookie": cookie, "Content-Type": form],
                                               body: Array("csrf=\(csrf)".utf8)).status, 303)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Cookie": cookie]).status, 401, "sign-out revokes the session")
    }

    func testReadsWithTheSessionCookieNeedNoCSRFToken() throws {
        let (cookie, _) = try fixture.browserSignIn(username: "ines")
        let audit = try fixture.client.send("GET", "/api/courses/cs193p/audit", headers: ["Cookie": cookie])
        XCTAssertEqual(audit.status, 200, audit.text)
        let gradebook = try fixture.client.send("GET", "/api/courses/cs193p/gradebook", headers: ["Cookie": cookie])
        XCTAssertEqual(gradebook.status, 200, gradebook.text)
    }

    func testTheSignInFormNeedsItsOwnCSRFCookie() throws {
        let form = "csrf=\(String(repeating: "a", count: 64))&username=alice&password=\(CourseworkFixture.password)"
        let response = try fixture.client.send("POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                               body: Array(form.utf8))
        XCTAssertEqual(response.status, 403)
        XCTAssertTrue(response.setCookies(Authenticator.sessionCookie).isEmpty)
    }

    /// Signs in with the form, presenting `cookie`; returns the new session cookie's value.
    private func formSignIn(username: String, cookie: String? = nil) throws -> TestResponse {
        let page = try fixture.client.send("GET", "/login")
        let loginCSRF = try XCTUnwrap(page.setCookies(AccountRoutes.loginCSRFCookie).first)
        var cookies = "\(AccountRoutes.loginCSRFCookie)=\(loginCSRF)"
        if let cookie { cookies += "; " + cookie }
        let form = "csrf=\(loginCSRF)&username=\(username)&password=\(CourseworkFixture.password.replacingOccurrences(of: " ", with: "+"))"
        return try fixture.client.send("POST", "/login", headers: ["Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"],
                                       body: Array(form.utf8))
    }

    func testSignInAlwaysIssuesANewSessionAndRevokesThePresentedOne() throws {
        let planted = "\(Authenticator.sessionCookie)=\(String(repeating: "ab", count: 32))"
        let first = try formSignIn(username: "alice", cookie: planted)
        XCTAssertEqual(first.status, 303, first.text)
        let firstToken = try XCTUnwrap(first.setCookies(Authenticator.sessionCookie).first)
        XCTAssertNotEqual(firstToken, String(repeating: "ab", count: 32))
        XCTAssertEqual(firstToken.count, 64)
        let cookie = try XCTUnwrap(first.headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix(Authenticator.sessionCookie) }?.value)
        XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), cookie)
        XCTAssertFalse(cookie.contains("Secure"), "plain HTTP without a trusted proxy")

        let second = try formSignIn(username: "alice", cookie: "\(Authenticator.sessionCookie)=\(firstToken)")
        let secondToken = try XCTUnwrap(second.setCookies(Authenticator.sessionCookie).first)
        XCTAssertNotEqual(secondToken, firstToken)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Cookie": "\(Authenticator.sessionCookie)=\(firstToken)"]).status, 401)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Cookie": "\(Authenticator.sessionCookie)=\(secondToken)"]).status, 200)

        // A browser session's cookie value is never a bearer token.
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(secondToken)"]).status, 401)
    }

    func testAPISessionsAreBearerTokensOnly() throws {
        let signedIn = try fixture.signIn(username: "alice")
        XCTAssertEqual(signedIn.status, 200, signedIn.text)
        XCTAssertTrue(signedIn.setCookies(Authenticator.sessionCookie).isEmpty, "no cookie for an API client")
        XCTAssertEqual(signedIn.header("Cache-Control"), "no-store")
        let token = try XCTUnwrap(signedIn.object()["token"] as? String)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Cookie": "\(Authenticator.sessionCookie)=\(token)"]).status, 401,
                       "a bearer token is not accepted as a cookie")
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(token)"]).status, 200)
        XCTAssertEqual(try fixture.client.send("DELETE", "/api/session", headers: ["Authorization": "Bearer \(token)"]).status, 204)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(token)"]).status, 401)
    }

    func testWrongCredentialsLookTheSameWhetherOrNotTheUserExistsAndAreRateLimited() throws {
        let unknown = try fixture.signIn(username: "nobody", password: "whatever-long")
        let wrong = try fixture.signIn(username: "bob", password: "whatever-long")
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(unknown.body, wrong.body)
        for _ in 0..<(Authenticator.freeAttemptsPerPair - 1) {  // the free attempts of (bob, this address)
            XCTAssertEqual(try fixture.signIn(username: "bob", password: "still-wrong-password").status, 401)
        }
        let throttled = try fixture.signIn(username: "bob")
        XCTAssertEqual(throttled.status, 429, "the right password does not help this address once its attempts are used up")
        XCTAssertTrue(throttled.text.contains("Too many failed sign-in attempts"), throttled.text)
        XCTAssertNotNil(throttled.header("Retry-After"))
        XCTAssertEqual(try fixture.signIn(username: "alice").status, 200, "other accounts behind the same address are not locked")
    }

    func testHostileTextIsEscapedOnEveryPage() throws {
        let hostile = "# </textarea><script>alert('submission')</script>\nH:|-[thing1]"
        let created = try fixture.submit(.studentA, hostile)
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap(created.object()["id"] as? Int)
        let pages = [
            try fixture.send(.studentA, "GET", "/submissions/\(id)"),
            try fixture.send(.instructor, "GET", "/courses/cs193p/gradebook"),
            try fixture.send(.instructor, "GET", "/courses/cs193p/gradebook/students/alice"),
            try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners"),
        ]
        for page in pages {
            XCTAssertEqual(page.status, 200)
            XCTAssertFalse(page.text.contains("<script>"), page.text)
        }
        XCTAssertTrue(pages[0].text.contains("&lt;/textarea&gt;&lt;script&gt;alert('submission')"))
        XCTAssertTrue(pages[1].text.contains("&lt;script&gt;alert(\"name\")&lt;/script&gt;"))
        let csv = try fixture.send(.instructor, "GET", "/api/courses/cs193p/gradebook.csv")
        XCTAssertTrue(csv.text.contains(#"alice,"<script>alert(""name"")</script>""#), csv.text)
    }

    func testOversizedBodiesAreRefusedWith413() throws {
        let api = "/api/courses/cs193p/exercises/corners/submissions"
        let overGraderLimit = String(repeating: "#", count: SubmissionText.maxBytes + 1)
        XCTAssertEqual(try fixture.send(.studentA, "POST", api, contentType: "text/plain", body: overGraderLimit).status, 413)
        let overRouteLimit = String(repeating: "#", count: SubmissionText.maxBodyBytes + 1)
        XCTAssertEqual(try fixture.send(.studentA, "POST", api, contentType: "text/plain", body: overRouteLimit).status, 413)
        let overCredentials = #"{"username":"alice","password":""# + String(repeating: "p", count: 8192) + #""}"#
        XCTAssertEqual(try fixture.send(.anonymous, "POST", "/api/session", contentType: "application/json", body: overCredentials).status, 413)
    }

    func testPersonalAPITokensAreShownOnceAndCanBeRevoked() throws {
        let page = try fixture.send(.studentB, "POST", "/account/tokens", contentType: "application/x-www-form-urlencoded", body: "name=laptop")
        XCTAssertEqual(page.status, 200)
        let range = try XCTUnwrap(page.text.range(of: "<pre><code>[0-9a-f]{64}</code></pre>", options: .regularExpression))
        let token = String(page.text[range].dropFirst("<pre><code>".count).prefix(64))
        let me = try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(token)"])
        XCTAssertEqual(try me.object()["username"] as? String, "bob")
        let listing = try fixture.send(.studentB, "GET", "/account")
        XCTAssertFalse(listing.text.contains(token), "shown only once")
        let id = try XCTUnwrap(listing.text.range(of: #"/account/tokens/[0-9]+/revoke"#, options: .regularExpression)
            .map { listing.text[$0].split(separator: "/")[2] })
        let form = "application/x-www-form-urlencoded"
        XCTAssertEqual(try fixture.send(.studentA, "POST", "/account/tokens/\(id)/revoke", contentType: form).status, 404, "not alice's token")
        XCTAssertEqual(try fixture.send(.studentB, "POST", "/account/tokens/\(id)/revoke", contentType: form).status, 303)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(token)"]).status, 401)
    }
}
