/// The symbols whose value may have changed since the values were last written into the user's
/// variables, each once, in the order they changed: what `updateVariables` has to look at, so
/// that a read costs what changed rather than the whole tableau.
struct ChangeSet {
    private(set) var symbols: [Int] = []
    private var isChanged: [Bool] = []

    /// Makes room for `extra` more symbols without growing storage again.
    mutating func reserve(_ extra: Int) { isChanged.reserveCapacity(isChanged.count + extra) }

    mutating func appendSymbol() { isChanged.append(false) }

    /// Forgets the symbols from `count` on.
    mutating func truncate(to count: Int) {
        isChanged.removeSubrange(count...)
        symbols.removeAll { $0 >= count }
    }

    /// Records a change of `symbol` (once until the next `removeAll`).
    @inline(__always)
    mutating func insert(_ symbol: Int) {
        if !isChanged[symbol] {
            isChanged[symbol] = true
            symbols.append(symbol)
        }
    }

    /// Whether a change of `symbol` is recorded.
    @inline(__always)
    func contains(_ symbol: Int) -> Bool { isChanged[symbol] }

    /// Moves the recorded symbols into `buffer` (emptied first; the two trade storage), in
    /// order, and empties the set.
    mutating func take(into buffer: inout [Int]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&symbols, &buffer)
        for symbol in buffer { isChanged[symbol] = false }
    }
}
