import XCTest
import XML

/// Reading well-formed documents: elements, attributes, text, references, comments.
final class XMLDocumentTests: XCTestCase {
    func testElementsAttributesAndChildren() throws {
        let document = try XMLDocument.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment before the root -->
            <shelf id='s1' label="Top &amp; bottom">
                <book title="One"/>
                <book title="Two &#x41;&#66;"><note>kept &lt;here&gt;</note></book>
                <![CDATA[raw <text> & more]]>
            </shelf>
            """)
        let root = document.root
        XCTAssertEqual(root.name, "shelf")
        XCTAssertEqual(root["id"], "s1")
        XCTAssertEqual(root["label"], "Top & bottom")
        XCTAssertNil(root["missing"])
        XCTAssertEqual(root.children.map { $0["title"] }, ["One", "Two AB"])
        XCTAssertEqual(root.children(named: "book").count, 2)
        XCTAssertEqual(root.child(named: "book")?.line, 4)
        XCTAssertEqual(root.children[1].child(named: "note")?.text, "kept <here>")
        XCTAssertEqual(root.children[1].parent?.name, "shelf")
        XCTAssertTrue(root.text.contains("raw <text> & more"))
        XCTAssertEqual(root.attributes.map(\.name), ["id", "label"])
        XCTAssertEqual(document.elementCount, 4)
    }

    func testByteOrderMarkAndColumnsInUnicodeScalars() throws {
        let document = try XMLDocument.parse([0xEF, 0xBB, 0xBF] + Array("<a b=\"é\"><c/></a>".utf8))
        XCTAssertEqual(document.root["b"], "é")
        do {
            _ = try XMLDocument.parse("<a b=\"é\" c>")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.column, 11)
            XCTAssertEqual(error.line, 1)
        }
    }

    func testMalformedDocumentsAreErrorsAtTheirPlace() {
        let cases: [(String, String, String)] = [
            ("<a><b></a>", "1:7", "expected </b>"),
            ("<a>\n</b>", "2:1", "expected </a>"),
            ("<a x=\"1\" x=\"2\"/>", "1:10", "duplicate attribute"),
            ("<a x=1/>", "1:6", "quoted"),
            ("<a x=\"<\"/>", "1:7", "'<' is not allowed"),
            ("<a>&nbsp;</a>", "1:4", "refused"),
            ("<a>& b</a>", "1:4", "'&' must start"),
            ("<a>&#0;</a>", "1:4", "not a character"),
            ("<a/><b/>", "1:5", "second document element"),
            ("text<a/>", "1:1", "text before"),
            ("<a/>tail", "1:5", "text after"),
            ("", "1:1", "no document element"),
            ("</a>", "1:1", "no element is open"),
            ("<a x=\"1\"y=\"2\"/>", "1:9", "expected a space"),
            ("<1a/>", "1:2", "element name"),
        ]
        for (text, location, message) in cases {
            do {
                _ = try XMLDocument.parse(text)
                XCTFail("\(text) should fail")
            } catch {
                XCTAssertEqual("\(error.line):\(error.column)", location, "\(text): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(text): \(error)")
            }
        }
    }
}
