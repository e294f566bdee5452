/// Why a token, key set or LTI message was refused: a stable code for programs and a message that
/// says what was wrong and where (which segment, which claim).
public struct LTIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier, e.g. `bad_signature`, `unknown_kid`, `wrong_audience`, `expired`.
    public let code: String
    /// What was wrong, for people.
    public let message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// A token that is not three base64url segments of JSON objects.
    static func malformed(_ message: String) -> LTIError { LTIError("malformed_token", message) }

    /// A required claim that is absent or has the wrong type.
    static func missingClaim(_ name: String, _ expected: String) -> LTIError {
        LTIError("missing_claim", "The claim \(name) is missing or is not \(expected).")
    }
}
