/// A set of symbol ids below 64, as a bitmask in one machine word: the mask of the compact tableau
/// of small systems (see `CompactMask`).
///
/// Iteration yields the ids in increasing order (by trailing-zero counts).
struct SymbolMask: CompactMask {
    /// The number of ids a mask can hold.
    static var capacity: Int { 64 }

    var bits: UInt64 = 0

    /// The empty set.
    init() {}

    init(bits: UInt64) {
        self.bits = bits
    }

    @inline(__always)
    init(idsFrom count: Int) {
        bits = ~0 &<< UInt64(truncatingIfNeeded: count)
    }

    static var all: SymbolMask {
        @inline(__always) get { SymbolMask(bits: ~0) }
    }

    var isEmpty: Bool {
        @inline(__always) get { bits == 0 }
    }

    /// The number of ids in the set.
    var count: Int {
        @inline(__always) get { bits.nonzeroBitCount }
    }

    /// The smallest id in the set, or nil when it is empty.
    var first: Int? {
        @inline(__always) get { bits == 0 ? nil : bits.trailingZeroBitCount }
    }

    var complement: SymbolMask {
        @inline(__always) get { SymbolMask(bits: ~bits) }
    }

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

    @inline(__always)
    func makeIterator() -> Iterator { Iterator(bits: bits) }
}
