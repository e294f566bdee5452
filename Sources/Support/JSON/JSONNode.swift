/// A JSON value together with its path from the document root, for reading with precise errors.
///
/// Every failing read throws a ``JSONDecodingError`` naming the path of the offending value, e.g.
/// `$.items[2].size: expected an array of 2 numbers, found a string`.
/// Keys that are identifiers extend the path as `.key`; others as `["key"]`.
public struct JSONNode: Sendable {
    public let value: JSONValue
    /// The path of `value`: "$" for the root, then ".key" and "[index]" steps.
    public let path: String

    public init(_ value: JSONValue, path: String = "$") {
        self.value = value
        self.path = path
    }

    /// The member named `key` when this is an object that has it (an explicit `null` counts as present),
    /// otherwise `nil`.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let object) = value, let member = object[key] else { return nil }
        return JSONNode(member, path: Self.path(path, appendingKey: key))
    }

    /// The element at `index` when this is an array and `index` is in bounds, otherwise `nil`.
    public subscript(index: Int) -> JSONNode? {
        guard case .array(let elements) = value, elements.indices.contains(index) else { return nil }
        return JSONNode(elements[index], path: "\(path)[\(index)]")
    }

    /// The member named `key`; throws when this is not an object or the member is missing.
    public func required(_ key: String) throws(JSONDecodingError) -> JSONNode {
        let object = try objectValue()
        guard let member = object[key] else {
            throw error("missing required field \(quotedForMessage(key))")
        }
        return JSONNode(member, path: Self.path(path, appendingKey: key))
    }

    // MARK: - Typed reads

    public func string() throws(JSONDecodingError) -> String {
        guard case .string(let string) = value else { throw mismatch(expected: "a string") }
        return string
    }

    /// The number; infinities and NaN (possible only in values built in code) are rejected.
    public func double() throws(JSONDecodingError) -> Double {
        guard case .number(let number) = value else { throw mismatch(expected: "a number") }
        guard number.isFinite else { throw error("expected a finite number, found \(number)") }
        return number
    }

    /// The number when it is integral and representable as `Int`.
    public func int() throws(JSONDecodingError) -> Int {
        let number = try double()
        guard let integer = number.exactInteger.flatMap(Int.init(exactly:)) else {
            let isIntegral = number.magnitude >= 0x1p52 || Double(Int64(number)) == number
            throw error(isIntegral ? "integer \(JSONValue.number(number)) is out of range"
                                   : "expected an integer, found \(JSONValue.number(number))")
        }
        return integer
    }

    public func bool() throws(JSONDecodingError) -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(expected: "a boolean") }
        return bool
    }

    /// The elements, each with its indexed path.
    public func array() throws(JSONDecodingError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch(expected: "an array") }
        return elements.enumerated().map { JSONNode($1, path: "\(path)[\($0)]") }
    }

    /// The members in document order, each with its path.
    public func object() throws(JSONDecodingError) -> [(key: String, node: JSONNode)] {
        try objectValue().map { ($0.key, JSONNode($0.value, path: Self.path(path, appendingKey: $0.key))) }
    }

    /// Throws for the first member (in document order) whose key is not in `allowed`, suggesting the
    /// closest allowed key when one is a likely misspelling.
    public func checkKeys(allowed: [String]) throws(JSONDecodingError) {
        for key in try objectValue().keys where !allowed.contains(key) {
            let hint = closestMatch(to: key, among: allowed).map { " (did you mean \(quotedForMessage($0))?)" }
                ?? " (expected one of \(allowed.map(quotedForMessage).joined(separator: ", ")))"
            throw error("unknown field \(quotedForMessage(key))\(allowed.isEmpty ? "" : hint)")
        }
    }

    // MARK: - Errors

    /// An error located at this node, for validation beyond types ("must be positive").
    public func error(_ message: String) -> JSONDecodingError {
        JSONDecodingError(path: path, message: message)
    }

    /// "expected <expected>, found <kind of value>".
    func mismatch(expected: String) -> JSONDecodingError {
        error("expected \(expected), found \(value.kindDescription)")
    }

    private func objectValue() throws(JSONDecodingError) -> JSONObject {
        guard case .object(let object) = value else { throw mismatch(expected: "an object") }
        return object
    }

    /// `path` extended by an object member step.
    static func path(_ path: String, appendingKey key: String) -> String {
        guard let first = key.utf8.first, !isDigit(first), key.utf8.allSatisfy({ isIdentifierByte($0) }) else {
            var writer = JSONWriter(capacity: key.utf8.count + 2)
            writer.string(key)
            return "\(path)[\(writer.string)]"
        }
        return "\(path).\(key)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
