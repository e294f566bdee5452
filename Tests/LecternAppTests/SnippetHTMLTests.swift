import Store
import XCTest
@testable import LecternApp

/// The Store cuts snippets as plain text; the HTML module escapes them.
final class SnippetHTMLTests: XCTestCase {
    func testTheTextIsEscapedAndMatchesMarked() {
        let snippet = SearchSnippet(pieces: [.init(text: "a & <b> ", isMatch: false), .init(text: "<i>\"q\"", isMatch: true)],
                                    cutBefore: true, cutAfter: true)
        XCTAssertEqual(SnippetHTML(snippet).string, "…a &amp; &lt;b&gt; <mark>&lt;i&gt;\"q\"</mark>…")
        XCTAssertEqual(SnippetHTML(.empty).string, "")
    }
}
