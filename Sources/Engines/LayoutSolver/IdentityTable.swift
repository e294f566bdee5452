/// A table keyed by object identity: the solver's constraints and edit variables.
///
/// A solver usually holds a few dozen constraints, for which hashing each key costs more than
/// comparing it with every key held; the table therefore keeps its entries in one array searched
/// linearly, and builds a hashed index only past `linearLimit` entries. Removing an entry moves
/// the last one into its place, so the order of the entries depends only on the calls made.
struct IdentityTable<Value> {
    private struct Entry {
        var key: ObjectIdentifier
        var value: Value
    }

    private var entries: [Entry] = []
    /// The position of each key, once the table has more than `linearLimit` entries.
    private var index: [ObjectIdentifier: Int]?

    /// The most entries searched linearly.
    private static var linearLimit: Int { 32 }

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The values, in the table's order.
    var values: [Value] { entries.map(\.value) }

    /// The position of `key`'s entry, if any.
    func position(of key: ObjectIdentifier) -> Int? {
        if let index { return index[key] }
        return entries.withUnsafeBufferPointer { entries in
            for position in entries.indices where entries[position].key == key { return position }
            return nil
        }
    }

    /// Whether the table holds `key`.
    func contains(_ key: ObjectIdentifier) -> Bool { position(of: key) != nil }

    /// The value at a position `position(of:)` gave.
    subscript(position position: Int) -> Value {
        get { entries[position].value }
        _modify { yield &entries[position].value }
    }

    /// The value of `key`, or nil.
    subscript(key: ObjectIdentifier) -> Value? {
        position(of: key).map { entries[$0].value }
    }

    /// Sets the value of `key`, adding an entry if needed.
    mutating func set(_ value: Value, forKey key: ObjectIdentifier) {
        if index != nil {
            // One hash for a new key: insert its position, and undo that for a key already held.
            if let position = index?.updateValue(entries.count, forKey: key) {
                index?[key] = position
                entries[position].value = value
            } else {
                entries.append(Entry(key: key, value: value))
            }
            return
        }
        if let position = position(of: key) {
            entries[position].value = value
            return
        }
        if entries.capacity == 0 { entries.reserveCapacity(16) }
        entries.append(Entry(key: key, value: value))
        if entries.count > IdentityTable.linearLimit {
            var built = [ObjectIdentifier: Int](minimumCapacity: 4 * entries.count)
            for position in entries.indices { built[entries[position].key] = position }
            index = built
        }
    }

    /// Removes the entry of `key` and returns its value, or nil when there is none.
    @discardableResult
    mutating func removeValue(forKey key: ObjectIdentifier) -> Value? {
        guard let position = position(of: key) else { return nil }
        let last = entries.count - 1
        entries.swapAt(position, last)
        if position != last { index?[entries[position].key] = position }
        index?[key] = nil
        return entries.removeLast().value
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        index = nil
    }
}
