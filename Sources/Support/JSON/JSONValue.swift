/// A JSON document value.
///
/// Numbers are stored as `Double` (RFC 8259 interoperability range). Objects keep their members in
/// insertion (source) order, so serializing a parsed value reproduces the member order of the input.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
    /// `true` for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The payload of `.bool`, otherwise `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The payload of `.number`, otherwise `nil`.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The payload of `.number` when it is integral and representable as `Int`, otherwise `nil`.
    public var intValue: Int? {
        guard case .number(let value) = self, let integer = value.exactInteger else { return nil }
        return Int(exactly: integer)
    }

    /// The payload of `.string`, otherwise `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The payload of `.array`, otherwise `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The payload of `.object`, otherwise `nil`.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key` when this is an object that has it, otherwise `nil`.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` when this is an array and `index` is in bounds, otherwise `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// A short English name of the value's kind with its article, as used in error messages:
    /// "null", "a boolean", "a number", "a string", "an array", "an object".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension Double {
    /// The value as `Int64` when it is integral and its magnitude is below 2^63, otherwise `nil`.
    /// Computed by conversion only, so the module needs no C math library.
    var exactInteger: Int64? {
        guard magnitude < 0x1p63 else { return nil }
        let truncated = Int64(self)
        return Double(truncated) == self ? truncated : nil
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Builds an object keeping the literal's member order; a repeated key replaces the earlier value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact serialization of the value.
    public var description: String { serialized() }
}
