import XCTest
import JSON
import SeededRandom

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValueKeepingMemberOrder() throws {
        let text = """
        {"zeta": [1, -2.5, 3e2, true, false, null],
         "alpha": {"nested": "text", "empty": {}, "list": []},
         "middle": ""}
        """
        let expected: JSONValue = [
            "zeta": [1, -2.5, 300, true, false, nil],
            "alpha": ["nested": "text", "empty": [:], "list": []],
            "middle": "",
        ]
        let parsed = try JSONParser.parse(text)
        XCTAssertEqual(parsed, expected)
        XCTAssertEqual(parsed.objectValue?.keys, ["zeta", "alpha", "middle"])
    }

    func testScalarDocumentsAndSurroundingWhitespace() throws {
        XCTAssertEqual(try JSONParser.parse(" \t\r\n 42 \n"), 42)
        XCTAssertEqual(try JSONParser.parse("\"x\""), "x")
        XCTAssertEqual(try JSONParser.parse("null"), nil)
        XCTAssertEqual(try JSONParser.parse("true"), true)
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse("\u{FEFF}[1]"), [1])
        XCTAssertEqual(try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF, 0x31]), 1)
    }

    func testByteCollectionsWithAndWithoutContiguousStorage() throws {
        let bytes = Array("{\"a\":[1,2]}".utf8)
        let expected: JSONValue = ["a": [1, 2]]
        XCTAssertEqual(try JSONParser.parse(bytes: bytes), expected)
        XCTAssertEqual(try JSONParser.parse(bytes: bytes[...]), expected)
        XCTAssertEqual(try JSONParser.parse(bytes: bytes.lazy.map { $0 }), expected)
    }

    func testNumbers() throws {
        XCTAssertEqual(try JSONParser.parse("0"), 0)
        XCTAssertEqual(try JSONParser.parse("-0").doubleValue?.sign, .minus)
        XCTAssertEqual(try JSONParser.parse("1.5e3"), 1500)
        XCTAssertEqual(try JSONParser.parse("1E-2"), 0.01)
        XCTAssertEqual(try JSONParser.parse("25e+1"), 250)
        XCTAssertEqual(try JSONParser.parse("0.1"), 0.1)
        XCTAssertEqual(try JSONParser.parse("999999999999999"), 999_999_999_999_999)
        XCTAssertEqual(try JSONParser.parse("-9223372036854775808"), .number(-0x1p63))
        // 2^53 + 1 is not representable; correct rounding gives 2^53.
        XCTAssertEqual(try JSONParser.parse("9007199254740993"), .number(0x1p53))
        XCTAssertEqual(try JSONParser.parse("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
        XCTAssertEqual(try JSONParser.parse("1" + String(repeating: "0", count: 300)), .number(1e300))
        // Underflow is not an error: the nearest double is zero.
        XCTAssertEqual(try JSONParser.parse("1e-400"), 0)
    }

    func testStringsAndEscapes() throws {
        XCTAssertEqual(try JSONParser.parse(#""\"\\\/\b\f\n\r\t""#), "\"\\/\u{8}\u{C}\n\r\t")
        XCTAssertEqual(try JSONParser.parse(#""\u0041\u00e9\u20AC""#), "Aé€")
        XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00 smile""#), "😀 smile")
        XCTAssertEqual(try JSONParser.parse(#""nul\u0000byte""#), "nul\u{0}byte")
        XCTAssertEqual(try JSONParser.parse("\"raw é 😀 \u{7F}\""), "raw é 😀 \u{7F}")
    }

    func testSyntaxErrorsSayWhatWasExpectedAndWhere() {
        let cases: [(String, String)] = [
            ("", "1:1: expected a value, found end of input"),
            ("   ", "1:4: expected a value, found end of input"),
            ("{\"a\": 1,\n  \"b\" 2}", "2:7: expected ':' after object key"),
            ("{\"a\": 1\n  \"b\": 2}", "2:3: expected ',' or '}' after object member"),
            ("[1 2]", "1:4: expected ',' or ']' after array element"),
            ("[1,]", "1:4: expected a value, found ']'"),
            ("{,}", "1:2: expected a string key or '}'"),
            ("{\"a\":1,}", "1:8: expected a string key after ','"),
            ("{'a':1}", "1:2: expected a string key or '}'"),
            ("[1] 2", "1:5: expected end of input after the top-level value"),
            ("// comment\n1", "1:1: expected a value, found '/'"),
            ("True", "1:1: expected a value, found 'T'"),
            ("nul", "1:1: invalid literal, expected 'null'"),
            ("[tru]", "1:2: invalid literal, expected 'true'"),
            ("\u{FEFF}{\"a\" 1}", "1:6: expected ':' after object key"),
            ("[\"é\", x]", "1:7: expected a value, found 'x'"),
            ("[1,\r\n x]", "2:2: expected a value, found 'x'"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(parseError(text)?.description, expected, "input: \(text.debugDescription)")
        }
    }

    func testNumberErrors() {
        let cases: [(String, String)] = [
            ("01", "1:1: leading zeros are not allowed in numbers"),
            ("-01", "1:2: leading zeros are not allowed in numbers"),
            ("-", "1:2: expected a digit after '-'"),
            ("-a", "1:2: expected a digit after '-'"),
            ("1.", "1:3: expected a digit after '.' in number"),
            ("1.e5", "1:3: expected a digit after '.' in number"),
            (".5", "1:1: expected a value, found '.'"),
            ("+1", "1:1: expected a value, found '+'"),
            ("1e", "1:3: expected a digit in number exponent"),
            ("1e+", "1:4: expected a digit in number exponent"),
            ("1e400", "1:1: number out of range"),
            ("[0, -1e400]", "1:5: number out of range"),
            ("1" + String(repeating: "0", count: 400), "1:1: number out of range"),
            ("NaN", "1:1: expected a value, found 'N'"),
            ("-Infinity", "1:2: expected a digit after '-'"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(parseError(text)?.description, expected, "input: \(text.prefix(20).debugDescription)")
        }
    }

    func testStringErrors() {
        let cases: [(String, String)] = [
            ("\"abc", "1:1: unterminated string"),
            ("[\"abc\\\"]", "1:2: unterminated string"),
            ("\"a\tb\"", "1:3: unescaped control character U+0009 in string"),
            ("\"a\nb\"", "1:3: unescaped control character U+000A in string"),
            ("\"a\u{0}\"", "1:3: unescaped control character U+0000 in string"),
            (#""\q""#, #"1:2: invalid escape sequence '\q'"#),
            (#""\u12G4""#, #"1:2: expected 4 hex digits after \u"#),
            (#""\u12""#, #"1:2: expected 4 hex digits after \u"#),
            (#""\uDC00""#, #"1:2: unpaired surrogate \uDC00: a low surrogate must follow a high surrogate"#),
            (#""\uD800x""#, #"1:2: unpaired surrogate \uD800: a high surrogate must be followed by a low surrogate escape"#),
            (#""\uD800\u0041""#, #"1:2: unpaired surrogate \uD800: followed by \u0041, not a low surrogate"#),
            (#""\uD800\uZZZZ""#, #"1:8: expected 4 hex digits after \u"#),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(parseError(text)?.description, expected, "input: \(text.debugDescription)")
        }
    }

    func testDuplicateKeysAreErrorsNamingTheKey() {
        XCTAssertEqual(parseError("{\"a\":1,\"b\":2,\"a\":3}")?.description, "1:14: duplicate key \"a\"")
        // Large objects check duplicates through a hash set; the position is still the repeated key's.
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\n\"k7\": 0"]
        XCTAssertEqual(parseError("{" + members.joined(separator: ",") + "}")?.description, "2:1: duplicate key \"k7\"")
        // Long keys are shortened in the message.
        let longKey = String(repeating: "k", count: 100)
        XCTAssertEqual(parseError("{\"\(longKey)\":1,\"\(longKey)\":2}")?.message,
                       "duplicate key \"\(longKey.prefix(60))…\"")
        // The same key in different objects is fine.
        XCTAssertNoThrow(try JSONParser.parse("[{\"a\":1},{\"a\":2}]"))
    }

    func testInvalidUTF8IsRejectedWithItsPosition() {
        let quote: UInt8 = 0x22
        let malformed: [[UInt8]] = [
            [0xFF], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82],
        ]
        for sequence in malformed {
            let error = parseError(bytes: [quote, 0x61] + sequence + [quote])
            XCTAssertEqual(error?.line, 1)
            XCTAssertEqual(error?.column, 3, "sequence \(sequence)")
            XCTAssertEqual(error?.message.hasPrefix("invalid UTF-8 byte 0x"), true, "sequence \(sequence)")
        }
        XCTAssertEqual(parseError(bytes: [0xFF])?.description, "1:1: expected a value, found invalid UTF-8 byte 0xFF")
        // The longest well-formed sequences of each length are accepted.
        XCTAssertEqual(try JSONParser.parse(bytes: [quote, 0xDF, 0xBF, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF, quote]),
                       "\u{7FF}\u{FFFF}\u{10FFFF}")
    }

    func testNulBytesOutsideStrings() {
        XCTAssertEqual(parseError("\u{0}")?.description, "1:1: expected a value, found control character U+0000")
        XCTAssertEqual(parseError("[1]\u{0}")?.description, "1:4: expected end of input after the top-level value")
        XCTAssertEqual(parseError("[1,\u{0}2]")?.description, "1:4: expected a value, found control character U+0000")
    }

    func testDepthLimit() throws {
        let limit = JSONLimits.default.maxDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        XCTAssertNoThrow(try JSONParser.parse(atLimit))
        let beyond = "[" + atLimit + "]"
        XCTAssertEqual(parseError(beyond)?.description, "1:\(limit + 1): nesting exceeds the depth limit of \(limit)")
        XCTAssertEqual(parseError(String(repeating: "[", count: 10_000))?.description,
                       "1:\(limit + 1): nesting exceeds the depth limit of \(limit)")
        XCTAssertEqual(parseError(String(repeating: "{\"a\":", count: 10_000))?.column, 5 * limit + 1)
        XCTAssertEqual(parseError("[[]]", limits: JSONLimits(maxDepth: 1))?.description,
                       "1:2: nesting exceeds the depth limit of 1")
        XCTAssertEqual(parseError("{}", limits: JSONLimits(maxDepth: 0))?.column, 1)
    }

    func testDepthLimitIsCappedAndDeepDocumentsStillWork() throws {
        let limits = JSONLimits(maxDepth: 50_000)
        XCTAssertEqual(limits.maxDepth, JSONLimits.depthCeiling)
        let depth = JSONLimits.depthCeiling
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        let value = try JSONParser.parse(text, limits: limits)
        XCTAssertEqual(value.serialized(), text)
        XCTAssertNotNil(parseError("[" + text + "]", limits: limits))
    }

    func testSizeLimit() throws {
        let limits = JSONLimits(maxBytes: 10)
        XCTAssertNoThrow(try JSONParser.parse("[1,2,3,45]", limits: limits))
        XCTAssertEqual(parseError("[1,2,3,456]", limits: limits)?.description,
                       "1:1: document of 11 bytes exceeds the limit of 10 bytes")
        XCTAssertEqual(parseError(bytes: Array("[1,2,3,456]".utf8), limits: limits)?.description,
                       "1:1: document of 11 bytes exceeds the limit of 10 bytes")
        XCTAssertEqual(JSONLimits.default.maxBytes, 1 << 20)
    }

    func testStringLimitCountsDecodedUTF8Bytes() throws {
        let limits = JSONLimits(maxStringBytes: 3)
        XCTAssertEqual(try JSONParser.parse(#"["abc", "\u00e9", "é"]"#, limits: limits), ["abc", "é", "é"])
        XCTAssertEqual(parseError(#"[1, "abcd"]"#, limits: limits)?.description,
                       "1:5: string of 4 bytes exceeds the limit of 3 bytes")
        XCTAssertEqual(parseError(#""ab\u00e9""#, limits: limits)?.description,
                       "1:1: string of 4 bytes exceeds the limit of 3 bytes")
        XCTAssertEqual(parseError(#"{"abcd": 1}"#, limits: limits)?.description,
                       "1:2: string of 4 bytes exceeds the limit of 3 bytes")
    }

    func testElementLimitCountsEveryValue() throws {
        let limits = JSONLimits(maxElements: 4)
        XCTAssertNoThrow(try JSONParser.parse("[1,2,3]", limits: limits))
        XCTAssertEqual(parseError("[1,2,3,4]", limits: limits)?.description, "1:8: document has more than 4 values")
        XCTAssertEqual(parseError("{\"a\":[[]],\"b\":{},\"c\":1}", limits: limits)?.description,
                       "1:22: document has more than 4 values")
    }

    func testRandomlyCorruptedDocumentsNeverCrash() {
        var generator = SplitMix64(seed: 0x5EED)
        let seed = Array("""
        {"name": "Lectern \\u00e9 😀", "list": [1, -2.5e3, true, null, {"deep": [[], {}]}], "s": "a\\nb"}
        """.utf8)
        let interesting: [UInt8] = Array("{}[]\",:\\-0123456789eE.tfnu ".utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        var failures = 0
        for _ in 0..<3_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = interesting.randomElement(using: &generator) ?? 0
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = byte
                case 1: bytes.insert(byte, at: index)
                default: if bytes.count > 1 { bytes.remove(at: index) }
                }
            }
            do throws(JSONParseError) {
                let value = try JSONParser.parse(bytes: bytes)
                // Whatever parses must survive a round trip.
                XCTAssertEqual(try JSONParser.parse(value.serialized()), value)
            } catch {
                failures += 1
                let lines = bytes.filter { $0 == 0x0A }.count + 1
                XCTAssertTrue((1...lines).contains(error.line), "\(error)")
                XCTAssertTrue((1...bytes.count + 1).contains(error.column), "\(error)")
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(failures, 0)
    }
}
