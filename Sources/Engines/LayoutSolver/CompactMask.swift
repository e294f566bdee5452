/// A set of symbol ids below `capacity`, as a fixed-width bitmask: the cells of a row of
/// `CompactTableau`, and its sets of symbols and slots.
///
/// Two widths conform: `SymbolMask` (one machine word, the tableau of small systems) and
/// `WideSymbolMask` (two words, the tableau a small system moves to when it outgrows one word).
/// `CompactTableau` is generic over its mask and the compiler specializes it for each width, so
/// every operation below is inlined into the tableau's code and none goes through a witness table.
///
/// Iteration yields the ids in increasing order, which is the order the sorted cells of a `Row`
/// have, so the smallest-id tie rules of the simplex read the same at every width.
protocol CompactMask: Sequence, Equatable where Element == Int {
    /// The number of ids a mask can hold.
    static var capacity: Int { get }

    /// The empty set.
    init()

    /// The ids from `count` (below `capacity`) up to the capacity.
    init(idsFrom count: Int)

    /// Every id below the capacity.
    static var all: Self { get }

    var isEmpty: Bool { get }

    /// The number of ids in the set.
    var count: Int { get }

    /// The smallest id in the set, or nil when it is empty.
    var first: Int? { get }

    /// The ids below the capacity that the set lacks.
    var complement: Self { get }

    func contains(_ id: Int) -> Bool
    mutating func insert(_ id: Int)
    mutating func remove(_ id: Int)

    /// The ids in both sets.
    func intersection(_ other: Self) -> Self

    /// The ids in either set.
    func union(_ other: Self) -> Self

    /// The ids of this set that `other` lacks.
    func subtracting(_ other: Self) -> Self
}
