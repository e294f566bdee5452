import XCTest
@testable import AutoLayout

/// `LineScanner.containsWord` and `markWords` find a whole identifier (a maximal run of letters, digits and `_`)
/// from the scanner's position on: checked against a plain oracle over seeded random lines made
/// of words, near-words, numbers, punctuation and non-ASCII text, from every starting position.
final class LineScannerWordTests: XCTestCase {
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// The oracle: the maximal word runs that start at or after `from` (a run begun before it does not count).
    private static func oracle(_ bytes: [UInt8], from: Int, word: [UInt8]) -> Bool {
        var position = 0
        while position < bytes.count {
            guard isWordByte(bytes[position]) else {
                position += 1
                continue
            }
            var end = position
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            if position >= from, Array(bytes[position..<end]) == word { return true }
            position = end
        }
        return false
    }

    func testContainsWordMatchesTheOracleFromEveryPosition() {
        let pieces = ["safeArea", "safeAreas", "xsafeArea", "safeArea2", "safe", "Area", "margins", "_margins",
                      "1margins", ".", " ", "-", "[", "]", "==", "é", "→", "42", "topLayoutGuide", "\t", "(", "@"]
        let words = ["safeArea", "margins", "topLayoutGuide", "42", "é"].map { Array($0.utf8) }
        var state: UInt64 = 7
        var checked = 0
        for _ in 0..<400 {
            var line = ""
            for _ in 0..<Int(state % 9) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                line += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bytes = Array(line.utf8)
            // Every character boundary as a starting position.
            var scanner = LineScanner(Substring(line), line: 1)
            var characters = Array(line)[...]
            while true {
                for word in words {
                    XCTAssertEqual(scanner.containsWord(utf8: word), Self.oracle(bytes, from: scanner.index, word: word),
                                   "'\(line)' from \(scanner.index), word \(String(decoding: word, as: UTF8.self))")
                    checked += 1
                }
                var found = [Bool](repeating: false, count: words.count)
                scanner.markWords(words, in: &found)
                XCTAssertEqual(found, words.map { Self.oracle(bytes, from: scanner.index, word: $0) }, "'\(line)'")
                guard let next = characters.popFirst() else { break }
                XCTAssertTrue(scanner.consume(String(next)))
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
    }
}
