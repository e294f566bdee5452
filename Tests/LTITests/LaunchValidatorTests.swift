import JSON
import LTI
import SeededRandom
import XCTest

/// The launch validator on its own (the end-to-end refusals are in LecternAppTests), and the JWT
/// reader under seeded random mutations.
final class LaunchValidatorTests: XCTestCase {
    private static let key: RSAKey? = try? RSAKey.generate(bits: 2048)
    private let now = 1_800_000_000.0

    private func expectations(nonce: String? = "n-1") -> LaunchExpectations {
        LaunchExpectations(issuer: "https://lms.example", clientID: "tool", deploymentIDs: ["d-1"], nonce: nonce, now: now)
    }

    private func claims(_ change: (inout [(String, JSONValue)]) -> Void = { _ in }) -> JSONObject {
        var claims: [(String, JSONValue)] = [
            ("iss", "https://lms.example"), ("aud", "tool"), ("sub", "u-1"), ("iat", .number(now - 5)), ("exp", .number(now + 300)),
            ("nonce", "n-1"), ("given_name", "Ada"), ("family_name", "Lovelace"),
            (LTIClaim.deploymentID, "d-1"), (LTIClaim.messageType, "LtiResourceLinkRequest"), (LTIClaim.version, "1.3.0"),
            (LTIClaim.roles, ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"]),
            (LTIClaim.resourceLink, .object(JSONObject([("id", "rl-1")]))), (LTIClaim.targetLinkURI, "https://lectern.example/courses/c/exercises/e"),
            (LTIClaim.custom, .object(JSONObject([("zeta", "2"), ("exercise", "e")]))),
            (LTIClaim.agsEndpoint, .object(JSONObject([("scope", [.string(LTIClaim.scoreScope)]), ("lineitem", "https://lms.example/li/1")]))),
        ]
        change(&claims)
        return JSONObject(claims)
    }

    private func validate(_ claims: JSONObject, expecting: LaunchExpectations? = nil) throws -> LaunchMessage {
        let key = try XCTUnwrap(Self.key)
        let token = try JSONWebToken.parse(try JWTSigner.sign(claims, key: key, keyID: "k"))
        return try LaunchValidator.validate(token, key: key, expecting: expecting ?? expectations())
    }

    private func code(_ claims: JSONObject, expecting: LaunchExpectations? = nil) -> String? {
        do {
            _ = try validate(claims, expecting: expecting)
            return nil
        } catch let error as LTIError {
            return error.code
        } catch {
            return "\(error)"
        }
    }

    func testAValidLaunchReadsIntoAMessage() throws {
        let message = try validate(claims())
        XCTAssertEqual(message.messageType, .resourceLink)
        XCTAssertEqual(message.subject, "u-1")
        XCTAssertEqual(message.name, "Ada Lovelace", "given and family names when there is no name")
        XCTAssertEqual(message.custom.map(\.name), ["exercise", "zeta"], "custom parameters sorted by name")
        XCTAssertEqual(message.customValue("exercise"), "e")
        XCTAssertEqual(message.gradeService?.canPostScores, true)
        XCTAssertEqual(LTIRole.map(message.roles), .student)
    }

    func testAudienceRules() {
        XCTAssertNil(code(claims { $0.append(("azp", "tool")) }))
        XCTAssertEqual(code(claims { $0[1] = ("aud", ["tool", "other"]) }), "missing_claim", "several audiences need azp")
        XCTAssertNil(code(claims { $0[1] = ("aud", ["tool", "other"]); $0.append(("azp", "tool")) }))
        XCTAssertEqual(code(claims { $0.append(("azp", "other")) }), "wrong_audience")
        XCTAssertEqual(code(claims { $0[1] = ("aud", ["other"]) }), "wrong_audience")
    }

    func testTimeRulesAllowSmallClockSkewOnly() {
        XCTAssertNil(code(claims { $0[4] = ("exp", .number(self.now - 30)) }), "30 s of skew is tolerated")
        XCTAssertEqual(code(claims { $0[4] = ("exp", .number(self.now - 90)) }), "expired")
        XCTAssertEqual(code(claims { $0[3] = ("iat", .number(self.now + 600)) }), "not_yet_valid")
        XCTAssertEqual(code(claims { $0[3] = ("iat", .number(self.now - 7200)) }), "expired")
    }

    func testNonceIssuerVersionAndMessageType() {
        XCTAssertEqual(code(claims { $0[5] = ("nonce", "n-2") }), "wrong_nonce")
        XCTAssertNil(code(claims { $0[5] = ("nonce", "n-2") }, expecting: expectations(nonce: nil)), "nil: the caller compares")
        XCTAssertEqual(code(claims { $0[0] = ("iss", "https://evil.example") }), "wrong_issuer")
        XCTAssertEqual(code(claims { $0[10] = (LTIClaim.version, "1.1") }), "unsupported_version")
        XCTAssertEqual(code(claims { $0[9] = (LTIClaim.messageType, "LtiSubmissionReviewRequest") }), "unsupported_message")
        XCTAssertEqual(code(claims { $0.remove(at: 11) }), "missing_claim")
        XCTAssertEqual(code(claims { $0[2] = ("sub", "") }), "missing_claim")
    }

    func testRoleMapping() {
        XCTAssertEqual(LTIRole.map(["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",
                                    "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"]), .instructor)
        XCTAssertEqual(LTIRole.map(["http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"]), .instructor)
        XCTAssertEqual(LTIRole.map(["Learner"]), .student)
        XCTAssertNil(LTIRole.map(["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"]))
        XCTAssertNil(LTIRole.map(["http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"]))
        XCTAssertNil(LTIRole.map([]))
    }

    /// Seeded random mutations of a valid token (bytes flipped, inserted, deleted, segments
    /// swapped): the reader never traps, and no mutation that changes the token validates.
    func testMutatedTokensNeverValidateAndNeverTrap() throws {
        let key = try XCTUnwrap(Self.key)
        let valid = Array(try JWTSigner.sign(claims(), key: key, keyID: "k").utf8)
        let alphabet = Array("ABCxyz019-_.=+/ {}\"\u{0}".utf8)
        var random = SplitMix64(seed: 1793)
        var parsed = 0
        for round in 0..<2500 {
            var bytes = valid
            for _ in 0...Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0...4, using: &random) {
                case 0: bytes[Int.random(in: 0..<bytes.count, using: &random)] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: Int.random(in: 0...bytes.count, using: &random))
                case 2: if bytes.count > 1 { bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random)) }
                case 3: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
                default:
                    let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map(Array.init)
                    if parts.count == 3 { bytes = parts[1] + [UInt8(ascii: ".")] + parts[0] + [UInt8(ascii: ".")] + parts[2] }
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "x")] }
            }
            guard let token = try? JSONWebToken.parse(bytes: bytes) else { continue }
            parsed += 1
            let accepted = (try? LaunchValidator.validate(token, key: key, expecting: expectations())) != nil
            if bytes != valid {
                // Base64url has one encoding per value, so a changed token is changed content.
                XCTAssertFalse(accepted, "round \(round): a mutated token validated: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(parsed, 100, "enough mutations still read, so validation was exercised")
        // Random bytes, not shaped like a token at all.
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try? JSONWebToken.parse(bytes: bytes)
            _ = try? JSONWebKeySet.parse(bytes: bytes)
        }
    }

    func testTheReaderSaysWhatIsWrongAndWhere() {
        func message(_ text: String) -> String {
            do {
                _ = try JSONWebToken.parse(text)
                return "read"
            } catch {
                return error.message
            }
        }
        XCTAssertTrue(message("a.b").contains("2 segment"))
        XCTAssertTrue(message("a.b.c.d").contains("more than three"))
        XCTAssertTrue(message("!!.e30.").contains("header"))
        XCTAssertTrue(message("e30.W10.").contains("payload segment is an array"))
        XCTAssertTrue(message(String(repeating: "a", count: 70_000)).contains("bytes long"))
    }
}
