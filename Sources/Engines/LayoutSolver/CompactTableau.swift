/// The tableau of a solver with at most `symbolLimit` symbols: the same rows, objectives
/// and pivoting rules as `Tableau`, in a representation made for small systems.
///
/// Every row (basic rows, objectives, the artificial objective, rows being built) is an entry of
/// one pool: a fixed-stride slice of one flat buffer of coefficients, a `SymbolMask` of its
/// nonzero cells, and a constant. Iterating a mask yields the cells in id order, as a `Row` keeps
/// them, and every arithmetic step is the one `Row` performs on the same cells in the same order,
/// so the pivots are the same and the values are bit-identical. "The rows that hold symbol s" is a
/// scan of the basic rows' masks instead of a column. There are no per-symbol heap structures: what
/// the tableau keeps about a symbol is one `SymbolInfo` value.
///
/// `Tableau.chooseSubject` counts a column's entries, stale ones included, and a variable whose
/// column holds only stale entries is not taken as new; so that those choices stay the same, each
/// symbol keeps what its column would hold in `Tableau` as a count, a mask of row slots and the
/// length at the last compaction, updated at the same moments (`CompactTableau+Columns.swift`).
///
/// A required add that may fail saves a snapshot of the rows (copied on write) when a change that
/// can fail begins, instead of a journal. Values are computed at each read from the rows and
/// definitions, and written into the variables whose value differs from the one last written.
struct CompactTableau {
    /// The number of coefficients of a pool entry: room for every symbol id, from 32 and doubled
    /// (to `symbolLimit`) when the symbols outgrow it, so that small systems keep short
    /// rows.
    private(set) var stride = 32

    /// What the tableau keeps about one symbol.
    struct SymbolInfo {
        var kind: SymbolKind
        /// The strength level of an error symbol (0 for other kinds).
        var level: Int
        /// The pool entry of the symbol's row, or -1 when it is parametric.
        var row = -1
        /// The row slot of the symbol (see `ColumnIndex`), and the symbol that owns the slot
        /// numbered like this symbol.
        var slot: Int
        var occupant: Int
        /// What `Tableau`'s column of the symbol would hold (see `CompactTableau+Columns.swift`).
        var column = ColumnState()
        /// For a user variable, the value last written into it, and whether one was.
        var written = false
        var lastValue = 0.0
        /// A definition's value during a read.
        var readValue = 0.0
    }

    /// The cells and the constant of a pool entry (its coefficients are in `cells`).
    struct EntryHead {
        var mask = SymbolMask()
        var constant = 0.0
    }

    /// The entries of a symbol's column in `Tableau`: how many (stale and repeated ones
    /// included), the set of row slots they name, and the count after the last compaction.
    struct ColumnState {
        var count = 0
        var slots = SymbolMask()
        var compactedLength = 0
    }

    var symbols: [SymbolInfo] = []
    private(set) var variables: [Variable?] = []
    /// The symbols of each kind that tests need often. `externals` holds the symbols of the
    /// registered user variables, in registration order (each is made when its variable is
    /// registered).
    private(set) var externals = SymbolMask()
    private(set) var pivotables = SymbolMask()
    private(set) var dummies = SymbolMask()
    /// The basic symbols.
    var basic = SymbolMask()

    /// The pool: `stride` coefficients per entry, and the mask of each entry's cells and its constant.
    var cells: [Double] = []
    var heads: [EntryHead] = []
    private var freeEntries: [Int] = []

    /// The objectives, strongest level first: their levels and pool entries.
    var objectives: [(level: Int, entry: Int)] = []
    /// The pool entry of the artificial objective while a row is installed through it, else -1.
    var artificial = -1
    /// Restricted basic symbols whose row constant went negative.
    var infeasible = SymbolMask()
    var work = PivotWork()

    /// The open transaction, if any (see `beginTransaction`).
    private var transaction: Transaction?

    var symbolCount: Int { symbols.count }

    /// Whether the tableau holds nothing: no symbols, rows or objectives (its pivot count aside).
    var isEmpty: Bool { symbols.isEmpty && objectives.isEmpty }

    /// Empties the tableau, keeping its storage.
    mutating func removeAll() {
        symbols.removeAll(keepingCapacity: true)
        variables.removeAll(keepingCapacity: true)
        externals = SymbolMask()
        pivotables = SymbolMask()
        dummies = SymbolMask()
        basic = SymbolMask()
        cells.removeAll(keepingCapacity: true)
        stride = 32
        heads.removeAll(keepingCapacity: true)
        freeEntries.removeAll(keepingCapacity: true)
        objectives.removeAll(keepingCapacity: true)
        artificial = -1
        infeasible = SymbolMask()
        work = PivotWork()
        transaction = nil
    }

    // MARK: Symbols

    /// Whether `extra` more symbols still fit.
    @inline(__always)
    func hasRoom(for extra: Int) -> Bool { symbolCount + extra <= CompactTableau.symbolLimit }

    /// The most symbols the compact tableau holds: one bit each in a mask of one machine word.
    /// Past about this size, scanning every basic row for a symbol costs more than `Tableau`'s
    /// column index (measured with 128 on `lectern-bench layout`, 54 constraints and about 120
    /// symbols: the ambiguity checks' pivots were half as fast again).
    static let symbolLimit = SymbolMask.capacity

    mutating func makeSymbol(_ kind: SymbolKind, level: Int = 0) -> Int {
        let symbol = symbols.count
        if symbols.capacity == 0 {
            symbols.reserveCapacity(CompactTableau.symbolLimit)
            variables.reserveCapacity(CompactTableau.symbolLimit)
            objectives.reserveCapacity(8)
            freeEntries.reserveCapacity(16)
        }
        if symbol >= stride { widen(to: 2 * stride) }
        symbols.append(SymbolInfo(kind: kind, level: level, slot: symbol, occupant: symbol))
        variables.append(nil)
        // A rolled-back symbol with this id may have left its bits behind.
        externals.remove(symbol)
        pivotables.remove(symbol)
        dummies.remove(symbol)
        basic.remove(symbol)
        switch kind {
        case .external: externals.insert(symbol)
        case .slack, .error: pivotables.insert(symbol)
        case .dummy: dummies.insert(symbol)
        }
        return symbol
    }

    @inline(__always)
    func kind(_ symbol: Int) -> SymbolKind { symbols[symbol].kind }

    @inline(__always)
    func level(_ symbol: Int) -> Int { symbols[symbol].level }

    @inline(__always)
    func isBasic(_ symbol: Int) -> Bool { basic.contains(symbol) }

    /// Whether `symbol` is a basic user variable, whose row is a definition.
    @inline(__always)
    func isDefinition(_ symbol: Int) -> Bool { externals.contains(symbol) && basic.contains(symbol) }

    /// The pool entry of `symbol`'s row (the symbol must be basic).
    @inline(__always)
    func rowEntry(_ symbol: Int) -> Int { symbols[symbol].row }

    /// The symbol of `variable`, if the tableau has seen it.
    @inline(__always)
    func existingSymbol(for variable: Variable) -> Int? {
        let hint = variable.symbolHint
        // A variable no tableau has registered still has no hint: it is new here too.
        guard hint >= 0 else { return nil }
        if hint < variables.count && variables[hint] === variable { return hint }
        for symbol in externals where variables[symbol] === variable {
            variable.symbolHint = symbol
            return symbol
        }
        return nil
    }

    /// The symbol of `variable`, registering the variable on first use.
    mutating func symbol(for variable: Variable) -> Int {
        if let symbol = existingSymbol(for: variable) { return symbol }
        let symbol = makeSymbol(.external)
        variables[symbol] = variable
        variable.symbolHint = symbol
        return symbol
    }

    /// Forgets the symbols from `count` on.
    private mutating func truncate(to count: Int) {
        guard count < symbolCount else { return }
        for symbol in count..<symbolCount {
            externals.remove(symbol)
            pivotables.remove(symbol)
            dummies.remove(symbol)
            basic.remove(symbol)
            infeasible.remove(symbol)
        }
        symbols.removeSubrange(count...)
        variables.removeSubrange(count...)
    }

    // MARK: Pool entries

    /// A new empty row.
    mutating func newEntry() -> Int {
        if let entry = freeEntries.popLast() {
            heads[entry].mask = SymbolMask()
            heads[entry].constant = 0
            return entry
        }
        let entry = heads.count
        if heads.capacity == 0 { heads.reserveCapacity(32) }
        heads.append(EntryHead())
        if cells.count < heads.count * stride { growCells(to: max(heads.capacity * stride, 2 * cells.count)) }
        return entry
    }

    /// Grows the coefficients to `count`, keeping the old ones. The new ones are left as they are:
    /// a coefficient is read only where its entry's mask has a bit, and set when the bit is.
    private mutating func growCells(to count: Int) {
        let old = cells
        cells = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = old.withUnsafeBufferPointer { old in UnsafeMutableBufferPointer(rebasing: buffer[..<old.count]).update(fromContentsOf: old) }
            initialized = count
        }
    }

    /// Moves every entry to a stride of `newStride` coefficients.
    private mutating func widen(to newStride: Int) {
        var wider = [Double](unsafeUninitializedCapacity: cells.count / stride * newStride) { _, initialized in
            initialized = cells.count / stride * newStride
        }
        for entry in heads.indices {
            for symbol in heads[entry].mask { wider[entry * newStride + symbol] = cells[entry * stride + symbol] }
        }
        cells = wider
        stride = newStride
    }

    /// Returns a row's entry to the pool.
    mutating func freeEntry(_ entry: Int) {
        freeEntries.append(entry)
    }

    /// A new entry with the same cells and constant as `entry`.
    mutating func copyEntry(_ entry: Int) -> Int {
        let copy = newEntry()
        heads[copy].mask = heads[entry].mask
        heads[copy].constant = heads[entry].constant
        let stride = self.stride
        cells.withUnsafeMutableBufferPointer { cells in
            for symbol in heads[entry].mask { cells[copy * stride + symbol] = cells[entry * stride + symbol] }
        }
        return copy
    }

    /// The coefficient of `symbol` in `entry` (0 when absent).
    @inline(__always)
    func coefficient(_ entry: Int, _ symbol: Int) -> Double {
        heads[entry].mask.contains(symbol) ? cells[entry * stride + symbol] : 0
    }

    /// The row of `entry` as a `Row`.
    func row(_ entry: Int) -> Row {
        let base = entry * stride
        return Row(constant: heads[entry].constant, cells: heads[entry].mask.map { Cell(symbol: $0, coefficient: cells[base + $0]) })
    }

    // MARK: Transactions

    /// The rows, objectives and symbols as they were when a transaction started tracking rows.
    private struct Snapshot {
        var stride: Int
        var cells: [Double]
        var heads: [EntryHead]
        var freeEntries: [Int]
        var symbols: [SymbolInfo]
        var basic: SymbolMask
        var objectives: [(level: Int, entry: Int)]
    }

    /// What a rollback restores: the symbol and variable counts at the start, the snapshot taken
    /// when rows started being tracked, and the columns `Tableau`'s journal would have saved.
    private struct Transaction {
        var symbolCount: Int
        var snapshot: Snapshot?
        var savedColumns: [(symbol: Int, column: ColumnState)] = []
        var columnSaved = SymbolMask()
    }

    /// Starts recording what `rollback()` must restore; rows from the start when `tracksRows`,
    /// else from `trackRowChanges()` on (see `Tableau.beginTransaction`).
    mutating func beginTransaction(tracksRows: Bool) {
        transaction = Transaction(symbolCount: symbolCount, snapshot: tracksRows ? snapshot() : nil)
    }

    /// Starts recording rows in the open transaction, if any.
    mutating func trackRowChanges() {
        guard transaction != nil, transaction?.snapshot == nil else { return }
        let saved = snapshot()
        transaction?.snapshot = saved
    }

    private func snapshot() -> Snapshot {
        Snapshot(stride: stride, cells: cells, heads: heads, freeEntries: freeEntries, symbols: symbols,
                 basic: basic, objectives: objectives)
    }

    /// Keeps the changes made since `beginTransaction`.
    mutating func commit() {
        transaction = nil
    }

    /// Undoes every change since `beginTransaction` but the pivots counted. Columns are restored as
    /// `Tableau`'s journal restores them: those it saved get their saved contents back, the others
    /// keep the entries appended meanwhile.
    mutating func rollback() {
        guard let saved = transaction else { return }
        transaction = nil
        if let snapshot = saved.snapshot {
            let current = symbols
            stride = snapshot.stride
            cells = snapshot.cells
            heads = snapshot.heads
            freeEntries = snapshot.freeEntries
            symbols = snapshot.symbols
            basic = snapshot.basic
            objectives = snapshot.objectives
            for symbol in 0..<min(saved.symbolCount, symbols.count) { symbols[symbol].column = current[symbol].column }
        }
        for entry in saved.savedColumns.reversed() where entry.symbol < symbols.count {
            symbols[entry.symbol].column = entry.column
        }
        truncate(to: saved.symbolCount)
        artificial = -1
        infeasible = SymbolMask()
    }

    /// Saves the column of `symbol` before a change other than an append, as `Tableau`'s journal does.
    @inline(__always)
    mutating func journalColumn(_ symbol: Int) {
        guard let open = transaction, open.snapshot != nil, symbol < open.symbolCount,
              !open.columnSaved.contains(symbol) else { return }
        let column = symbols[symbol].column
        transaction?.columnSaved.insert(symbol)
        transaction?.savedColumns.append((symbol, column))
    }

    // MARK: Values

    /// Writes the current value into every registered user variable whose value differs from the
    /// one this tableau last wrote into it (or that it never wrote), bit for bit. (`Tableau`
    /// rewrites the values that may have changed, so where a value went from -0 to 0 or back, it
    /// may leave the old zero; that sign is the only way the two can read differently.)
    mutating func writeValues() {
        var evaluated = SymbolMask()
        for symbol in externals {
            let value = currentValue(of: symbol, evaluated: &evaluated)
            if !symbols[symbol].written || symbols[symbol].lastValue.bitPattern != value.bitPattern {
                symbols[symbol].written = true
                symbols[symbol].lastValue = value
                variables[symbol]?.value = value
            }
        }
    }

    /// The value of a user variable: 0 when parametric, else its definition's constant plus its
    /// terms at the values of the basic symbols it names (the order of `Tableau.value(of:rows:…)`).
    /// Definitions' values are kept for the current read (`evaluated`).
    private mutating func currentValue(of symbol: Int, evaluated: inout SymbolMask) -> Double {
        guard isBasic(symbol) else { return 0 }
        if evaluated.contains(symbol) { return symbols[symbol].readValue }
        let entry = rowEntry(symbol)
        var value = heads[entry].constant
        for named in heads[entry].mask.intersection(basic) {
            let coefficient = cells[entry * stride + named]
            let namedValue = externals.contains(named) ? currentValue(of: named, evaluated: &evaluated)
                : heads[rowEntry(named)].constant
            value += coefficient * namedValue
        }
        symbols[symbol].readValue = value
        evaluated.insert(symbol)
        return value
    }

    /// The current value of a symbol as `Tableau.value(of:)` gives it: its expanded row's constant.
    mutating func value(of symbol: Int) -> Double {
        guard let (entry, temporary) = expandedRow(of: symbol) else { return 0 }
        let value = heads[entry].constant
        if temporary { freeEntry(entry) }
        return value
    }
}
