/// A value refused before it reaches the database, naming the field and what is expected.
public struct ValidationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The field, e.g. `slug`.
    public let field: String
    /// What is wrong, e.g. "must be 1 to 64 characters a-z, 0-9 or -".
    public let message: String

    /// Creates an error for a field.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// URL-safe identifiers of courses and exercises: 1 to 64 characters from a-z, 0-9 and `-`.
public enum Slug {
    /// The longest slug.
    public static let maxLength = 64

    /// True when `text` is a valid slug.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength
            && text.utf8.allSatisfy { ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
    }

    /// Throws a `ValidationError` for `field` unless `text` is a valid slug.
    public static func validate(_ text: String, field: String = "slug") throws(ValidationError) {
        guard isValid(text) else {
            throw ValidationError(field: field, message: "must be 1 to \(maxLength) characters from a-z, 0-9 and -")
        }
    }
}
