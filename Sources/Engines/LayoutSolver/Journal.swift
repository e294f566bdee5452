/// What a transaction on the tableau must remember to restore it exactly: the speed-up that lets a
/// required add that may fail change the tableau in place instead of on a copy.
///
/// New symbols and newly registered variables are always recorded. Old rows (with their slots),
/// columns and objectives are recorded only while `tracksRows` is on, each row and column once per
/// transaction (the first, oldest contents win): a caller whose first changes cannot fail turns
/// it on only when a change that may fail begins.
struct Journal {
    /// A row as it was before the transaction changed it, with its symbol's slot.
    struct SavedRow {
        var symbol: Int
        var row: Row?
        var slot: Int
    }

    /// The recorded contents of one transaction.
    struct Entries {
        /// The number of symbols when the transaction began.
        var symbolCount: Int
        /// The objectives as they were when rows started being tracked.
        var objectives: [Objective]?
        var tracksRows: Bool
        var rows: [SavedRow] = []
        var columns: [(symbol: Int, column: [Int])] = []
        var newVariables: [ObjectIdentifier] = []
    }

    /// The open transaction, if any.
    private(set) var entries: Entries?
    /// Per symbol: whether its row, or its column, is already recorded in the open transaction.
    private var rowSaved: [Bool] = []
    private var columnSaved: [Bool] = []

    /// Whether a transaction is open.
    var isOpen: Bool { entries != nil }

    /// Makes room for `extra` more symbols without growing storage again.
    mutating func reserve(_ extra: Int) {
        rowSaved.reserveCapacity(rowSaved.count + extra)
        columnSaved.reserveCapacity(columnSaved.count + extra)
    }

    mutating func appendSymbol() {
        rowSaved.append(false)
        columnSaved.append(false)
    }

    mutating func truncate(to count: Int) {
        rowSaved.removeSubrange(count...)
        columnSaved.removeSubrange(count...)
    }

    /// Opens a transaction over `symbolCount` symbols; `objectives` are saved now when rows are tracked from the start.
    mutating func begin(symbolCount: Int, objectives: [Objective], tracksRows: Bool) {
        entries = Entries(symbolCount: symbolCount, objectives: tracksRows ? objectives : nil, tracksRows: tracksRows)
    }

    /// Starts recording rows, columns and (now) `objectives` in the open transaction, if any.
    mutating func trackRows(objectives: [Objective]) {
        guard entries?.tracksRows == false else { return }
        entries?.tracksRows = true
        entries?.objectives = objectives
    }

    /// Whether a change of `symbol`'s row must be recorded first.
    @inline(__always)
    func needsRow(_ symbol: Int) -> Bool {
        entries?.tracksRows == true && symbol < entries?.symbolCount ?? 0 && !rowSaved[symbol]
    }

    /// Records the old row of `symbol` (see `needsRow`).
    mutating func saveRow(_ symbol: Int, _ row: Row?, slot: Int) {
        rowSaved[symbol] = true
        entries?.rows.append(SavedRow(symbol: symbol, row: row, slot: slot))
    }

    /// Whether a change of `symbol`'s column must be recorded first.
    @inline(__always)
    func needsColumn(_ symbol: Int) -> Bool {
        entries?.tracksRows == true && symbol < entries?.symbolCount ?? 0 && !columnSaved[symbol]
    }

    /// Records the old column of `symbol` (see `needsColumn`).
    mutating func saveColumn(_ symbol: Int, _ column: [Int]) {
        columnSaved[symbol] = true
        entries?.columns.append((symbol, column))
    }

    /// Records a variable registered during the transaction.
    mutating func recordNewVariable(_ key: ObjectIdentifier) {
        entries?.newVariables.append(key)
    }

    /// Closes the transaction and returns what it recorded, for a rollback to restore.
    mutating func close() -> Entries? {
        guard let finished = entries else { return nil }
        entries = nil
        for saved in finished.rows where saved.symbol < rowSaved.count { rowSaved[saved.symbol] = false }
        for saved in finished.columns where saved.symbol < columnSaved.count { columnSaved[saved.symbol] = false }
        return finished
    }
}
