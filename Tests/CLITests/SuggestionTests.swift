import XCTest
@testable import CLI

final class SuggestionTests: XCTestCase {
    func testClosestPicksTheNearestCandidate() {
        XCTAssertEqual(Suggestions.closest(to: "hots", among: ["port", "host", "db"]), "host")
        XCTAssertEqual(Suggestions.closest(to: "portt", among: ["port", "host"]), "port")
    }

    func testTiesGoToTheFirstCandidate() {
        XCTAssertEqual(Suggestions.closest(to: "bat", among: ["cat", "hat"]), "cat")
        XCTAssertEqual(Suggestions.closest(to: "bat", among: ["hat", "cat"]), "hat")
    }

    func testNoSuggestionWhenTooFar() {
        XCTAssertNil(Suggestions.closest(to: "frobnicate", among: ["port", "host"]))
        XCTAssertNil(Suggestions.closest(to: "x", among: ["db"]), "two edits replace the whole name")
    }

    func testVeryLongNamesAreNotCompared() {
        let long = String(repeating: "p", count: 65)
        XCTAssertNil(Suggestions.closest(to: long, among: [long + "q"]))
    }
}
