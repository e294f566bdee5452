/// The objective of one strength level: `constant + Σ coefficient·parametric` is the level's total
/// error in terms of the current parametric symbols.
struct Objective {
    var level: Int
    var row: Row
}

/// The simplex tableau of a `Solver`: rows keyed by their basic symbol, a column index from each
/// symbol to the basic symbols whose rows contain it, and one objective per strength level.
///
/// A column is a superset index: it lists every row that contains the symbol, but may also list
/// rows that no longer do (or list one twice), so that keeping it current costs one append when a
/// row gains a symbol and nothing when it loses one. Readers skip entries whose row has no such
/// cell; a column is emptied when its symbol becomes basic and compacted when stale entries pile
/// up. Its order follows the history of operations, never hashing, and every choice made while
/// scanning a column breaks ties by symbol id.
///
/// Column entries name row slots rather than basic symbols. Every symbol owns one slot
/// (`slots`, with `occupants` its inverse), and a symbol's row is filed under its slot. A pivot
/// swaps the slots of the entering and the leaving symbol: the entering symbol's row is the
/// leaving row rewritten, with the same cells but for those two symbols, so by taking over the
/// leaving row's slot it keeps every column entry that row had, and only the leaving symbol's new
/// cell is linked. Without that, each pivot on a long row would re-index the whole row.
///
/// All per-symbol storage is in arrays indexed by symbol id. Every write to a row or a column goes
/// through the helpers below, which keep the column index in step, record changed user variables,
/// and, inside a transaction, remember the old contents so a failed operation can be rolled back.
struct Tableau {
    private(set) var kinds: [SymbolKind] = []
    /// The strength level of error symbols (0 for other kinds).
    private(set) var levels: [Int] = []
    private(set) var rows: [Row?] = []
    /// The value of each definition's user variable as of the last `writeChangedValues`.
    var definitionValues: [Double] = []
    /// For each symbol, the definitions that named it while it was basic (a superset: stale
    /// entries are skipped by readers and dropped as the list grows, see `addDependent`).
    var dependents: [[Int]] = []
    /// Scratch factors of `expanded` (nil outside it).
    var factors: [Double?] = []
    /// Reused storage for `expanded`: the definitions to expand and the basic symbols reached.
    var expansionOrder: [Int] = []
    var expansionTouched: [Int] = []
    /// Reused storage for the dependency order of `writeChangedValues`, and the stack of that
    /// walk and of the one in `expanded`.
    var orderBuffer: [Int] = []
    var stackBuffer: [(symbol: Int, next: Int)] = []
    /// For each symbol, the row slots (see `slots`) of the rows that contain it.
    private(set) var columns: [[Int]] = []
    /// The slot of each symbol's row: a permutation of the symbol ids.
    private var slots: [Int] = []
    /// The symbol owning each slot: the inverse permutation of `slots`.
    private var occupants: [Int] = []
    /// The length of each column after its last compaction.
    private var compactedLength: [Int] = []
    /// Scratch marks (per symbol) for removing repeated column entries and for graph walks.
    var marks: [Int] = []
    var markEpoch = 0
    /// Objectives, strongest level first.
    var objectives: [Objective] = []
    /// The symbols whose cost in some objective may have changed since the primal simplex last
    /// found them not improving, each once (see `enteringColumn`). The others cannot improve any
    /// objective, so pricing skips them and an add costs no scan of the whole objectives.
    var pricingCandidates: [Int] = []
    private var isPricingCandidate: [Bool] = []
    /// Objectives with at most this many cells in all are scanned whole for each pivot instead.
    var scannedObjectiveCells = 256
    /// Whether every symbol of the objectives must be priced again (after objectives were replaced).
    var pricesEverySymbol = false
    /// Off while a dual simplex run that started from optimal objectives keeps them optimal.
    var recordsCostChanges = true
    /// The objective of the artificial phase while a constraint without a subject is installed.
    var artificial: Row?
    /// Restricted basic symbols whose row constant went negative (to be fixed by the dual simplex).
    var infeasible: [Int] = []
    var work = PivotWork()

    private var symbolOfVariable: [ObjectIdentifier: Int] = [:]
    private(set) var variables: [Variable?] = []

    /// External symbols whose value may have changed since the last `writeChangedValues`.
    private var changed: [Int] = []
    private var isChanged: [Bool] = []

    /// Rows of at most this many cells are merged into the definitions that name the symbol they
    /// replace; longer ones are not (see `substitute`).
    var mergedIntoDefinitions = 64

    /// Reused storage for row merges and the symbols they add (see `Row.add`).
    private var cellBuffer: [Cell] = []
    private var addedBuffer: [Int] = []
    private var columnBuffer: [Int] = []

    private var journal: Journal?
    private var rowJournaled: [Bool] = []
    private var columnJournaled: [Bool] = []

    /// What a transaction needs to restore the tableau exactly.
    private struct Journal {
        var symbolCount: Int
        /// The objectives as they were, saved when rows start being tracked.
        var objectives: [Objective]?
        /// Whether old rows, columns and objectives are being saved (off while no change can fail).
        var tracksRows: Bool
        /// A changed row's symbol, its old row and slot.
        var rows: [(symbol: Int, row: Row?, slot: Int)] = []
        var columns: [(Int, [Int])] = []
        var newVariables: [ObjectIdentifier] = []
    }

    var symbolCount: Int { kinds.count }

    // MARK: Symbols

    mutating func makeSymbol(_ kind: SymbolKind, level: Int = 0) -> Int {
        let symbol = kinds.count
        kinds.append(kind)
        levels.append(level)
        rows.append(nil)
        definitionValues.append(0)
        dependents.append([])
        factors.append(nil)
        columns.append([])
        slots.append(symbol)
        occupants.append(symbol)
        compactedLength.append(0)
        marks.append(0)
        variables.append(nil)
        isChanged.append(false)
        isPricingCandidate.append(false)
        rowJournaled.append(false)
        columnJournaled.append(false)
        return symbol
    }

    /// The symbol of `variable`, if the tableau has seen it.
    func existingSymbol(for variable: Variable) -> Int? {
        symbolOfVariable[ObjectIdentifier(variable)]
    }

    /// The symbol of `variable`, registering the variable on first use.
    mutating func symbol(for variable: Variable) -> Int {
        let key = ObjectIdentifier(variable)
        if let symbol = symbolOfVariable[key] { return symbol }
        let symbol = makeSymbol(.external)
        symbolOfVariable[key] = symbol
        variables[symbol] = variable
        journal?.newVariables.append(key)
        markChanged(symbol)
        return symbol
    }

    /// The current value of an external symbol: its (expanded) row constant when basic, 0 when
    /// parametric.
    mutating func value(of symbol: Int) -> Double {
        expandedRow(of: symbol)?.constant ?? 0
    }

    /// Records that the value of `symbol` may have changed, when some user variable's value depends
    /// on it: its own, or a definition's that names it.
    @inline(__always)
    private mutating func markChanged(_ symbol: Int) {
        if (kinds[symbol] == .external || !dependents[symbol].isEmpty) && !isChanged[symbol] {
            isChanged[symbol] = true
            changed.append(symbol)
        }
    }

    /// Whether `definition`, which is about to stop naming `symbol`, must be marked as changed:
    /// when the value of `symbol` changed since the last `writeChangedValues`, the definition's
    /// value changed with it, and the walk of `writeChangedValues` from `symbol` follows only the
    /// definitions that still name it. (Otherwise a read after a remove, an add and no read in
    /// between left such a definition at its old value.) `substitute` applies the same rule to
    /// the cells a merge cancels.
    @inline(__always)
    private func stopsNamingChanged(_ symbol: Int, _ definition: Int) -> Bool {
        isChanged[symbol] && kinds[definition] == .external
    }

    /// Writes the current value into every user variable whose value may have changed (and into
    /// the definitions that depend on them), and forgets them.
    mutating func writeChangedValues() {
        markEpoch += 1
        orderBuffer.removeAll(keepingCapacity: true)
        for symbol in changed where symbol < symbolCount {
            isChanged[symbol] = false
            if isDefinition(symbol) || !dependents[symbol].isEmpty {
                appendDependencyOrder(from: symbol)
            } else {
                variables[symbol]?.value = currentValue(of: symbol)
            }
        }
        changed.removeAll(keepingCapacity: true)
        // Read in place: binding rows would retain and release their cells for every evaluation.
        rows.withUnsafeBufferPointer { rows in
            kinds.withUnsafeBufferPointer { kinds in
                variables.withUnsafeBufferPointer { variables in
                    definitionValues.withUnsafeMutableBufferPointer { values in
                        for symbol in orderBuffer.reversed() {
                            let value = Tableau.value(of: symbol, rows: rows, kinds: kinds, definitionValues: values)
                            values[symbol] = value  // read back only while `symbol` is a basic user variable
                            variables[symbol]?.value = value
                        }
                    }
                }
            }
        }
    }

    // MARK: Transactions

    /// Starts recording changes so that `rollback()` can restore the current state exactly.
    ///
    /// New symbols and registered variables are always recorded. Row, column and objective
    /// contents are recorded from the start when `tracksRows` is true, else only after
    /// `trackRowChanges()`: a caller whose first changes cannot fail skips their cost.
    mutating func beginTransaction(tracksRows: Bool) {
        journal = Journal(symbolCount: symbolCount, objectives: tracksRows ? objectives : nil, tracksRows: tracksRows)
    }

    /// Starts recording row and column contents in the current transaction, if any.
    mutating func trackRowChanges() {
        guard journal?.tracksRows == false else { return }
        journal?.tracksRows = true
        journal?.objectives = objectives
    }

    /// Keeps the changes made since `beginTransaction()`.
    mutating func commit() {
        guard let finished = journal else { return }
        journal = nil
        for entry in finished.rows where entry.symbol < symbolCount { rowJournaled[entry.symbol] = false }
        for (symbol, _) in finished.columns where symbol < symbolCount { columnJournaled[symbol] = false }
    }

    /// Undoes every change made since `beginTransaction()`.
    mutating func rollback() {
        guard let saved = journal else { return }
        journal = nil
        // Every slot swap in the transaction involved two journaled symbols, so restoring each
        // journaled symbol's slot restores the permutation on the symbols that remain.
        for (symbol, row, slot) in saved.rows.reversed() where symbol < saved.symbolCount {
            rows[symbol] = row
            slots[symbol] = slot
            occupants[slot] = symbol
            rowJournaled[symbol] = false
            markChanged(symbol)
        }
        for (symbol, column) in saved.columns.reversed() where symbol < saved.symbolCount {
            columns[symbol] = column
            columnJournaled[symbol] = false
        }
        for key in saved.newVariables { symbolOfVariable[key] = nil }
        let count = saved.symbolCount
        kinds.removeSubrange(count...)
        levels.removeSubrange(count...)
        rows.removeSubrange(count...)
        definitionValues.removeSubrange(count...)
        dependents.removeSubrange(count...)
        factors.removeSubrange(count...)
        columns.removeSubrange(count...)
        slots.removeSubrange(count...)
        occupants.removeSubrange(count...)
        compactedLength.removeSubrange(count...)
        marks.removeSubrange(count...)
        variables.removeSubrange(count...)
        isChanged.removeSubrange(count...)
        isPricingCandidate.removeSubrange(count...)
        pricingCandidates.removeAll { $0 >= count }
        pricesEverySymbol = true
        rowJournaled.removeSubrange(count...)
        columnJournaled.removeSubrange(count...)
        changed.removeAll { $0 >= count }
        if let savedObjectives = saved.objectives { objectives = savedObjectives }
        // A restored definition may name basic symbols whose lists dropped it in the meantime.
        for (symbol, _, _) in saved.rows where symbol < count && isDefinition(symbol) {
            for cell in rows[symbol]?.cells ?? [] where rows[cell.symbol] != nil { addDependent(symbol, of: cell.symbol) }
        }
        artificial = nil
        infeasible.removeAll()
    }

    private mutating func journalRow(_ symbol: Int) {
        guard journal?.tracksRows == true, symbol < journal?.symbolCount ?? 0, !rowJournaled[symbol] else { return }
        rowJournaled[symbol] = true
        journal?.rows.append((symbol, rows[symbol], slots[symbol]))
    }

    private mutating func journalColumn(_ symbol: Int) {
        guard journal?.tracksRows == true, symbol < journal?.symbolCount ?? 0, !columnJournaled[symbol] else { return }
        columnJournaled[symbol] = true
        journal?.columns.append((symbol, columns[symbol]))
    }

    // MARK: Rows and columns

    /// Records that `basic`'s row now contains `symbol`. Appends are not journaled: after a
    /// rollback an extra entry is only a stale one.
    @inline(__always)
    private mutating func link(_ symbol: Int, to basic: Int) {
        columns[symbol].append(slots[basic])
        if columns[symbol].count > 4 * compactedLength[symbol] + 64 { compactColumn(symbol) }
    }

    /// The basic symbol whose row is filed under `slot`, or nil when that symbol is parametric or
    /// (a stale entry left by a rollback) the slot no longer exists.
    @inline(__always)
    func basicSymbol(inSlot slot: Int) -> Int? {
        guard slot < occupants.count else { return nil }
        let basic = occupants[slot]
        return rows[basic] == nil ? nil : basic
    }

    /// Drops entries of rows that no longer exist and repeated entries from a column, keeping the
    /// order. Entries of rows that exist but lost the symbol may stay: each row is listed at most
    /// once, so a column never outgrows the number of rows.
    private mutating func compactColumn(_ symbol: Int) {
        journalColumn(symbol)
        markEpoch += 1
        var kept: [Int] = []
        kept.reserveCapacity(columns[symbol].count)
        for slot in columns[symbol] where basicSymbol(inSlot: slot) != nil && marks[slot] != markEpoch {
            marks[slot] = markEpoch
            kept.append(slot)
        }
        columns[symbol] = kept
        compactedLength[symbol] = kept.count
    }

    /// The rows that contain `symbol`, each once, with the coefficient there.
    mutating func column(_ symbol: Int) -> [(basic: Int, coefficient: Double)] {
        compactColumn(symbol)
        return columns[symbol].compactMap { slot in
            let basic = occupants[slot]
            let coefficient = rows[basic]?.coefficient(of: symbol) ?? 0  // a row exists after compaction
            return coefficient == 0 ? nil : (basic, coefficient)
        }
    }

    /// Makes `basic` basic with `row`. A user variable's row is a definition (see
    /// `Tableau+Definitions.swift`), which may name basic symbols.
    mutating func installRow(_ basic: Int, _ row: Row) {
        journalRow(basic)
        rows[basic] = row
        if kinds[basic] == .external {
            for cell in row.cells where rows[cell.symbol] != nil { addDependent(basic, of: cell.symbol) }
        }
        for cell in row.cells { link(cell.symbol, to: basic) }
        markChanged(basic)
    }

    /// Replaces the row of `leaving` by `row`, that row solved for `entering` (the same cells, but
    /// for `leaving` in place of `entering`), as the row of `entering`, which takes over the slot
    /// and with it the column entries of the shared cells. The slot never holds a missing row in
    /// between, so no column compaction can drop those entries.
    private mutating func replaceRow(of leaving: Int, by entering: Int, _ row: Row) {
        journalRow(entering)
        journalRow(leaving)
        rows[leaving] = nil
        markChanged(leaving)
        let slot = slots[leaving]
        slots[leaving] = slots[entering]
        occupants[slots[leaving]] = leaving
        slots[entering] = slot
        occupants[slot] = entering
        rows[entering] = row
        link(leaving, to: entering)
        markChanged(entering)
    }

    /// Removes and returns the (expanded) row of `basic`, which becomes parametric.
    @discardableResult
    mutating func removeRow(_ basic: Int) -> Row? {
        guard let row = expandedRow(of: basic) else { return nil }
        journalRow(basic)
        rows[basic] = nil
        markChanged(basic)
        return row
    }

    /// Adds `delta` to the constant of `basic`'s row; queues the row if it becomes infeasible.
    @inline(__always)
    mutating func shiftConstant(of basic: Int, by delta: Double) {
        guard delta != 0, rows[basic] != nil else { return }
        journalRow(basic)
        rows[basic]?.constant += delta
        markChanged(basic)
        if kinds[basic].isRestricted && (rows[basic]?.constant ?? 0) < -epsilon { infeasible.append(basic) }
    }

    /// Adds `shift ×` (the coefficient of `symbol`) to the constant of every row containing
    /// `symbol`, that is, moves the origin of the parametric `symbol` by `shift`. Returns false
    /// when the constant of a basic dummy (a required equality implied by others) moves off zero.
    ///
    /// The scan also leaves the column exact (each row that holds `symbol` once), since the same
    /// symbol is usually shifted again and again (an edit variable's suggestions).
    mutating func shiftRows(containing symbol: Int, by shift: Double) -> Bool {
        guard !columns[symbol].isEmpty else { return true }
        markEpoch += 1
        var consistent = true
        columnBuffer.removeAll(keepingCapacity: true)
        let column = columns[symbol]
        for slot in column where slot < occupants.count && marks[slot] != markEpoch {
            marks[slot] = markEpoch
            let basic = occupants[slot]
            guard let coefficient = rows[basic]?.coefficient(of: symbol), coefficient != 0 else { continue }
            columnBuffer.append(slot)
            shiftConstant(of: basic, by: coefficient * shift)
            if kinds[basic] == .dummy && !nearZero(rows[basic]?.constant ?? 0) { consistent = false }
        }
        if columnBuffer.count < column.count {
            journalColumn(symbol)
            swap(&columns[symbol], &columnBuffer)
            compactedLength[symbol] = columns[symbol].count
        }
        return consistent
    }

    /// Replaces `symbol` by `row` in every row, objective and the artificial objective; with
    /// `keepingDefinitions`, definitions that name `symbol` keep naming it (it is becoming basic,
    /// and `row` is its row) unless `row` is short: only the rows the simplex reads are rewritten.
    /// A short row costs little to merge, and merged definitions stay cheap to read and expand.
    mutating func substitute(_ symbol: Int, with row: Row, keepingDefinitions: Bool = true) {
        if !columns[symbol].isEmpty {
            journalColumn(symbol)
            // The column is emptied by trading storage with a reused empty buffer.
            var column = Tableau.takeBuffer(&columnBuffer)
            swap(&column, &columns[symbol])
            var keptDefinitions = false
            let keepsDefinitions = keepingDefinitions && row.cells.count > mergedIntoDefinitions
            // Whether a cell of `row` has an unread change, so that a definition where it cancels
            // stops naming it (see `stopsNamingChanged`); found once, when a cell first cancels.
            var dropsChanged: Bool?
            for slot in column where slot < occupants.count {
                let basic = occupants[slot]
                guard let factor = rows[basic]?.coefficient(of: symbol), factor != 0 else { continue }
                if keepsDefinitions && isDefinition(basic) {
                    columns[symbol].append(slot)
                    addDependent(basic, of: symbol)
                    keptDefinitions = true
                    continue
                }
                journalRow(basic)
                guard var target = rows[basic].take() else { continue }
                let before = target.constant
                let cellsBefore = target.cells.count
                target.add(row, times: factor, replacing: symbol, added: &addedBuffer, buffer: &cellBuffer)
                if target.constant != before || stopsNamingChanged(symbol, basic) {
                    markChanged(basic)
                } else if kinds[basic] == .external && target.cells.count < cellsBefore - 1 + addedBuffer.count {
                    // Cells cancelled: mark the definition if one of them may have had an unread change.
                    if dropsChanged == nil { dropsChanged = row.cells.contains { isChanged[$0.symbol] } }
                    if dropsChanged == true { markChanged(basic) }
                }
                if kinds[basic].isRestricted && target.constant < -epsilon { infeasible.append(basic) }
                rows[basic] = target
                for index in addedBuffer.indices { link(addedBuffer[index], to: basic) }
                addedBuffer.removeAll(keepingCapacity: true)
            }
            columnBuffer = column
            compactedLength[symbol] = columns[symbol].count
            if keptDefinitions { markChanged(symbol) }  // its dependents were only just recorded
        }
        var costsChanged = false
        for index in objectives.indices {
            let factor = objectives[index].row.coefficient(of: symbol)
            guard factor != 0 else { continue }
            objectives[index].row.add(row, times: factor, replacing: symbol, added: &addedBuffer, buffer: &cellBuffer)
            costsChanged = true
        }
        if costsChanged { costsMayChange(in: row) }
        if let factor = artificial?.coefficient(of: symbol), factor != 0 {
            artificial?.add(row, times: factor, replacing: symbol, added: &addedBuffer, buffer: &cellBuffer)
        }
        addedBuffer.removeAll(keepingCapacity: true)
    }

    /// Exchanges a basic symbol for a parametric one.
    mutating func pivot(entering: Int, leaving: Int) {
        work.pivots += 1
        if isDefinition(leaving) {  // its row, once expanded, no longer matches its column entries
            guard var row = removeRow(leaving) else { return }
            row.solve(leaving, for: entering)
            substitute(entering, with: row)
            installRow(entering, row)
            return
        }
        guard var row = rows[leaving] else { return }
        row.solve(leaving, for: entering)
        // The new row lacks `entering`, so installing it first leaves it out of the substitution.
        replaceRow(of: leaving, by: entering, row)
        substitute(entering, with: row)
    }

    /// A new row expressing `Σ terms + constant` over the current parametric symbols, or, when it
    /// can define a user variable (see `definitionRow`), the row as written and that variable.
    ///
    /// - Parameter reserving: room for cells the caller will append (the constraint's own symbols).
    mutating func expressionRow(_ terms: [Term], constant: Double,
                                reserving extra: Int) -> (row: Row, definedVariable: Int?) {
        // The terms' symbols, looked up once, on the stack: the first pass sizes the cells, so
        // that long basic rows are copied into one allocation.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: terms.count) { symbols in
            var count = extra
            var fresh = false
            var named = false
            for (index, term) in terms.enumerated() {
                let symbol = term.coefficient == 0 ? -1 : symbol(for: term.variable)
                symbols.initializeElement(at: index, to: symbol)
                guard symbol >= 0 else { continue }
                count += rows[symbol]?.cells.count ?? 1
                named = named || rows[symbol] != nil
                fresh = fresh || (rows[symbol] == nil && columns[symbol].isEmpty)
            }
            if fresh && named, let definition = definitionRow(terms, symbols, constant: constant, reserving: extra) {
                return (definition.row, definition.subject)
            }
            var constant = constant
            var cells: [Cell] = []
            cells.reserveCapacity(count)
            for (index, term) in terms.enumerated() where symbols[index] >= 0 {
                guard let basic = expandedRow(of: symbols[index]) else {
                    cells.append(Cell(symbol: symbols[index], coefficient: term.coefficient))
                    continue
                }
                constant += basic.constant * term.coefficient
                for cell in basic.cells {
                    let value = cell.coefficient * term.coefficient
                    if !nearZero(value) { cells.append(Cell(symbol: cell.symbol, coefficient: value)) }
                }
            }
            return (Row(constant: constant, combining: cells), nil)
        }
    }

    // MARK: Objectives

    /// The index of the objective of `level`, creating it in strength order if needed.
    mutating func objectiveIndex(for level: Int) -> Int {
        var index = 0
        while index < objectives.count && objectives[index].level > level { index += 1 }
        if index < objectives.count && objectives[index].level == level { return index }
        objectives.insert(Objective(level: level, row: Row()), at: index)
        return index
    }

    /// Adds `factor ×` (the current expression of) `symbol` to the objective of `level`.
    mutating func addToObjective(_ symbol: Int, times factor: Double, level: Int) {
        let index = objectiveIndex(for: level)
        if let row = rows[symbol] {
            objectives[index].row.add(row, times: factor, added: &addedBuffer, buffer: &cellBuffer)
            addedBuffer.removeAll(keepingCapacity: true)
            costsMayChange(in: row)
        } else {
            objectives[index].row.insert(symbol, factor)
            costMayChange(of: symbol)
        }
    }

    /// Records that the cost of `symbol` in some objective may have changed.
    @inline(__always)
    mutating func costMayChange(of symbol: Int) {
        if recordsCostChanges && !isPricingCandidate[symbol] {
            isPricingCandidate[symbol] = true
            pricingCandidates.append(symbol)
        }
    }

    /// Records that the costs of the symbols of `row`, just merged into objectives, may have changed.
    mutating func costsMayChange(in row: Row) {
        guard recordsCostChanges else { return }
        for cell in row.cells { costMayChange(of: cell.symbol) }
    }

    /// Empties the pricing candidates and has the next pricing find them again.
    mutating func forgetPricingCandidates() {
        for symbol in pricingCandidates { isPricingCandidate[symbol] = false }
        pricingCandidates.removeAll(keepingCapacity: true)
        pricesEverySymbol = true
    }

    /// Forgets `symbol` as a pricing candidate (its costs were found not improving).
    @inline(__always)
    mutating func dropPricingCandidate(_ symbol: Int) {
        isPricingCandidate[symbol] = false
    }

    /// Deletes a parametric symbol from every row and objective (its value is 0, so no value moves).
    mutating func eliminate(_ symbol: Int) {
        for (basic, _) in column(symbol) {
            journalRow(basic)
            rows[basic]?.remove(symbol)
            if stopsNamingChanged(symbol, basic) { markChanged(basic) }
        }
        journalColumn(symbol)
        columns[symbol] = []
        for index in objectives.indices { objectives[index].row.remove(symbol) }
    }
}
