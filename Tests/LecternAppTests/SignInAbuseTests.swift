import Foundation
import HTTPTesting
@testable import LecternApp
import Store
import XCTest

/// Sign-in cannot be used against the people signing in: strangers' failures do not lock an
/// account's owner out, one address's failures do not lock everyone behind it, concurrent guesses
/// all count, sessions are bounded, and personal tokens do only what their scopes say.
final class SignInAbuseTests: XCTestCase {
    private var fixture: CourseworkFixture!

    override func setUp() async throws {
        // Loopback is the trusted proxy, so X-Forwarded-For gives each request its address.
        fixture = try await CourseworkFixture(trustedProxies: ["127.0.0.1"])
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    private func signIn(_ username: String, password: String = CourseworkFixture.password, from address: String,
                        device: String? = nil) throws -> TestResponse {
        var headers = ["Content-Type": "application/json", "X-Forwarded-For": address]
        if let device { headers["Cookie"] = "\(Authenticator.deviceCookie)=\(device)" }
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        return try fixture.client.send("POST", "/api/session", headers: headers, body: [UInt8](body))
    }

    func testStrangersFailuresDoNotLockTheOwnerOut() throws {
        // The owner signs in once from home: the browser gets a device cookie.
        let home = try signIn("bob", from: "198.51.100.7")
        XCTAssertEqual(home.status, 200, home.text)
        let device = try XCTUnwrap(home.setCookies(Authenticator.deviceCookie).first)
        // Thirty strangers each guess once.
        for index in 0..<30 {
            XCTAssertEqual(try signIn("bob", password: "guess-number-\(index)", from: "203.0.113.\(index + 1)").status, 401)
        }
        // A stranger who failed and guesses again is held off: the account is under attack.
        XCTAssertEqual(try signIn("bob", from: "203.0.113.1").status, 429, "a failing address needs the device cookie now")
        // The owner, from an address that never failed, gets in.
        XCTAssertEqual(try signIn("bob", from: "198.51.100.99").status, 200)
        // And from an address that failed too, with the device cookie.
        XCTAssertEqual(try signIn("bob", from: "203.0.113.2", device: device).status, 200)
    }

    func testOneAddressFailingForOneAccountDoesNotLockOthersBehindIt() throws {
        for index in 0..<12 {
            _ = try signIn("alice", password: "wrong-password-\(index)", from: "192.0.2.50")
        }
        XCTAssertEqual(try signIn("alice", from: "192.0.2.50").status, 429, "that account from that address waits")
        XCTAssertEqual(try signIn("bob", from: "192.0.2.50").status, 200, "another student behind the same NAT does not")
        XCTAssertEqual(try signIn("alice", from: "192.0.2.51").status, 200, "alice from elsewhere does not")
    }

    func testDelaysGrowWithEachFailureOfAPair() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let free = Authenticator.freeAttemptsPerPair
        XCTAssertNil(Authenticator.wait(pairFailures: free - 1, lastPairFailure: now, accountFailures: 0, trustedDevice: false, now: now))
        let waits = (0..<14).map { extra in
            Authenticator.wait(pairFailures: free + extra, lastPairFailure: now, accountFailures: 0, trustedDevice: false, now: now) ?? 0
        }
        XCTAssertEqual(Array(waits.prefix(5)), [1, 2, 4, 8, 16])
        XCTAssertEqual(waits.last, Int(Authenticator.maxDelay), "capped")
        XCTAssertEqual(waits, waits.sorted(), "never shrinks")
        XCTAssertNil(Authenticator.wait(pairFailures: free + 3, lastPairFailure: now.addingTimeInterval(-9), accountFailures: 0,
                                        trustedDevice: false, now: now), "the delay has passed")
    }

    func testConcurrentGuessesAreReservedBeforeHashing() async throws {
        let port = fixture.app.port
        let results = await withTaskGroup(of: Int.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let body = try? JSONSerialization.data(withJSONObject: ["username": "bob", "password": "parallel-guess-\(index)"])
                    let client = TestClient(port: port)
                    return (try? client.send("POST", "/api/session", headers: ["Content-Type": "application/json", "X-Forwarded-For": "192.0.2.77"],
                                             body: [UInt8](body ?? Data())).status) ?? -1
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let checked = try await fixture.app.context.database.read { db in
            try db.fetchValue(Int.self, sql: "SELECT count(*) FROM login_failures WHERE remote_address = '192.0.2.77'") ?? 0
        }
        XCTAssertEqual(results.filter { $0 == 401 }.count, checked, "every checked password left a failure behind")
        XCTAssertLessThanOrEqual(checked, Authenticator.freeAttemptsPerPair + 2, "\(results)")
        XCTAssertEqual(results.filter { $0 == 429 }.count + checked, 60, "\(results)")
    }

    func testSessionsPerUserAreCappedOldestFirst() async throws {
        var tokens: [String] = []
        for index in 0..<(Authenticator.maxSessionsPerUser + 5) {
            let response = try signIn("alice", from: "198.51.100.\(index % 3 + 1)")
            XCTAssertEqual(response.status, 200, response.text)
            tokens.append(try XCTUnwrap(response.object()["token"] as? String))
        }
        let live = try await fixture.app.context.database.read { db in
            try Session.count(userID: try XCTUnwrap(User.find(username: "alice", db)).id, db)
        }
        XCTAssertEqual(live, Authenticator.maxSessionsPerUser)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(tokens[0])"]).status, 401)
        XCTAssertEqual(try fixture.client.send("GET", "/api/me", headers: ["Authorization": "Bearer \(tokens.last!)"]).status, 200)
    }

    /// Creates a personal token for `username` with `scopes` through the account page.
    private func personalToken(_ username: String, scopes: [String]) throws -> String {
        let (cookie, csrf) = try fixture.browserSignIn(username: username)
        let form = (["csrf=\(csrf)", "name=script"] + scopes.map { "scope=\($0)" }).joined(separator: "&")
        let page = try fixture.client.send("POST", "/account/tokens", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                           body: Array(form.utf8))
        XCTAssertEqual(page.status, 200, page.text)
        let range = try XCTUnwrap(page.text.range(of: "<pre><code>[0-9a-f]{64}</code></pre>", options: .regularExpression))
        return String(page.text[range].dropFirst("<pre><code>".count).prefix(64))
    }

    func testPersonalTokensDoOnlyWhatTheirScopesAllow() throws {
        let read = try personalToken("alice", scopes: [])
        let submit = try personalToken("alice", scopes: ["submit"])
        let staffless = try personalToken("ines", scopes: ["submit"])
        let staff = try personalToken("ines", scopes: ["staff"])
        func send(_ token: String, _ method: String, _ path: String, _ type: String? = nil, _ body: String = "") throws -> Int {
            var headers = ["Authorization": "Bearer \(token)"]
            if let type { headers["Content-Type"] = type }
            return try fixture.client.send(method, path, headers: headers, body: Array(body.utf8)).status
        }
        let submissions = "/api/courses/cs193p/exercises/corners/submissions"
        let policy = "/api/courses/cs193p/exercises/corners/policy"
        XCTAssertEqual(try send(read, "GET", "/api/me"), 200)
        XCTAssertEqual(try send(read, "POST", submissions, "text/plain", "H:|-[thing1]"), 403)
        XCTAssertEqual(try send(submit, "POST", submissions, "text/plain", "H:|-[thing1]"), 201)
        XCTAssertEqual(try send(staffless, "PUT", policy, "application/json", #"{"scorePolicy":"best"}"#), 403)
        XCTAssertEqual(try send(staff, "PUT", policy, "application/json", #"{"scorePolicy":"best"}"#), 204)
        // The versioned paths need the same scopes as the paths they alias.
        XCTAssertEqual(try send(read, "POST", "/api/v1" + submissions.dropFirst(4), "text/plain", "H:|-[thing1]-|"), 403)
        XCTAssertEqual(try send(submit, "POST", "/api/v1" + submissions.dropFirst(4), "text/plain", "H:|-[thing1]-|"), 201)
        XCTAssertEqual(try send(submit, "POST", "/api/v1/submissions/1/verify"), 200)
        XCTAssertEqual(try send(staffless, "PUT", "/api/v1" + policy.dropFirst(4), "application/json", #"{"scorePolicy":"best"}"#), 403)
        XCTAssertEqual(try send(staff, "PUT", "/api/v1" + policy.dropFirst(4), "application/json", #"{"scorePolicy":"best"}"#), 204)
        // No token manages tokens, whatever its scopes.
        XCTAssertEqual(try send(staff, "POST", "/account/tokens", "application/x-www-form-urlencoded", "name=more&scope=staff"), 403)
        XCTAssertEqual(try send(staff, "POST", "/account/tokens/1/revoke", "application/x-www-form-urlencoded"), 403)
        XCTAssertEqual(try send(staff, "POST", "/account/tokens", "application/x-www-form-urlencoded", "name=x&scope=owner"), 403)
    }

    func testMetricsAreForAdminsOnly() throws {
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "/metrics").status, 401)
        XCTAssertEqual(try fixture.send(.studentA, "GET", "/metrics").status, 403)
        XCTAssertEqual(try fixture.send(.instructor, "GET", "/metrics").status, 403)
        let admin = try fixture.send(.admin, "GET", "/metrics")
        XCTAssertEqual(admin.status, 200)
        XCTAssertTrue(admin.text.contains("# TYPE"), admin.text)
    }
}
