import XCTest
import JSON
import SeededRandom

final class JSONRoundTripTests: XCTestCase {
    /// Characters that exercise every escaping rule and every UTF-8 sequence length.
    private let alphabet: [Character] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "<", "&",
        "é", "€", "\u{2028}", "😀", "\u{10FFFF}",
    ]

    private func randomString(_ generator: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...8, using: &generator)).map { _ in
            alphabet.randomElement(using: &generator) ?? "a"
        })
    }

    private func randomNumber(_ generator: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return Double(Int.random(in: -1_000...1_000, using: &generator))
        case 1: return Double(Int64.random(in: .min ... .max, using: &generator))
        case 2: return Double.random(in: -1e6...1e6, using: &generator)
        default:
            let number = Double(bitPattern: generator.next())
            return number.isFinite ? number : 0
        }
    }

    private func randomValue(depth: Int, _ generator: inout SplitMix64) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(randomNumber(&generator))
        case 3: return .string(randomString(&generator))
        case 4:
            return .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in
                randomValue(depth: depth - 1, &generator)
            })
        default:
            return .object(JSONObject((0..<Int.random(in: 0...20, using: &generator)).map { _ in
                (randomString(&generator), randomValue(depth: depth - 1, &generator))
            }))
        }
    }

    func testRandomValuesSurviveSerializationAndParsing() throws {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<400 {
            let value = randomValue(depth: 4, &generator)
            let compact = value.serialized()
            XCTAssertEqual(try JSONParser.parse(compact), value, compact)
            XCTAssertEqual(try JSONParser.parse(value.serialized(pretty: true)), value)
            var htmlSafe = JSONWriter(htmlSafe: true)
            htmlSafe.value(value)
            XCTAssertFalse(htmlSafe.bytes.contains(UInt8(ascii: "<")))
            XCTAssertEqual(try JSONParser.parse(bytes: htmlSafe.bytes), value)
            // Serialization is a fixed point after one round trip.
            XCTAssertEqual(try JSONParser.parse(compact).serialized(), compact)
        }
    }

    func testHandWrittenDocumentsRoundTripByteForByte() throws {
        let documents = [
            #"{"b":1,"a":[true,false,null,"x\n\"y\"",-0.5,1e+300,{}],"c":{"d":[]}}"#,
            #"["é😀","\u0000\u001f","\\/"]"#,
            "1234567890123",
        ]
        for document in documents {
            XCTAssertEqual(try JSONParser.parse(document).serialized(), document)
        }
    }
}
