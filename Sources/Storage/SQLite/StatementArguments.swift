/// Values for a statement's parameters: positional (`?`, `?NNN`) or named (`:name`, `@name`, `$name`).
///
/// ```swift
/// try db.execute(sql: "INSERT INTO courses (slug, title) VALUES (?, ?)", arguments: ["cs193p", "iOS"])
/// try db.execute(sql: "DELETE FROM courses WHERE slug = :slug", arguments: ["slug": "cs193p"])
/// ```
public struct StatementArguments: Sendable, Equatable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Values for positional parameters, in order.
    public var positional: [DatabaseValue]
    /// Values for named parameters, keyed by name without the prefix character, in the order given.
    public var named: [(name: String, value: DatabaseValue)]

    /// No arguments.
    public static let none = StatementArguments(positional: [], named: [])

    /// Creates positional and named arguments.
    public init(positional: [DatabaseValue], named: [(name: String, value: DatabaseValue)] = []) {
        self.positional = positional
        self.named = named
    }

    /// Creates positional arguments from Swift values built at run time.
    public init(values: [any DatabaseValueConvertible]) {
        self.init(positional: values.map(\.databaseValue))
    }

    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(positional: elements.map { $0?.databaseValue ?? .null })
    }

    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(positional: [], named: elements.map { (name: $0.0, value: $0.1?.databaseValue ?? .null) })
    }

    /// True when there is nothing to bind.
    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }

    public static func == (lhs: StatementArguments, rhs: StatementArguments) -> Bool {
        lhs.positional == rhs.positional
            && lhs.named.map(\.name) == rhs.named.map(\.name)
            && lhs.named.map(\.value) == rhs.named.map(\.value)
    }
}
