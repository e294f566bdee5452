import Foundation
import JSON
import LTI
import SeededRandom
import XCTest

final class ToolMessagesTests: XCTestCase {
    /// Differential: our ISO 8601 writer against Foundation's formatter on random instants.
    func testTimestampsMatchFoundationsFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var random = SplitMix64(seed: 4)
        for _ in 0..<2000 {
            let milliseconds = Double(Int64.random(in: 0...4_102_444_800_000, using: &random))
            let seconds = milliseconds / 1000
            XCTAssertEqual(ToolMessages.iso8601(seconds), formatter.string(from: Date(timeIntervalSince1970: seconds)), "\(seconds)")
        }
        XCTAssertEqual(ToolMessages.iso8601(0), "1970-01-01T00:00:00.000Z")
    }

    func testAScoreHasTheFieldsAGSRequires() throws {
        let json = try JSONParser.parse(ToolMessages.score(userID: "u-1", given: 7.5, maximum: 10, timestamp: 1_800_000_000.25))
        XCTAssertEqual(json["userId"]?.stringValue, "u-1")
        XCTAssertEqual(json["scoreGiven"]?.doubleValue, 7.5)
        XCTAssertEqual(json["scoreMaximum"]?.doubleValue, 10)
        XCTAssertEqual(json["activityProgress"]?.stringValue, "Completed")
        XCTAssertEqual(json["gradingProgress"]?.stringValue, "FullyGraded")
        XCTAssertEqual(json["timestamp"]?.stringValue, "2027-01-15T08:00:00.250Z")
    }

    func testTheDeepLinkingResponseAnswersTheRequest() throws {
        let request = LaunchMessage(messageType: .deepLinking, issuer: "https://lms.example", clientID: "tool", deploymentID: "d-1", subject: "t",
                                    deepLinking: .init(returnURL: "https://lms.example/return", acceptTypes: ["ltiResourceLink"],
                                                       acceptMultiple: true, data: "opaque"))
        let claims = ToolMessages.deepLinkingResponse(to: request, items: [
            .init(title: "Corners", url: "https://lectern.example/courses/c/exercises/corners", exercise: "c/corners", scoreMaximum: 100),
        ], now: 1_800_000_000, nonce: "n")
        XCTAssertEqual(claims["iss"]?.stringValue, "tool")
        XCTAssertEqual(claims["aud"]?.stringValue, "https://lms.example")
        XCTAssertEqual(claims[LTIClaim.messageType]?.stringValue, "LtiDeepLinkingResponse")
        XCTAssertEqual(claims[LTIClaim.deepLinkingData]?.stringValue, "opaque")
        let item = try XCTUnwrap(claims[LTIClaim.deepLinkingContentItems]?[0])
        XCTAssertEqual(item["type"]?.stringValue, "ltiResourceLink")
        XCTAssertEqual(item["lineItem"]?["scoreMaximum"]?.doubleValue, 100)
        XCTAssertEqual(item["custom"]?["exercise"]?.stringValue, "c/corners")
    }

    func testPlatformAnswersAreReadWithinLimits() throws {
        let token = try PlatformResponses.accessToken(Array(#"{"access_token":"abc","expires_in":99999999}"#.utf8))
        XCTAssertEqual(token.token, "abc")
        XCTAssertEqual(token.expiresIn, 24 * 3600, "a lifetime is capped at a day")
        XCTAssertThrowsError(try PlatformResponses.accessToken(Array(#"{"error":"invalid_client"}"#.utf8)))
        let members = try PlatformResponses.members(Array(#"{"members":[{"user_id":"a","given_name":"A","family_name":"B","roles":["Learner"]},{"name":"no id"}]}"#.utf8))
        XCTAssertEqual(members.map(\.userID), ["a"])
        XCTAssertEqual(members.first?.name, "A B")
        XCTAssertEqual(members.first?.active, true)
    }

    func testFormEncoding() {
        XCTAssertEqual(ToolMessages.formEncode("a b&c=d/é"), "a+b%26c%3Dd%2F%C3%A9")
    }
}
