import SourceCode
import XCTest

/// Byte-level mark search agrees with `String.contains` on the marks format detection looks for.
final class TextMarksTests: XCTestCase {
    func testAgreesWithStringContains() {
        let texts = ["", "H:|-[a]-|", "@implementation X\n@end", "view.isActive = true", "«café» — (", "aaab", "ab", "b"]
        let marks = ["@implementation", "@end", "isActive = true", "— (", "aab", "ab", "b", "", "café»", "zz"]
        for text in texts {
            let found = TextMarks(text)
            for mark in marks {
                XCTAssertEqual(found.contains(mark), mark.isEmpty || text.contains(mark), "\(text.debugDescription) ∋ \(mark.debugDescription)")
            }
            XCTAssertEqual(found.containsAny(["zz", "ab"]), text.contains("ab"))
        }
    }
}
