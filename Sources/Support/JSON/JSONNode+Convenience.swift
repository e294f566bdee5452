/// Readers for optional members, bounded numbers, enumerations and homogeneous arrays.
extension JSONNode {
    /// The member named `key`, or `nil` when it is absent or `null`; throws when this is not an object.
    public func optional(_ key: String) throws(JSONDecodingError) -> JSONNode? {
        guard case .object = value else { throw mismatch(expected: "an object") }
        guard let member = self[key], !member.value.isNull else { return nil }
        return member
    }

    /// The string member `key`, `nil` when absent or `null`; throws when it has another type.
    public func optionalString(_ key: String) throws(JSONDecodingError) -> String? {
        try optional(key)?.string()
    }

    /// The finite number member `key`, `nil` when absent or `null`; throws when it has another type.
    public func optionalDouble(_ key: String) throws(JSONDecodingError) -> Double? {
        try optional(key)?.double()
    }

    /// The integer member `key`, `nil` when absent or `null`; throws when it is not an integer.
    public func optionalInt(_ key: String) throws(JSONDecodingError) -> Int? {
        try optional(key)?.int()
    }

    /// The boolean member `key`, `nil` when absent or `null`; throws when it has another type.
    public func optionalBool(_ key: String) throws(JSONDecodingError) -> Bool? {
        try optional(key)?.bool()
    }

    /// The elements of array member `key`, `nil` when absent or `null`; throws when it has another type.
    public func optionalArray(_ key: String) throws(JSONDecodingError) -> [JSONNode]? {
        try optional(key)?.array()
    }

    /// A finite number within `range`.
    public func double(in range: ClosedRange<Double>) throws(JSONDecodingError) -> Double {
        let number = try double()
        guard range.contains(number) else {
            throw error("expected a number in \(JSONValue.number(range.lowerBound))...\(JSONValue.number(range.upperBound)), found \(JSONValue.number(number))")
        }
        return number
    }

    /// An integer within `range`.
    public func int(in range: ClosedRange<Int>) throws(JSONDecodingError) -> Int {
        let integer = try int()
        guard range.contains(integer) else {
            throw error("expected an integer in \(range.lowerBound)...\(range.upperBound), found \(integer)")
        }
        return integer
    }

    /// A string that is one of `choices`.
    public func string(oneOf choices: [String]) throws(JSONDecodingError) -> String {
        let string = try string()
        guard choices.contains(string) else {
            throw error("expected one of \(choices.map(quotedForMessage).joined(separator: ", ")), found \(quotedForMessage(string))")
        }
        return string
    }

    /// An array of finite numbers, of exactly `count` elements when `count` is given.
    public func doubles(count: Int? = nil) throws(JSONDecodingError) -> [Double] {
        let expected = count.map { "an array of \($0) number\($0 == 1 ? "" : "s")" } ?? "an array of numbers"
        guard case .array(let elements) = value else { throw mismatch(expected: expected) }
        if let count, elements.count != count {
            throw error("expected \(expected), found \(elements.count) element\(elements.count == 1 ? "" : "s")")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for element in try array() { numbers.append(try element.double()) }
        return numbers
    }

    /// An array of strings.
    public func strings() throws(JSONDecodingError) -> [String] {
        var strings: [String] = []
        for element in try array() { strings.append(try element.string()) }
        return strings
    }
}
