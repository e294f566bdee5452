/// A set of symbol ids below `SymbolMask.capacity`, as a fixed-size bitmask: the cells of a row of
/// `CompactTableau`, and its sets of symbols and slots.
///
/// Iteration yields the ids in increasing order (by trailing-zero counts), which is the order the
/// sorted cells of a `Row` have, so the smallest-id tie rules of the simplex read the same.
struct SymbolMask: Sequence, Equatable {
    /// The number of ids a mask can hold.
    static let capacity = 128

    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The empty set.
    init() {}

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    var isEmpty: Bool { low | high == 0 }

    /// The number of ids in the set.
    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    /// The smallest id in the set, or nil when it is empty.
    var first: Int? {
        if low != 0 { return low.trailingZeroBitCount }
        if high != 0 { return 64 + high.trailingZeroBitCount }
        return nil
    }

    @inline(__always)
    func contains(_ id: Int) -> Bool {
        id < 64 ? (low >> UInt64(id)) & 1 != 0 : (high >> UInt64(id - 64)) & 1 != 0
    }

    @inline(__always)
    mutating func insert(_ id: Int) {
        if id < 64 { low |= 1 << UInt64(id) } else { high |= 1 << UInt64(id - 64) }
    }

    @inline(__always)
    mutating func remove(_ id: Int) {
        if id < 64 { low &= ~(1 << UInt64(id)) } else { high &= ~(1 << UInt64(id - 64)) }
    }

    /// The ids in both sets.
    @inline(__always)
    func intersection(_ other: SymbolMask) -> SymbolMask {
        SymbolMask(low: low & other.low, high: high & other.high)
    }

    /// The ids in either set.
    @inline(__always)
    func union(_ other: SymbolMask) -> SymbolMask {
        SymbolMask(low: low | other.low, high: high | other.high)
    }

    /// The ids of this set that `other` lacks.
    @inline(__always)
    func subtracting(_ other: SymbolMask) -> SymbolMask {
        SymbolMask(low: low & ~other.low, high: high & ~other.high)
    }

    /// The ids in increasing order.
    struct Iterator: IteratorProtocol {
        var low: UInt64
        var high: UInt64

        @inline(__always)
        mutating func next() -> Int? {
            if low != 0 {
                let id = low.trailingZeroBitCount
                low &= low - 1
                return id
            }
            if high != 0 {
                let id = high.trailingZeroBitCount
                high &= high - 1
                return 64 + id
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(low: low, high: high) }
}
