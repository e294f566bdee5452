import HTML
import XCTest

/// The one escaper, in each context it serves.
final class MarkupEscapingTests: XCTestCase {
    func testTextEscapesTheThreeDelimitersAndDropsNUL() {
        XCTAssertEqual(Markup.escape("a < b && c > \"d\" 'e'\u{0}"), "a &lt; b &amp;&amp; c &gt; \"d\" 'e'")
        XCTAssertEqual(Markup.escape("plain text: café"), "plain text: café")
    }

    func testAttributesAlsoEscapeQuotes() {
        XCTAssertEqual(Markup.escape("say \"hi\" & 'bye'", .attribute), "say &quot;hi&quot; &amp; &#39;bye&#39;")
    }

    func testXMLReplacesCharactersXMLForbidsSoTheDocumentStaysWellFormed() {
        XCTAssertEqual(Markup.escape("a\u{1}b\u{0}c\u{FFFE}d\u{FFFF}\te\nf\r<g>", .xml),
                       "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}\te\nf\r&lt;g&gt;")
        XCTAssertEqual(Markup.escape("\u{FEFF}ok \u{1F600} \"q\"", .xml), "\u{FEFF}ok \u{1F600} &quot;q&quot;",
                       "other characters, including those whose UTF-8 starts like U+FFFE, pass")
    }

    func testTheDSLRendersThroughTheSameEscaper() {
        let page = p(.class("x\"y")) { "1 < 2 & 3" }
        XCTAssertEqual(page.renderString(), "<p class=\"x&quot;y\">1 &lt; 2 &amp; 3</p>")
    }
}
