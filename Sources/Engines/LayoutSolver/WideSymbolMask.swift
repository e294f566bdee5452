/// A set of symbol ids below 128, as a bitmask in two machine words: the mask of the wide compact
/// tableau, which a small system moves to when it outgrows 64 symbols (see `CompactMask`).
///
/// `low` holds ids 0–63 and `high` ids 64–127, so a one-word `SymbolMask` widens by zero
/// extension. Iteration yields the ids in increasing order: the low word's, then the high word's.
struct WideSymbolMask: CompactMask {
    /// The number of ids a mask can hold.
    static var capacity: Int { 128 }

    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The empty set.
    init() {}

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The same ids as a one-word mask.
    @inline(__always)
    init(_ narrow: SymbolMask) {
        low = narrow.bits
    }

    @inline(__always)
    init(idsFrom count: Int) {
        let shift = UInt64(truncatingIfNeeded: count)
        if count < 64 {
            low = ~0 &<< shift
            high = ~0
        } else {
            high = ~0 &<< shift
        }
    }

    static var all: WideSymbolMask {
        @inline(__always) get { WideSymbolMask(low: ~0, high: ~0) }
    }

    var isEmpty: Bool {
        @inline(__always) get { low | high == 0 }
    }

    /// The number of ids in the set.
    var count: Int {
        @inline(__always) get { low.nonzeroBitCount + high.nonzeroBitCount }
    }

    /// The smallest id in the set, or nil when it is empty.
    var first: Int? {
        @inline(__always) get {
            if low != 0 { return low.trailingZeroBitCount }
            return high == 0 ? nil : 64 + high.trailingZeroBitCount
        }
    }

    var complement: WideSymbolMask {
        @inline(__always) get { WideSymbolMask(low: ~low, high: ~high) }
    }

    // The ids are below 128: the word is chosen by comparing with 64, and the masking shifts take
    // the count modulo 64, which is the bit's place in either word.
    @inline(__always)
    func contains(_ id: Int) -> Bool {
        ((id < 64 ? low : high) &>> UInt64(truncatingIfNeeded: id)) & 1 != 0
    }

    @inline(__always)
    mutating func insert(_ id: Int) {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: id)
        if id < 64 { low |= bit } else { high |= bit }
    }

    @inline(__always)
    mutating func remove(_ id: Int) {
        let kept = ~(1 &<< UInt64(truncatingIfNeeded: id))
        if id < 64 { low &= kept } else { high &= kept }
    }

    /// The ids in both sets.
    @inline(__always)
    func intersection(_ other: WideSymbolMask) -> WideSymbolMask {
        WideSymbolMask(low: low & other.low, high: high & other.high)
    }

    /// The ids in either set.
    @inline(__always)
    func union(_ other: WideSymbolMask) -> WideSymbolMask {
        WideSymbolMask(low: low | other.low, high: high | other.high)
    }

    /// The ids of this set that `other` lacks.
    @inline(__always)
    func subtracting(_ other: WideSymbolMask) -> WideSymbolMask {
        WideSymbolMask(low: low & ~other.low, high: high & ~other.high)
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
            guard high != 0 else { return nil }
            let id = 64 + high.trailingZeroBitCount
            high &= high - 1
            return id
        }
    }

    @inline(__always)
    func makeIterator() -> Iterator { Iterator(low: low, high: high) }
}
