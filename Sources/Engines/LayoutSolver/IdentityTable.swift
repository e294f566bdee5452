/// A table keyed by object identity: the solver's constraints and edit variables.
///
/// The entries live in one array, in an order that depends only on the calls made (removing an
/// entry moves the last one into its place). A solver usually holds a few dozen constraints, for
/// which comparing a key with every key held costs less than hashing it, so up to `linearLimit`
/// entries the array is searched linearly. Past that, an index finds a key's entry: an
/// open-addressing table of entry positions, probed linearly from a multiplicative hash of the
/// key's address. That hash is a multiply and a shift, where `Dictionary` runs a keyed hash
/// function over each key; the index decides only where a position is stored, never an order.
struct IdentityTable<Value> {
    private struct Entry {
        var key: ObjectIdentifier
        var value: Value
    }

    private var entries: [Entry] = []
    /// The index: for each slot, the position of an entry, or `IdentityTable.emptySlot`. Empty
    /// (no index) while the table has at most `linearLimit` entries; else its count is a power of
    /// two at least twice the number of entries, so every probe meets an empty slot.
    private var slots: [Int32] = []
    /// `64 − log₂(slots.count)`: the shift that turns a hash into a slot.
    private var shift: UInt64 = 64

    /// The most entries searched linearly.
    private static var linearLimit: Int { 32 }
    private static var emptySlot: Int32 { -1 }

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The values, in the table's order.
    var values: [Value] { entries.map(\.value) }

    /// The position of `key`'s entry, if any.
    func position(of key: ObjectIdentifier) -> Int? {
        if slots.isEmpty {
            return entries.withUnsafeBufferPointer { entries in
                for position in entries.indices where entries[position].key == key { return position }
                return nil
            }
        }
        return slotHolding(key).map { Int(slots[$0]) }
    }

    /// Whether the table holds `key`.
    func contains(_ key: ObjectIdentifier) -> Bool { position(of: key) != nil }

    /// The key of the entry at `position` (below `count`).
    @inline(__always)
    func key(at position: Int) -> ObjectIdentifier {
        entries.withUnsafeBufferPointer { $0[position].key }
    }

    /// Calls `body` with every value, in the table's order.
    func forEachValue(_ body: (Value) -> Void) {
        entries.withUnsafeBufferPointer { entries in
            for entry in entries { body(entry.value) }
        }
    }

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
        if let position = position(of: key) {
            entries[position].value = value
        } else {
            append(value, forKey: key)
        }
    }

    /// Adds an entry for `key`, which the table must not hold (the caller has checked).
    mutating func append(_ value: consuming Value, forKey key: ObjectIdentifier) {
        // Room for a dozen entries, as many as most solvers ever hold (grading's exercise systems
        // have 9 constraints at the median): small enough to come from the allocator's per-thread
        // cache (up to about 1 KiB), where room for 64 took its slower path. A table that outgrows
        // it doubles, as arrays do.
        if entries.capacity == 0 { entries.reserveCapacity(12) }
        entries.append(Entry(key: key, value: value))
        if !slots.isEmpty, 2 * entries.count <= slots.count {
            slots[emptySlot(for: key)] = Int32(entries.count - 1)
        } else if entries.count > IdentityTable.linearLimit {
            rebuildIndex()
        }
    }

    /// Removes the entry of `key` and returns its value, or nil when there is none.
    @discardableResult
    mutating func removeValue(forKey key: ObjectIdentifier) -> Value? {
        guard !slots.isEmpty else {
            guard let position = position(of: key) else { return nil }
            return removeEntry(at: position)
        }
        guard let slot = slotHolding(key) else { return nil }
        let position = Int(slots[slot])
        vacate(slot)
        let last = entries.count - 1
        if position != last, let moved = slotHolding(entries[last].key) { slots[moved] = Int32(position) }
        return removeEntry(at: position)
    }

    /// Removes the entry at `position` (below `count`) and returns its value; the last entry moves
    /// into its place, as in `removeValue(forKey:)`.
    mutating func remove(at position: Int) -> Value {
        if !slots.isEmpty, let slot = slotHolding(entries[position].key) {
            vacate(slot)
            let last = entries.count - 1
            if position != last, let moved = slotHolding(entries[last].key) { slots[moved] = Int32(position) }
        }
        return removeEntry(at: position)
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        shift = 64
    }

    // MARK: The index

    /// Moves the last entry into `position` and returns the value that was there.
    private mutating func removeEntry(at position: Int) -> Value {
        entries.swapAt(position, entries.count - 1)
        return entries.removeLast().value
    }

    /// The slot where a probe for `key` starts: the high bits of the address times a constant
    /// with well-spread bits (2⁶⁴ divided by the golden ratio).
    @inline(__always)
    private func home(of key: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot that holds `key`'s position, or nil.
    private func slotHolding(_ key: ObjectIdentifier) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var slot = home(of: key)
                while true {
                    let position = slots[slot]
                    if position == IdentityTable.emptySlot { return nil }
                    if entries[Int(position)].key == key { return slot }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The first empty slot of `key`'s probe sequence.
    private func emptySlot(for key: ObjectIdentifier) -> Int {
        let mask = slots.count - 1
        var slot = home(of: key)
        while slots[slot] != IdentityTable.emptySlot { slot = (slot + 1) & mask }
        return slot
    }

    /// Empties `slot`, moving later entries of its probe run back so that every key stays
    /// reachable from its home slot without passing an empty one (deletion by backward shift).
    private mutating func vacate(_ slot: Int) {
        let mask = slots.count - 1
        var hole = slot
        var next = (slot + 1) & mask
        while slots[next] != IdentityTable.emptySlot {
            let home = self.home(of: entries[Int(slots[next])].key)
            // The entry at `next` may move back to the hole when its home is not in (hole, next],
            // cyclically.
            let distanceToNext = (next - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToNext {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = IdentityTable.emptySlot
    }

    /// Builds the index for the current entries, with room for four times as many.
    private mutating func rebuildIndex() {
        var size = 64
        while size < 4 * entries.count { size *= 2 }
        shift = UInt64(64 - size.trailingZeroBitCount)
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(IdentityTable.emptySlot, count: size))
        for position in entries.indices { slots[emptySlot(for: entries[position].key)] = Int32(position) }
    }
}
