import Digest
import Foundation
import JSON
@testable import LecternApp
import LTI
import SQLite
import Store
import XCTest

/// Every way a launch must fail, one test each, through the real server: the answer is 401 or
/// 403 with the reason's code, and nobody is signed in.
final class LTILaunchRefusalTests: XCTestCase {
    private typealias Claims = [(String, JSONValue)]

    /// One forged or misdirected ID token: what it is, the answer it must get, and how to make it
    /// from the nonce of a fresh login.
    private struct Case {
        let name: String
        var status = 401
        let code: String
        let token: (LTIFixture, String) throws -> String
    }

    private func claims(_ fixture: LTIFixture, _ nonce: String, _ change: (inout Claims) -> Void = { _ in }) -> Claims {
        var claims = fixture.platform.launchClaims(nonce: nonce, target: fixture.cornersURL)
        change(&claims)
        return claims
    }

    private func replace(_ name: String, with value: JSONValue?, in claims: inout Claims) {
        claims.removeAll { $0.0 == name }
        if let value { claims.append((name, value)) }
    }

    /// The refusals of the ID token itself, one case each, on one server: each case starts a fresh
    /// login, so only its token is wrong.
    func testEveryForgedOrMisdirectedIDTokenIsRefusedWithItsReason() async throws {
        let cases: [Case] = [
            Case(name: "a bad signature", code: "bad_signature") { fixture, nonce in
                let token = try fixture.platform.sign(self.claims(fixture, nonce))
                var parts = token.split(separator: ".").map(String.init)
                var signature = try XCTUnwrap(Base64URL.decode(parts[2]))
                signature[10] ^= 0x01  // one bit flipped
                parts[2] = Base64URL.encode(signature)
                return parts.joined(separator: ".")
            },
            Case(name: "an unknown kid (after one fetch of the key set)", code: "unknown_kid") { fixture, nonce in
                try fixture.platform.sign(self.claims(fixture, nonce), header: [("alg", "RS256"), ("typ", "JWT"), ("kid", "rotated-away")])
            },
            Case(name: "alg none", code: "alg_not_allowed") { fixture, nonce in
                try fixture.platform.sign(self.claims(fixture, nonce), header: [("alg", "none"), ("typ", "JWT"), ("kid", .string(fixture.platform.keyID))],
                                          signer: { _ in [] })
            },
            Case(name: "HS256 keyed with the platform's public key", code: "alg_not_allowed") { fixture, nonce in
                // Key confusion: an HMAC keyed with the public key, which anyone can compute.
                let publicKey = Array(fixture.platform.key.publicJWK(keyID: fixture.platform.keyID).serialized().utf8)
                return try fixture.platform.sign(self.claims(fixture, nonce),
                                                 header: [("alg", "HS256"), ("typ", "JWT"), ("kid", .string(fixture.platform.keyID))],
                                                 signer: { input in HMACSHA256.authenticationCode(for: Array(input.utf8), key: publicKey) })
            },
            Case(name: "the wrong aud", code: "wrong_audience") { fixture, nonce in
                try fixture.platform.sign(self.claims(fixture, nonce) { self.replace("aud", with: "another-tool", in: &$0) })
            },
            Case(name: "an expired token", code: "expired") { fixture, nonce in
                let hourAgo = Date().timeIntervalSince1970 - 3600
                return try fixture.platform.sign(self.claims(fixture, nonce) {
                    self.replace("exp", with: .number(hourAgo), in: &$0)
                    self.replace("iat", with: .number(hourAgo - 300), in: &$0)
                })
            },
            Case(name: "a nonce other than the login's", code: "wrong_nonce") { fixture, _ in
                try fixture.platform.sign(self.claims(fixture, "not-the-login-nonce"))
            },
            Case(name: "a wrong deployment_id", code: "wrong_deployment") { fixture, nonce in
                try fixture.platform.sign(self.claims(fixture, nonce) { self.replace(LTIClaim.deploymentID, with: "deployment-9", in: &$0) })
            },
            Case(name: "a missing required claim (resource_link)", code: "missing_claim") { fixture, nonce in
                try fixture.platform.sign(self.claims(fixture, nonce) { self.replace(LTIClaim.resourceLink, with: nil, in: &$0) })
            },
            Case(name: "a missing version", code: "missing_claim") { fixture, nonce in
                try fixture.platform.sign(self.claims(fixture, nonce) { self.replace(LTIClaim.version, with: nil, in: &$0) })
            },
            Case(name: "a course the LMS course is not linked to", status: 403, code: "wrong_course") { fixture, nonce in
                let other = "http://127.0.0.1:\(fixture.port)/courses/other/exercises/corners"
                return try fixture.platform.sign(fixture.platform.launchClaims(nonce: nonce, target: other))
            },
            Case(name: "roles Lectern does not know", status: 403, code: "no_role") { fixture, nonce in
                try fixture.platform.sign(fixture.platform.launchClaims(
                    nonce: nonce, roles: ["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"], target: fixture.cornersURL))
            },
            Case(name: "not a JWS", code: "malformed_token") { _, _ in "not.a-token" },
        ]
        let fixture = try await LTIFixture()
        do {
            for testCase in cases {
                let login = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
                let response = try fixture.platform.postLaunch(fixture.client, idToken: try testCase.token(fixture, login.nonce),
                                                               state: login.state, cookie: login.stateCookie)
                XCTAssertEqual(response.status, testCase.status, "\(testCase.name): \(response.text)")
                XCTAssertTrue(response.text.contains("\"\(testCase.code)\""), "\(testCase.name): expected \(testCase.code), got \(response.text)")
                XCTAssertTrue(response.setCookies("lectern_session").isEmpty, "\(testCase.name): nobody is signed in")
            }
            let sessions = try await fixture.database.read { db in try db.fetchValue(Int.self, sql: "SELECT count(*) FROM lti_launch_sessions") ?? 0 }
            XCTAssertEqual(sessions, 0)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    /// Refusals of the state and nonce, which bind a launch to one login in one browser.
    func testReplayedNoncesAndMissingOrForeignStatesAreRefused() async throws {
        let fixture = try await LTIFixture()
        do {
            try replayedNonce(fixture)
            try missingState(fixture)
            try stateFromAnotherBrowser(fixture)
            try await loginsInProgressAreCapped(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    private func replayedNonce(_ fixture: LTIFixture) throws {
        do {
            let login = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
            let token = try fixture.platform.sign(fixture.platform.launchClaims(nonce: login.nonce, target: fixture.cornersURL))
            let first = try fixture.platform.postLaunch(fixture.client, idToken: token, state: login.state, cookie: login.stateCookie)
            XCTAssertEqual(first.status, 303, first.text)
            // The captured token again, with a fresh login's state.
            let second = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
            let replay = try fixture.platform.postLaunch(fixture.client, idToken: token, state: second.state, cookie: second.stateCookie)
            XCTAssertEqual(replay.status, 401, replay.text)
            XCTAssertTrue(replay.text.contains("nonce_replayed"), replay.text)
            // And with the first state again: used.
            let reused = try fixture.platform.postLaunch(fixture.client, idToken: token, state: login.state, cookie: login.stateCookie)
            XCTAssertEqual(reused.status, 401)
            XCTAssertTrue(reused.text.contains("state_unknown"), reused.text)
        }
    }

    private func missingState(_ fixture: LTIFixture) throws {
        do {
            let login = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
            let token = try fixture.platform.sign(fixture.platform.launchClaims(nonce: login.nonce, target: fixture.cornersURL))
            let noCookie = try fixture.platform.postLaunch(fixture.client, idToken: token, state: login.state, cookie: nil)
            XCTAssertEqual(noCookie.status, 401)
            XCTAssertTrue(noCookie.text.contains("state_missing"), noCookie.text)
            let noField = try fixture.platform.postLaunch(fixture.client, idToken: token, state: nil, cookie: login.stateCookie)
            XCTAssertEqual(noField.status, 401)
            XCTAssertTrue(noField.text.contains("state_mismatch"), noField.text)
        }
    }

    private func stateFromAnotherBrowser(_ fixture: LTIFixture) throws {
        do {
            let victim = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
            let attacker = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
            let token = try fixture.platform.sign(fixture.platform.launchClaims(nonce: attacker.nonce, target: fixture.cornersURL))
            // The attacker's state and token, posted into the victim's browser (which has the victim's cookie).
            let response = try fixture.platform.postLaunch(fixture.client, idToken: token, state: attacker.state, cookie: victim.stateCookie)
            XCTAssertEqual(response.status, 401)
            XCTAssertTrue(response.text.contains("state_mismatch"), response.text)
        }
    }

    private func loginsInProgressAreCapped(_ fixture: LTIFixture) async throws {
        let expires = Date().addingTimeInterval(600)
        try await fixture.database.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO lti_login_states (state_hash, platform_id, nonce, expires_at) SELECT randomblob(32), 1, 'n', ? FROM n
                """, arguments: [LaunchService.maxPendingLogins, expires])
        }
        let query = "iss=\(ToolMessages.formEncode(fixture.platform.issuer))&login_hint=x&target_link_uri=y"
        let refused = try fixture.client.send("GET", "/lti/login?" + query, headers: ["Accept": "application/json"])
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertTrue(refused.setCookies("lectern_lti_state").isEmpty)
    }
}
