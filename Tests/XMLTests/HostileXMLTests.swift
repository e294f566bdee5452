import XCTest
import XML

/// Documents built to hurt a reader: each is an error at a line and column, within the limits.
final class HostileXMLTests: XCTestCase {
    private func error(_ bytes: [UInt8], limits: XMLLimits = .default, file: StaticString = #filePath,
                       line: UInt = #line) -> XMLError? {
        do {
            _ = try XMLDocument.parse(bytes, limits: limits)
            XCTFail("expected the document to be refused", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testBillionLaughsIsRefusedAtTheDoctype() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<lolz>&lol9;</lolz>\n"
        let failure = try XCTUnwrap(error(Array(text.utf8)))
        XCTAssertEqual(failure.line, 2)
        XCTAssertEqual(failure.column, 1)
        XCTAssertTrue(failure.message.contains("DOCTYPE"))
    }

    func testExternalEntitiesAreRefused() throws {
        let withDoctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<r>&xxe;</r>"
        XCTAssertTrue(try XCTUnwrap(error(Array(withDoctype.utf8))).message.contains("DOCTYPE"))
        // Without the declaration, the reference alone is refused too.
        let failure = try XCTUnwrap(error(Array("<r>\n  &xxe;</r>".utf8)))
        XCTAssertEqual("\(failure.line):\(failure.column)", "2:3")
        XCTAssertTrue(failure.message.contains("refused"))
    }

    func testDeepNestingStopsAtTheDepthLimit() throws {
        let depth = 100_000
        let bytes = Array(String(repeating: "<a>", count: depth).utf8) + Array(String(repeating: "</a>", count: depth).utf8)
        let failure = try XCTUnwrap(error(bytes))
        XCTAssertEqual(failure.line, 1)
        XCTAssertEqual(failure.column, 3 * XMLLimits.default.maxDepth + 1)
        XCTAssertTrue(failure.message.contains("nested too deeply"))
    }

    func testFiftyMegabyteAttribute() throws {
        let huge = Array("<a v=\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20) + Array("\"/>".utf8)
        // Over the document size limit: refused before reading.
        let tooLarge = try XCTUnwrap(error(huge))
        XCTAssertEqual("\(tooLarge.line):\(tooLarge.column)", "1:1")
        XCTAssertTrue(tooLarge.message.contains("too large"))
        // With room for the document, the attribute limit stops it at the value.
        let long = try XCTUnwrap(error(huge, limits: XMLLimits(maxBytes: 64 << 20)))
        XCTAssertEqual("\(long.line):\(long.column)", "1:6")
        XCTAssertTrue(long.message.contains("attribute value too long"))
    }

    func testElementAndAttributeCountLimits() throws {
        let many = Array(("<a>" + String(repeating: "<b/>", count: 20) + "</a>").utf8)
        let elements = try XCTUnwrap(error(many, limits: XMLLimits(maxElements: 10)))
        XCTAssertTrue(elements.message.contains("too many elements"))
        XCTAssertEqual(elements.column, 4 + 9 * 4)
        let attributes = Array(("<a " + (0..<10).map { "k\($0)=\"\($0)\"" }.joined(separator: " ") + "/>").utf8)
        XCTAssertTrue(try XCTUnwrap(error(attributes, limits: XMLLimits(maxAttributes: 5))).message.contains("too many attributes"))
    }

    func testEveryTruncationOfADocumentIsAnError() throws {
        let text = """
            <?xml version="1.0"?>
            <doc kind="x"><!-- note --><item a='1' b="&amp;"/><![CDATA[x]]><t>y</t></doc>
            """
        let bytes = Array(text.utf8)
        XCTAssertNoThrow(try XMLDocument.parse(bytes))
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            do {
                _ = try XMLDocument.parse(prefix)
                XCTFail("a document cut at \(length) bytes parsed")
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertLessThanOrEqual(error.line, 2)
                XCTAssertGreaterThanOrEqual(error.column, 1)
            }
        }
    }
}
