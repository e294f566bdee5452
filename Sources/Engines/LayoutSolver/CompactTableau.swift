/// The tableau of a solver with at most `symbolLimit` symbols: the same rows, objectives
/// and pivoting rules as `Tableau`, in a representation made for small systems.
///
/// It is generic over its mask (`CompactMask`): with one-word masks (`SymbolMask`, 64 symbols) it
/// is the tableau every solver starts on; with two-word masks (`WideSymbolMask`, 128 symbols) it is
/// the wide compact tableau a solver moves to when its system outgrows one word
/// (`init(widening:)`). The compiler specializes it for each mask, so both run without generic
/// dispatch.
///
/// Every row (basic rows, objectives, the artificial objective, rows being built) is an entry of
/// one pool: a fixed-stride slice of one flat buffer of coefficients, a mask of its
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
/// Every table lives in one storage block (`CompactStorage`), read and written through pointers.
/// A required add that may fail saves a snapshot of the tables (a copy of the block) when a change
/// that can fail begins, instead of a journal. Values are computed at each read from the rows and
/// definitions, and written into the variables whose value differs from the one last written.
struct CompactTableau<Mask: CompactMask> {
    /// What the tableau keeps about one symbol.
    struct SymbolInfo {
        var kind: SymbolKind
        /// For a user variable, whether a value was written into it, and the value last written.
        var written = false
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
        var lastValue = 0.0
        /// A definition's value during a read.
        var readValue = 0.0
        /// The user variable of an external symbol, unretained: `retainedVariables` holds it.
        var variable: Unmanaged<Variable>?
    }

    /// The cells and the constant of a pool entry (its coefficients are in `cells`).
    struct EntryHead {
        var mask = Mask()
        var constant = 0.0
    }

    /// An objective: its strength level and its pool entry.
    typealias ObjectiveEntry = (level: Int, entry: Int)

    /// The entries of a symbol's column in `Tableau`: how many (stale and repeated ones
    /// included), the set of row slots they name, and the count after the last compaction.
    struct ColumnState {
        var count = 0
        var slots = Mask()
        var compactedLength = 0
    }

    /// The block that holds every table below but the retained variables (see `CompactStorage`),
    /// and the tables in it. A copy of the tableau shares the block: `duplicate()` makes one that
    /// does not. Making an entry may move the tables to a larger block, so a table or `cells`
    /// read into a local is used only until the next `newEntry` (or anything that calls it).
    private(set) var storage: CompactStorage
    var tables: CompactTables<Mask>

    /// The symbols, by id.
    var symbols: BlockArray<SymbolInfo> {
        @inline(__always) get { tables.symbols }
        @inline(__always) _modify { yield &tables.symbols }
    }
    /// The pool: `stride` coefficients per entry (`cells`), and the mask of each entry's cells
    /// and its constant (`heads`).
    var heads: BlockArray<EntryHead> {
        @inline(__always) get { tables.heads }
        @inline(__always) _modify { yield &tables.heads }
    }
    var cells: UnsafeMutablePointer<Double> {
        @inline(__always) get { tables.cells }
    }
    /// The number of coefficients of a pool entry: room for every symbol id the masks hold
    /// (`symbolLimit`), from the first block on. (A stride of 32 doubled when the symbols outgrew
    /// it kept small systems' rows shorter, but one exercise system in seven outgrew it, and
    /// copying its block cost 1.2% of the exercises' systems' instructions; rows of 64 measured no
    /// slower on the small scripts, whose cells stay in the first lines of each row.)
    var stride: Int {
        @inline(__always) get { tables.stride }
    }
    /// The objectives, strongest level first: their levels and pool entries.
    var objectives: BlockArray<ObjectiveEntry> {
        @inline(__always) get { tables.objectives }
        @inline(__always) _modify { yield &tables.objectives }
    }

    /// The registered user variables, in registration order: the references that keep them alive
    /// while the tableau may write their values (`SymbolInfo.variable` does not retain them).
    private var retainedVariables: [Variable] = []
    /// The symbols of each kind that tests need often. `externals` holds the symbols of the
    /// registered user variables, in registration order (each is made when its variable is
    /// registered).
    private(set) var externals = Mask()
    private(set) var pivotables = Mask()
    private(set) var dummies = Mask()
    /// The basic symbols.
    var basic = Mask()

    /// The pool entry of the artificial objective while a row is installed through it, else -1.
    var artificial = -1
    /// Restricted basic symbols whose row constant went negative.
    var infeasible = Mask()
    /// The symbols whose cost in some objective may have changed since the primal simplex last
    /// found none improving: the only ones it prices (see `CompactTableau+Simplex.swift`).
    var costChanged = Mask()
    var work = PivotWork()

    /// The transaction (see `beginTransaction`), open or closed: kept in place, so that opening
    /// and closing one for every required add stores a few fields instead of replacing an
    /// optional structure.
    private var transaction = Transaction()

    /// The pool entries of a new block: room for a small system's rows, objectives and rows being
    /// built.
    private static var initialEntryCapacity: Int { 32 }

    /// An empty tableau with its block.
    init() {
        storage = CompactStorage.make(for: Mask.self, entryCapacity: CompactTableau.initialEntryCapacity,
                                      stride: CompactTableau.symbolLimit)
        tables = storage.emptyTables()
    }

    var symbolCount: Int { symbols.count }

    /// Whether the tableau holds nothing: no symbols, rows or objectives (its pivot count aside).
    var isEmpty: Bool { symbols.isEmpty && objectives.isEmpty }

    /// Empties the tableau, keeping its block.
    mutating func removeAll() {
        tables = storage.emptyTables()
        retainedVariables.removeAll(keepingCapacity: true)
        externals = Mask()
        pivotables = Mask()
        dummies = Mask()
        basic = Mask()
        artificial = -1
        infeasible = Mask()
        costChanged = Mask()
        work = PivotWork()
        closeTransaction()
    }

    /// A copy of the tableau with a block of its own.
    func duplicate() -> CompactTableau {
        var copy = self
        (copy.storage, copy.tables) = copiedTables()
        return copy
    }

    /// A new block with the same capacities, holding a copy of the tables.
    private func copiedTables() -> (CompactStorage, CompactTables<Mask>) {
        let block = CompactStorage.make(for: Mask.self, entryCapacity: heads.capacity, stride: stride)
        var copied: CompactTables<Mask> = block.emptyTables()
        tables.copy(into: &copied)
        return (block, copied)
    }

    /// Moves the tables to a new block with room for `entryCapacity` entries; the old block is freed.
    private mutating func regrow(entryCapacity: Int) {
        let block = CompactStorage.make(for: Mask.self, entryCapacity: entryCapacity, stride: stride)
        var moved: CompactTables<Mask> = block.emptyTables()
        tables.copy(into: &moved)
        storage = block
        tables = moved
    }

    // MARK: Symbols

    /// Whether `extra` more symbols still fit (in `limit` symbols, by default this tableau's).
    @inline(__always)
    func hasRoom(for extra: Int, within limit: Int = CompactTableau.symbolLimit) -> Bool { symbolCount + extra <= limit }

    /// Whether the symbols a batch may make fit in `limit` symbols: its markers, the variables it
    /// brings and one artificial variable. Cheap bounds first; the new variables are counted only
    /// between them, gathered in a list no longer than the room left and searched linearly, so a
    /// batch that does not fit is given up on as soon as the list is full (no hashing: only the
    /// count matters). It changes nothing but the variables' symbol hints; it is `mutating` so
    /// that a solver calls it on its stored tableau in place, where a non-mutating call would copy
    /// the tableau's fields.
    mutating func hasRoom(forBatch constraints: [Constraint], within limit: Int) -> Bool {
        var markers = 1
        var terms = 0
        for constraint in constraints {
            markers += constraint.strength.isRequired ? 1 : 2
            terms += constraint.expression.terms.count
        }
        if hasRoom(for: markers + terms, within: limit) { return true }
        let room = limit - symbolCount - markers
        guard room >= 0 else { return false }
        return withUnsafeTemporaryAllocation(of: ObjectIdentifier.self, capacity: room + 1) { fresh in
            var count = 0
            for constraint in constraints {
                for term in constraint.expression.terms where existingSymbol(for: term.variable) == nil {
                    let key = ObjectIdentifier(term.variable)
                    if fresh[..<count].contains(key) { continue }
                    guard count < room else { return false }
                    fresh[count] = key
                    count += 1
                }
            }
            return true
        }
    }

    /// The most symbols the tableau holds: one bit each in its mask (64 or 128). Past 128 the
    /// solver moves to `Tableau`, whose column index finds the rows that hold a symbol without
    /// scanning every basic row.
    static var symbolLimit: Int { Mask.capacity }

    mutating func makeSymbol(_ kind: SymbolKind, level: Int = 0) -> Int {
        let symbol = symbols.count
        symbols.append(SymbolInfo(kind: kind, level: level, slot: symbol, occupant: symbol))
        // No mask holds an id past the symbols: `truncate` clears the bits of the symbols a
        // rollback forgets, and `removeAll` every bit.
        assert(!externals.union(pivotables).union(dummies).union(basic).contains(symbol), "a forgotten symbol's bit")
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

    /// The user variable of an external symbol.
    func variable(of symbol: Int) -> Variable? {
        symbols[symbol].variable?.takeUnretainedValue()
    }

    /// Whether `symbol` is the symbol of `variable` (compared by identity).
    @inline(__always)
    private func holds(_ variable: Unmanaged<Variable>, at symbol: Int) -> Bool {
        symbols[symbol].variable?.toOpaque() == variable.toOpaque()
    }

    /// The symbol of `variable`, if the tableau has seen it.
    @inline(__always)
    func existingSymbol(for variable: Variable) -> Int? {
        existingSymbol(for: Unmanaged.passUnretained(variable))
    }

    /// `existingSymbol(for:)` for a variable that the caller keeps alive, read without retaining it.
    @inline(__always)
    private func existingSymbol(for variable: Unmanaged<Variable>) -> Int? {
        let hint = variable._withUnsafeGuaranteedRef { $0.symbolHint }
        // A variable no tableau has registered still has no hint: it is new here too.
        guard hint >= 0 else { return nil }
        if hint < symbols.count && holds(variable, at: hint) { return hint }
        for symbol in externals where holds(variable, at: symbol) {
            variable._withUnsafeGuaranteedRef { $0.symbolHint = symbol }
            return symbol
        }
        return nil
    }

    /// The symbol of `variable`, registering the variable on first use.
    mutating func symbol(for variable: Variable) -> Int {
        symbol(for: Unmanaged.passUnretained(variable))
    }

    /// `symbol(for:)` for a variable that the caller keeps alive (a term of a constraint being
    /// added), read without retaining it; registering retains it in `retainedVariables`.
    mutating func symbol(for variable: Unmanaged<Variable>) -> Int {
        if let symbol = existingSymbol(for: variable) { return symbol }
        let symbol = makeSymbol(.external)
        if retainedVariables.capacity == 0 { retainedVariables.reserveCapacity(CompactTableau.symbolLimit) }
        retainedVariables.append(variable.takeUnretainedValue())
        symbols[symbol].variable = variable
        variable._withUnsafeGuaranteedRef { $0.symbolHint = symbol }
        return symbol
    }

    /// Forgets the symbols from `count` on.
    private mutating func truncate(to count: Int) {
        guard count < CompactTableau.symbolLimit else { return }
        let forgotten = Mask(idsFrom: count)
        // Variables are registered in symbol order, so the forgotten ones are the last retained.
        retainedVariables.removeLast(externals.intersection(forgotten).count)
        externals = externals.subtracting(forgotten)
        pivotables = pivotables.subtracting(forgotten)
        dummies = dummies.subtracting(forgotten)
        basic = basic.subtracting(forgotten)
        infeasible = infeasible.subtracting(forgotten)
        symbols.truncate(to: count)
    }

    // MARK: Pool entries

    /// A new empty row.
    mutating func newEntry() -> Int {
        if let entry = tables.freeEntries.popLast() {
            heads[entry] = EntryHead()
            return entry
        }
        if heads.count == heads.capacity { regrow(entryCapacity: 2 * heads.capacity) }
        heads.append(EntryHead())
        return heads.count - 1
    }

    /// Returns a row's entry to the pool.
    @inline(__always)
    mutating func freeEntry(_ entry: Int) {
        tables.freeEntries.append(entry)
    }

    /// A new entry with the same cells and constant as `entry`.
    mutating func copyEntry(_ entry: Int) -> Int {
        let copy = newEntry()
        heads[copy] = heads[entry]
        let stride = self.stride
        let cells = self.cells
        for symbol in heads[entry].mask { cells[copy * stride + symbol] = cells[entry * stride + symbol] }
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

    /// The rows, objectives and symbols as they were when a transaction started tracking rows: a
    /// copy of the block, and the basic symbols.
    private struct Snapshot {
        var storage: CompactStorage
        var tables: CompactTables<Mask>
        var basic: Mask
    }

    /// What a rollback restores: the symbol count at the start, the snapshot taken when rows
    /// started being tracked, and the columns `Tableau`'s journal would have saved.
    private struct Transaction {
        var isOpen = false
        var symbolCount = 0
        var snapshot: Snapshot?
        var savedColumns: [(symbol: Int, column: ColumnState)] = []
        var columnSaved = Mask()
    }

    /// Starts recording what `rollback()` must restore; rows from the start when `tracksRows`,
    /// else from `trackRowChanges()` on (see `Tableau.beginTransaction`).
    mutating func beginTransaction(tracksRows: Bool) {
        transaction.isOpen = true
        transaction.symbolCount = symbolCount
        if tracksRows { transaction.snapshot = snapshot() }
    }

    /// Starts recording rows in the open transaction, if any.
    mutating func trackRowChanges() {
        guard transaction.isOpen, transaction.snapshot == nil else { return }
        transaction.snapshot = snapshot()
    }

    private func snapshot() -> Snapshot {
        let (block, copied) = copiedTables()
        return Snapshot(storage: block, tables: copied, basic: basic)
    }

    /// Keeps the changes made since `beginTransaction`.
    mutating func commit() {
        closeTransaction()
    }

    /// Closes the transaction, dropping what it recorded.
    private mutating func closeTransaction() {
        transaction.isOpen = false
        if transaction.snapshot != nil { transaction.snapshot = nil }
        if !transaction.savedColumns.isEmpty { transaction.savedColumns.removeAll(keepingCapacity: true) }
        transaction.columnSaved = Mask()
    }

    /// Undoes every change since `beginTransaction` but the pivots counted. Columns are restored as
    /// `Tableau`'s journal restores them: those it saved get their saved contents back, the others
    /// keep the entries appended meanwhile.
    mutating func rollback() {
        guard transaction.isOpen else { return }
        let saved = transaction
        closeTransaction()
        if let snapshot = saved.snapshot {
            let current = storage
            let currentSymbols = symbols
            storage = snapshot.storage
            tables = snapshot.tables
            basic = snapshot.basic
            // `currentSymbols` points into the replaced block, which `current` keeps alive.
            withExtendedLifetime(current) {
                for symbol in 0..<min(saved.symbolCount, symbols.count) {
                    symbols[symbol].column = currentSymbols[symbol].column
                }
            }
        }
        for entry in saved.savedColumns.reversed() where entry.symbol < symbols.count {
            symbols[entry.symbol].column = entry.column
        }
        truncate(to: saved.symbolCount)
        artificial = -1
        infeasible = Mask()
        // The objectives may be back to older costs: price every symbol next time.
        costChanged = Mask.all
    }

    /// Saves the column of `symbol` before a change other than an append, as `Tableau`'s journal does.
    @inline(__always)
    mutating func journalColumn(_ symbol: Int) {
        guard transaction.isOpen, transaction.snapshot != nil, symbol < transaction.symbolCount,
              !transaction.columnSaved.contains(symbol) else { return }
        let column = symbols[symbol].column
        transaction.columnSaved.insert(symbol)
        transaction.savedColumns.append((symbol, column))
    }

    // MARK: Values

    /// Writes the current value into every registered user variable whose value differs from the
    /// one this tableau last wrote into it (or that it never wrote), bit for bit. (`Tableau`
    /// rewrites the values that may have changed, so where a value went from -0 to 0 or back, it
    /// may leave the old zero; that sign is the only way the two can read differently.)
    mutating func writeValues() {
        var evaluated = Mask()
        for symbol in externals {
            let value = currentValue(of: symbol, evaluated: &evaluated)
            if !symbols[symbol].written || symbols[symbol].lastValue.bitPattern != value.bitPattern {
                symbols[symbol].written = true
                symbols[symbol].lastValue = value
                symbols[symbol].variable?._withUnsafeGuaranteedRef { $0.value = value }
            }
        }
    }

    /// The value of a user variable: 0 when parametric, else its definition's constant plus its
    /// terms at the values of the basic symbols it names (the order of `Tableau.value(of:rows:…)`).
    /// Definitions' values are kept for the current read (`evaluated`).
    private mutating func currentValue(of symbol: Int, evaluated: inout Mask) -> Double {
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

    /// The current value of `variable` (its expanded row's constant), or nil for a variable the
    /// tableau has never seen.
    mutating func currentValue(of variable: Variable) -> Double? {
        existingSymbol(for: variable).map { value(of: $0) }
    }

    /// The current value of a symbol as `Tableau.value(of:)` gives it: its expanded row's constant.
    mutating func value(of symbol: Int) -> Double {
        guard let (entry, temporary) = expandedRow(of: symbol) else { return 0 }
        let value = heads[entry].constant
        if temporary { freeEntry(entry) }
        return value
    }
}

// MARK: Widening

extension CompactTableau where Mask == WideSymbolMask {
    /// The tableau of `narrow` with two-word masks, for a system that outgrows one word: the same
    /// symbols (ids, kinds, levels, rows, slots, column counts, variables), the same pool entries
    /// with their masks zero-extended and their coefficients at the same places, the same free
    /// entries, objectives, infeasible rows, cost changes and pivot count. Every choice and every
    /// floating-point step of the tableau depends only on these and on the ids' order, which
    /// widening keeps, so the pivots and values go on exactly as they would have. Called between
    /// operations, never inside a transaction; `narrow` is left as it was.
    ///
    /// The new block is laid out at once for the system it is made for, a large one: a stride of
    /// every symbol the masks hold and twice the entries, so that it does not grow again soon
    /// (each growth copies the block).
    init(widening narrow: CompactTableau<SymbolMask>) {
        let source = narrow.tables
        storage = CompactStorage.make(for: WideSymbolMask.self, entryCapacity: 2 * source.heads.capacity,
                                      stride: WideSymbolMask.capacity)
        tables = storage.emptyTables()
        for info in source.symbols {
            var column = ColumnState()
            column.count = info.column.count
            column.slots = WideSymbolMask(info.column.slots)
            column.compactedLength = info.column.compactedLength
            var widened = SymbolInfo(kind: info.kind, level: info.level, slot: info.slot, occupant: info.occupant)
            widened.written = info.written
            widened.row = info.row
            widened.column = column
            widened.lastValue = info.lastValue
            widened.readValue = info.readValue
            widened.variable = info.variable
            tables.symbols.append(widened)
        }
        for head in source.heads {
            tables.heads.append(EntryHead(mask: WideSymbolMask(head.mask), constant: head.constant))
        }
        tables.freeEntries.replaceContents(with: source.freeEntries)
        tables.objectives.replaceContents(with: source.objectives)
        for entry in source.heads.indices {
            for symbol in source.heads[entry].mask {
                tables.cells[entry * tables.stride + symbol] = source.cells[entry * source.stride + symbol]
            }
        }
        retainedVariables = narrow.retainedVariables
        externals = WideSymbolMask(narrow.externals)
        pivotables = WideSymbolMask(narrow.pivotables)
        dummies = WideSymbolMask(narrow.dummies)
        basic = WideSymbolMask(narrow.basic)
        artificial = narrow.artificial
        infeasible = WideSymbolMask(narrow.infeasible)
        costChanged = WideSymbolMask(narrow.costChanged)
        work = narrow.work
    }
}
