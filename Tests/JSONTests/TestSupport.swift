import XCTest
import JSON


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
