import XCTest
import Captions

final class SearchHighlightsTests: XCTestCase {
    private func marked(_ query: String, _ text: String) -> String {
        var output = ""
        var position = text.startIndex
        for range in SearchQuery(parsing: query).highlights(in: text) {
            output += text[position..<range.lowerBound] + "<" + text[range] + ">"
            position = range.upperBound
        }
        return output + text[position...]
    }

    func testWordsMatchByStem() {
        // Porter2 takes "magically" through magicalli → magical → magic.
        XCTAssertEqual(marked("magic number", "These Magic Numbers, magically numbered, magician."),
                       "These <Magic> <Numbers>, <magically> <numbered>, magician.")
        XCTAssertEqual(marked("магическими числами", "Магические числа — это плохо"), "<Магические> <числа> — это плохо")
    }

    func testPrefixesPhrasesAndExclusions() {
        XCTAssertEqual(marked("anim* -layout", "Animation and layout: animate!"), "<Animation> and layout: <animate>!")
        XCTAssertEqual(marked("\"magic numbers\" numbers", "magic numbers, numbers, magic"),
                       "<magic numbers>, <numbers>, magic")
        XCTAssertEqual(marked("-only", "only exclusions"), "only exclusions")
    }
}
