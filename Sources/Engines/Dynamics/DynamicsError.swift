import JSON

/// Why a scene was rejected, located by line:column (JSON syntax) or JSON path (content).
public struct DynamicsError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The text is not valid JSON; `location` is "line:column".
        case syntax
        /// A value is missing, unknown, of the wrong type or out of range; `location` is a JSON path.
        case invalid
        /// The scene exceeds a configured limit; `location` is the JSON path of the offending part.
        case limit
    }

    public let kind: Kind
    public let location: String
    public let message: String

    public init(kind: Kind, location: String, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    init(_ error: JSONParseError) {
        self.init(kind: .syntax, location: "\(error.line):\(error.column)", message: error.message)
    }

    init(_ error: JSONDecodingError) {
        self.init(kind: .invalid, location: error.path, message: error.message)
    }

    /// "location: message", e.g. "$.items[2].size: expected an array of 2 numbers".
    public var description: String { "\(location): \(message)" }
}
