import XCTest
import JSON

/// A small deterministic generator (SplitMix64) so randomized tests reproduce exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The parse error for `text`, failing the test when it parses.
func parseError(_ text: String, limits: JSONLimits = .default,
                file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
    do throws(JSONParseError) {
        let value = try JSONParser.parse(text, limits: limits)
        XCTFail("expected a parse error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// The parse error for `bytes`, failing the test when they parse.
func parseError(bytes: [UInt8], limits: JSONLimits = .default,
                file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
    do throws(JSONParseError) {
        let value = try JSONParser.parse(bytes: bytes, limits: limits)
        XCTFail("expected a parse error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// The decoding error thrown by `read`, failing the test when it succeeds or throws anything else.
func decodingError<T>(file: StaticString = #filePath, line: UInt = #line,
                      _ read: () throws -> T) -> JSONDecodingError? {
    do {
        let value = try read()
        XCTFail("expected a decoding error, got \(value)", file: file, line: line)
        return nil
    } catch let error as JSONDecodingError {
        return error
    } catch {
        XCTFail("expected a JSONDecodingError, got \(error)", file: file, line: line)
        return nil
    }
}
