/// A JSON object: string keys mapped to values, kept in insertion order.
///
/// Keys are unique. Equality compares members in order, matching what serialization produces.
/// Lookups are linear for small objects and use a hash index for larger ones; the index never
/// influences iteration or output order.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// One member of an object.
    public typealias Element = (key: String, value: JSONValue)

    /// Objects with more members than this get a hash index for lookups.
    private static let indexThreshold = 12

    private var members: [Element]
    private var index: [String: Int]?

    /// Creates an object from `pairs` in order; a repeated key replaces the earlier value in place.
    public init(_ pairs: [(String, JSONValue)] = []) {
        members = []
        index = nil
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Creates an object from members whose keys are already known to be unique.
    init(uniqueMembers: [Element]) {
        members = uniqueMembers
        index = nil
        rebuildIndex()
    }

    /// The value for `key`, or `nil` when absent. Setting a new key appends it, setting an existing key
    /// replaces its value in place, and setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?):
                members[position].value = value
            case (let position?, nil):
                members.remove(at: position)
                rebuildIndex()
            case (nil, let value?):
                members.append((key, value))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    rebuildIndex()
                }
            case (nil, nil):
                break
            }
        }
    }

    /// The keys in member order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// `true` when the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    public func makeIterator() -> IndexingIterator<[Element]> {
        members.makeIterator()
    }

    public var underestimatedCount: Int { members.count }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else {
            index = nil
            return
        }
        var built = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Builds an object keeping the literal's member order; a repeated key replaces the earlier value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
