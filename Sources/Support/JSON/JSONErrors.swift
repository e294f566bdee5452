/// A syntax or limit error found while parsing, with the 1-based line and column (in Unicode scalars)
/// where it was detected.
public struct JSONParseError: Error, CustomStringConvertible, Equatable {
    public let line: Int
    public let column: Int
    /// What was wrong, usually phrased as what was expected: "expected ':' after object key".
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// "line:column: message", e.g. "3:14: expected ':' after object key".
    public var description: String { "\(line):\(column): \(message)" }
}

/// A structural error found while reading a parsed value, located by its JSON path.
public struct JSONDecodingError: Error, CustomStringConvertible, Equatable {
    /// The path of the offending value, e.g. "$.items[2].size".
    public let path: String
    /// What was wrong, e.g. "expected a number, found a string".
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// "path: message", e.g. "$.items[2].size: expected an array of 2 numbers, found a string".
    public var description: String { "\(path): \(message)" }
}
