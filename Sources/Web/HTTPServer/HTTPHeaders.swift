/// An ordered list of header fields with case-insensitive name lookup.
///
/// Kept as a flat array: requests carry a handful of fields, so a linear scan beats
/// hashing, and an empty list allocates nothing.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Field = (name: String, value: String)
    private var fields: [Field]

    public init() { fields = [] }
    public init(_ fields: [Field]) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of `name`, compared case-insensitively.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesEqual(field.name, name) { return field.value }
        return nil
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any existing ones with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with a single one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    mutating func reserveCapacity(_ n: Int) { fields.reserveCapacity(n) }

    /// ASCII case-insensitive comparison of header names.
    static func namesEqual(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count where ASCII.lowercased(x[i]) != ASCII.lowercased(y[i]) { return false }
                return true
            }
        }
    }
}
