/// A set of symbol ids below `SymbolMask.capacity`, as a bitmask in one machine word: the cells of
/// a row of `CompactTableau`, and its sets of symbols and slots.
///
/// Iteration yields the ids in increasing order (by trailing-zero counts), which is the order the
/// sorted cells of a `Row` have, so the smallest-id tie rules of the simplex read the same.
struct SymbolMask: Sequence, Equatable {
    /// The number of ids a mask can hold.
    static let capacity = 64

    var bits: UInt64 = 0

    /// The empty set.
    init() {}

    init(bits: UInt64) {
        self.bits = bits
    }

    var isEmpty: Bool { bits == 0 }

    /// The number of ids in the set.
    var count: Int { bits.nonzeroBitCount }

    /// The smallest id in the set, or nil when it is empty.
    var first: Int? { bits == 0 ? nil : bits.trailingZeroBitCount }

    // The ids are below 64, so the masking shifts (which take the shift count modulo 64) give the
    // same bits as the checked ones without their test for an oversized count.
    @inline(__always)
    func contains(_ id: Int) -> Bool { (bits &>> UInt64(truncatingIfNeeded: id)) & 1 != 0 }

    @inline(__always)
    mutating func insert(_ id: Int) { bits |= 1 &<< UInt64(truncatingIfNeeded: id) }

    @inline(__always)
    mutating func remove(_ id: Int) { bits &= ~(1 &<< UInt64(truncatingIfNeeded: id)) }

    /// The ids in both sets.
    @inline(__always)
    func intersection(_ other: SymbolMask) -> SymbolMask { SymbolMask(bits: bits & other.bits) }

    /// The ids in either set.
    @inline(__always)
    func union(_ other: SymbolMask) -> SymbolMask { SymbolMask(bits: bits | other.bits) }

    /// The ids of this set that `other` lacks.
    @inline(__always)
    func subtracting(_ other: SymbolMask) -> SymbolMask { SymbolMask(bits: bits & ~other.bits) }

    /// The ids in increasing order.
    struct Iterator: IteratorProtocol {
        var bits: UInt64

        @inline(__always)
        mutating func next() -> Int? {
            guard bits != 0 else { return nil }
            let id = bits.trailingZeroBitCount
            bits &= bits - 1
            return id
        }
    }

    func makeIterator() -> Iterator { Iterator(bits: bits) }
}
