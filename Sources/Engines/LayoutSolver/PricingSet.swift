/// The symbols the primal simplex must price: those whose cost in some objective may have changed
/// since they were last found not improving, each once, in the order they were found.
///
/// Every other symbol was found not improving and its costs have not changed since, so pricing
/// skips it and an add costs no scan of the whole objectives. When the set no longer knows
/// (after a failed run, or objectives replaced), `pricesEverySymbol` asks for a full pass.
struct PricingSet {
    /// The candidates, each once.
    private var candidates: [Int] = []
    private var isCandidate: [Bool] = []
    /// Whether every symbol of the objectives must be priced again.
    var pricesEverySymbol = false
    /// Off while a dual simplex run that started from optimal objectives keeps them optimal:
    /// cost changes are then not recorded.
    var recordsChanges = true

    /// The number of candidates.
    var count: Int { candidates.count }
    var isEmpty: Bool { candidates.isEmpty }

    /// The candidate at `index`.
    subscript(index: Int) -> Int { candidates[index] }

    /// Makes room for `extra` more symbols without growing storage again.
    mutating func reserve(_ extra: Int) { isCandidate.reserveCapacity(isCandidate.count + extra) }

    /// Adds the next symbol, not a candidate.
    mutating func appendSymbol() { isCandidate.append(false) }

    /// Forgets the symbols from `count` on; every symbol is priced again.
    mutating func truncate(to count: Int) {
        isCandidate.removeSubrange(count...)
        candidates.removeAll { $0 >= count }
        pricesEverySymbol = true
    }

    /// Records that the cost of `symbol` may have changed (unless changes are not recorded).
    @inline(__always)
    mutating func insert(_ symbol: Int) {
        if recordsChanges && !isCandidate[symbol] {
            isCandidate[symbol] = true
            candidates.append(symbol)
        }
    }

    /// Empties the set; with `pricingEverySymbol`, the next pricing finds the candidates again.
    mutating func removeAll(pricingEverySymbol: Bool) {
        for symbol in candidates { isCandidate[symbol] = false }
        candidates.removeAll(keepingCapacity: true)
        pricesEverySymbol = pricingEverySymbol
    }

    /// Pricing in place: keeps `symbol` (read at an index at or after `position`) as the
    /// candidate at `position`, the next kept one.
    @inline(__always)
    mutating func keep(_ symbol: Int, at position: Int) { candidates[position] = symbol }

    /// Forgets `symbol` as a candidate (found not improving); the caller drops it from the order
    /// by not keeping it.
    @inline(__always)
    mutating func drop(_ symbol: Int) { isCandidate[symbol] = false }

    /// Ends a pricing pass that kept `count` candidates.
    mutating func keepFirst(_ count: Int) { candidates.removeSubrange(count...) }

    /// Whether `symbol` is a candidate.
    func contains(_ symbol: Int) -> Bool { isCandidate[symbol] }
}
