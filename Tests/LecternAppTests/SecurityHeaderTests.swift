import Foundation
import LecternApp
import XCTest

/// Every response carries the browser security policy; pages that show secrets are never stored.
final class SecurityHeaderTests: XCTestCase {
    func testEveryKindOfResponseCarriesThePolicy() async throws {
        let fixture = try await CourseworkFixture()
        let responses = [
            ("page", try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners")),
            ("error page", try fixture.client.send("GET", "/no/such/page")),
            ("JSON", try fixture.send(.studentA, "GET", "/api/me")),
            ("JSON error", try fixture.send(.anonymous, "GET", "/api/me")),
            ("redirect", try fixture.send(.anonymous, "GET", "/account")),
            ("sign-in form", try fixture.client.send("GET", "/login")),
        ]
        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let tokenPage = try fixture.client.send("POST", "/account/tokens", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("csrf=\(csrf)&name=laptop".utf8))
        let accountPage = try fixture.client.send("GET", "/account", headers: ["Cookie": cookie])
        let setPassword = try fixture.client.send("GET", "/set-password?token=nothing")
        await fixture.stop()

        for (name, response) in responses + [("token page", tokenPage)] {
            let csp = response.header("Content-Security-Policy") ?? ""
            XCTAssertTrue(csp.contains("default-src 'self'"), "\(name): \(csp)")
            XCTAssertTrue(csp.contains("frame-ancestors 'none'"), "\(name): \(csp)")
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", name)
            XCTAssertEqual(response.header("Referrer-Policy"), "same-origin", name)
            XCTAssertNil(response.header("Strict-Transport-Security"), "\(name): plain HTTP gets no HSTS")
        }
        XCTAssertEqual(tokenPage.status, 200, tokenPage.text)
        for (name, response) in [("new token", tokenPage), ("account", accountPage), ("set password", setPassword)] {
            XCTAssertEqual(response.header("Cache-Control"), "no-store", name)
        }
    }

    func testHSTSOnlyOverHTTPSThroughATrustedProxy() async throws {
        let fixture = try await CourseworkFixture(trustedProxies: ["127.0.0.1"])
        let https = try fixture.client.send("GET", "/login", headers: ["X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"])
        let http = try fixture.client.send("GET", "/login", headers: ["X-Forwarded-Proto": "http"])
        await fixture.stop()
        XCTAssertEqual(https.header("Strict-Transport-Security"), "max-age=31536000")
        XCTAssertNil(http.header("Strict-Transport-Security"))
    }

    func testAnUntrustedClientCannotAskForHSTS() async throws {
        let fixture = try await CourseworkFixture()
        let forged = try fixture.client.send("GET", "/login", headers: ["X-Forwarded-Proto": "https"])
        await fixture.stop()
        XCTAssertNil(forged.header("Strict-Transport-Security"))
    }
}
