import XCTest
import AutoLayout

/// Random input never crashes or hangs: it parses and solves, or it is rejected with located errors.
final class RobustnessTests: XCTestCase {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private let fragments = [
        "H:", "V:", "|", "-", "[", "]", "(", ")", ",", "@", "==", "<=", ">=", "a", "b", "gap", "superview",
        "standard", ".", "leading", "width", "top", "centerX", " ", "8", "-20", "0.5", "*", "+", "1e9", "750",
        "view", "guide", "metric", "=", "label", "in", "x", "é", "#", "required",
    ]

    func testRandomLinesAreParsedOrRejectedWithLocations() {
        var random = SplitMix(state: 42)
        let header = "metric gap = 12\nview a label 20x10\nview b in a\n"
        var parsed = 0
        for _ in 0..<1_500 {
            let count = Int.random(in: 1...12, using: &random)
            let line = (0..<count).map { _ in fragments.randomElement(using: &random) ?? "" }.joined()
            let text = header + line
            do throws(LayoutErrors) {
                let document = try LayoutDocument.parse(text)
                let result = document.solve(portrait)
                XCTAssertEqual(result.frames.count, document.items.count)
                XCTAssertTrue(result.frames.allSatisfy { $0.frame.x.isFinite && $0.frame.width.isFinite })
                parsed += 1
            } catch {
                XCTAssertFalse(error.errors.isEmpty)
                for located in error.errors {
                    XCTAssertTrue((1...4).contains(located.location.line), "\(located) in \(line)")
                    XCTAssertGreaterThanOrEqual(located.location.column, 1)
                }
            }
        }
        XCTAssertGreaterThan(parsed, 0, "some random lines should be valid")
    }
}
