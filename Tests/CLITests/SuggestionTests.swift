import XCTest
@testable import CLI

final class SuggestionTests: XCTestCase {
    func testEditDistance() {
        XCTAssertEqual(Suggestions.editDistance(Array("port"), Array("port")), 0)
        XCTAssertEqual(Suggestions.editDistance(Array("prot"), Array("port")), 1, "an adjacent swap is one edit")
        XCTAssertEqual(Suggestions.editDistance(Array("pot"), Array("port")), 1)
        XCTAssertEqual(Suggestions.editDistance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(Suggestions.editDistance(Array(""), Array("abc")), 3)
        XCTAssertEqual(Suggestions.editDistance(Array("abc"), Array("")), 3)
    }

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
        let long = String(repeating: "p", count: Suggestions.maximumComparedLength + 1)
        XCTAssertNil(Suggestions.closest(to: long, among: [long]))
    }
}
