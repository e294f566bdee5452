import XCTest
import JSON
import SeededRandom

final class JSONWriterTests: XCTestCase {
    private func written(_ value: some JSONWritable, htmlSafe: Bool = false) -> String {
        var writer = JSONWriter(htmlSafe: htmlSafe)
        writer.value(value)
        return writer.string
    }

    func testNumberFormatting() {
        let cases: [(Double, String)] = [
            (1, "1"), (-1, "-1"), (0, "0"), (-0.0, "0"), (1.5, "1.5"), (-2.25, "-2.25"), (0.1, "0.1"),
            (1e15, "1000000000000000"), (1e300, "1e+300"), (1e-7, "1e-07"), (.leastNonzeroMagnitude, "5e-324"),
            (0x1p63, "9.223372036854776e+18"), (-0x1p62, "-4611686018427387904"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ]
        for (number, expected) in cases {
            XCTAssertEqual(written(number), expected, "number \(number)")
        }
        XCTAssertEqual(written(Int.max), "9223372036854775807")
        XCTAssertEqual(written(Int.min), "-9223372036854775808")
        XCTAssertEqual(written(Int64(-42)), "-42")
        XCTAssertEqual(written(0), "0")
    }

    func testEveryFormattedNumberParsesBackToTheSameValue() throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let number = Double(bitPattern: generator.next())
            guard number.isFinite else { continue }
            let parsed = try JSONParser.parse(written(number))
            XCTAssertEqual(parsed.doubleValue, number, "number \(number)")
        }
    }

    func testStringEscaping() {
        XCTAssertEqual(written("plain"), #""plain""#)
        XCTAssertEqual(written("q\"b\\s/"), #""q\"b\\s/""#)
        XCTAssertEqual(written("\u{8}\u{C}\n\r\t"), #""\b\f\n\r\t""#)
        XCTAssertEqual(written("\u{0}\u{1}\u{1F}\u{7F}"), "\"\\u0000\\u0001\\u001f\u{7F}\"")
        XCTAssertEqual(written("é 😀 \u{2028}"), "\"é 😀 \u{2028}\"")
        XCTAssertEqual(written("<a href=\"x\">&</a>"), #""<a href=\"x\">&</a>""#)
        XCTAssertEqual(written(Substring("sub\"string")), #""sub\"string""#)
    }

    func testHTMLSafeEscaping() {
        XCTAssertEqual(written("</script>&amp;", htmlSafe: true), #""\u003c/script\u003e\u0026amp;""#)
        XCTAssertEqual(written("a\u{2028}b\u{2029}c\u{2027}", htmlSafe: true), "\"a\\u2028b\\u2029c\u{2027}\"")
        var writer = JSONWriter(htmlSafe: true)
        writer.beginObject()
        writer.field("<k>", "é")
        writer.endObject()
        XCTAssertEqual(writer.string, #"{"\u003ck\u003e":"é"}"#)
    }

    func testCommasAreInsertedAutomatically() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("a", 1)
        writer.key("b")
        writer.beginArray()
        writer.number(1.5)
        writer.string("x")
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.null()
        writer.bool(false)
        writer.endArray()
        writer.endArray()
        writer.field("c", [Int]())
        writer.endObject()
        XCTAssertEqual(writer.string, #"{"a":1,"b":[1.5,"x",{},[null,false]],"c":[]}"#)
        XCTAssertEqual(writer.bytes, Array(writer.string.utf8))
    }

    func testPrettyPrintingUsesTwoSpaceIndentation() {
        let value: JSONValue = ["name": "x", "list": [1, [], ["k": true]], "empty": [:]]
        let expected = """
        {
          "name": "x",
          "list": [
            1,
            [],
            {
              "k": true
            }
          ],
          "empty": {}
        }
        """
        XCTAssertEqual(value.serialized(pretty: true), expected)
        XCTAssertEqual(JSONValue.array([]).serialized(pretty: true), "[]")
    }

    func testWritableConformances() {
        XCTAssertEqual(written([Int?.some(1), nil]), "[1,null]")
        XCTAssertEqual(written([[true], [false]]), "[[true],[false]]")
        XCTAssertEqual(written(["b": 2, "a": 1, "c": 3]), #"{"a":1,"b":2,"c":3}"#)
        XCTAssertEqual(written(JSONObject([("z", 1), ("a", "s")])), #"{"z":1,"a":"s"}"#)
        XCTAssertEqual(written(["x": [1.5, 2]] as JSONValue), #"{"x":[1.5,2]}"#)
    }
}
