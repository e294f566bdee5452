/// The objective of one strength level: `constant + Σ coefficient·parametric` is the level's total
/// error in terms of the current parametric symbols.
struct Objective {
    var level: Int
    var row: Row
}

/// The simplex tableau of a `Solver`: what kiwi's `SolverImpl` keeps (the rows keyed by their
/// basic symbol, one objective per strength level, the artificial objective of phase one, the
/// infeasible rows the dual simplex must fix, and the user's variables), plus the speed-ups, each
/// a type of its own:
/// - `ColumnIndex`: for each symbol, the rows that contain it, so a pivot rewrites only those;
/// - `PricingSet`: the symbols whose costs may have changed, so the primal simplex prices only them;
/// - `Journal`: what a required add that may fail must restore, so it changes the tableau in place;
/// - `ChangeSet` with the definitions (`Tableau+Definitions.swift`): the values that may have
///   changed, so a read costs what changed;
/// - `ScratchBuffers`: storage reused from one operation to the next.
///
/// Symbols are numbered in creation order and every per-symbol table is an array indexed by that
/// number, so no result ever depends on hashing. Every write to a row goes through the helpers
/// below, which keep the column index in step, record changed values, and, inside a
/// transaction, remember the old contents so that a failed operation can be rolled back.
struct Tableau {
    private(set) var kinds: [SymbolKind] = []
    /// The strength level of error symbols (0 for other kinds).
    private(set) var levels: [Int] = []
    private(set) var rows: [Row?] = []
    /// Objectives, strongest level first.
    var objectives: [Objective] = []
    /// The objective of the artificial phase while a constraint without a subject is installed.
    var artificial: Row?
    /// Restricted basic symbols whose row constant went negative (to be fixed by the dual simplex).
    var infeasible: [Int] = []
    var work = PivotWork()

    private var symbolOfVariable: [ObjectIdentifier: Int] = [:]
    private(set) var variables: [Variable?] = []

    /// For each symbol, the row slots of the rows that contain it.
    private(set) var columns = ColumnIndex()
    /// The symbols the primal simplex prices (see `enteringColumn`).
    var pricing = PricingSet()
    /// Objectives with at most this many cells in all are scanned whole for each pivot instead of
    /// priced through `pricing`.
    var scannedObjectiveCells = 256
    private var journal = Journal()
    /// External symbols (and symbols that definitions name) whose value may have changed since
    /// the last `writeChangedValues`.
    private var changed = ChangeSet()
    var scratch = ScratchBuffers()

    /// The value of each definition's user variable as of the last `writeChangedValues`.
    var definitionValues: [Double] = []
    /// For each symbol, the definitions that named it while it was basic (a superset: stale
    /// entries are skipped by readers and dropped as the list grows, see `addDependent`).
    var dependents: [[Int]] = []

    /// Rows of at most this many cells are merged into the definitions that name the symbol they
    /// replace; longer ones are not (see `substitute`).
    var mergedIntoDefinitions = 64

    var symbolCount: Int { kinds.count }

    // MARK: Symbols

    /// Makes room for `extra` more symbols, so that a batch of adds does not grow every
    /// per-symbol table again and again.
    mutating func reserveSymbols(_ extra: Int) {
        let total = symbolCount + extra
        kinds.reserveCapacity(total)
        levels.reserveCapacity(total)
        rows.reserveCapacity(total)
        variables.reserveCapacity(total)
        definitionValues.reserveCapacity(total)
        dependents.reserveCapacity(total)
        columns.reserve(extra)
        pricing.reserve(extra)
        changed.reserve(extra)
    }

    mutating func makeSymbol(_ kind: SymbolKind, level: Int = 0) -> Int {
        let symbol = kinds.count
        // The per-symbol tables grow together, from 64 symbols (a small system never grows them),
        // instead of each one by one from 1.
        if symbol == kinds.capacity { reserveSymbols(Swift.max(64, symbol)) }
        kinds.append(kind)
        levels.append(level)
        rows.append(nil)
        variables.append(nil)
        definitionValues.append(0)
        dependents.append([])
        columns.appendSymbol()
        pricing.appendSymbol()
        changed.appendSymbol()
        return symbol
    }

    /// The symbol of `variable`, if the tableau has seen it.
    /// (`Variable.symbolHint` first, the table of registered variables when the hint is not ours.)
    func existingSymbol(for variable: Variable) -> Int? {
        let hint = variable.symbolHint
        // A variable no tableau has registered still has no hint: it is new here too.
        guard hint >= 0 else { return nil }
        if hint < variables.count && variables[hint] === variable { return hint }
        guard let symbol = symbolOfVariable[ObjectIdentifier(variable)] else { return nil }
        variable.symbolHint = symbol
        return symbol
    }

    /// The symbol of `variable`, registering the variable on first use.
    mutating func symbol(for variable: Variable) -> Int {
        if let symbol = existingSymbol(for: variable) { return symbol }
        let key = ObjectIdentifier(variable)
        if symbolOfVariable.isEmpty { symbolOfVariable.reserveCapacity(16) }
        let symbol = makeSymbol(.external)
        symbolOfVariable[key] = symbol
        variables[symbol] = variable
        variable.symbolHint = symbol
        journal.recordNewVariable(key)
        markChanged(symbol)
        return symbol
    }

    /// The current value of an external symbol: its (expanded) row constant when basic, 0 when
    /// parametric.
    mutating func value(of symbol: Int) -> Double {
        expandedRow(of: symbol)?.constant ?? 0
    }

    /// The current value of `variable`, or nil for a variable the tableau has never seen.
    mutating func currentValue(of variable: Variable) -> Double? {
        existingSymbol(for: variable).map { value(of: $0) }
    }

    /// Records that the value of `symbol` may have changed, when some user variable's value depends
    /// on it: its own, or a definition's that names it.
    @inline(__always)
    private mutating func markChanged(_ symbol: Int) {
        if kinds[symbol] == .external || !dependents[symbol].isEmpty { changed.insert(symbol) }
    }

    /// Whether `definition`, which is about to stop naming `symbol`, must be marked as changed:
    /// when the value of `symbol` changed since the last `writeChangedValues`, the definition's
    /// value changed with it, and the walk of `writeChangedValues` from `symbol` follows only the
    /// definitions that still name it. (Otherwise a read after a remove, an add and no read in
    /// between left such a definition at its old value.) `substitute` applies the same rule to
    /// the cells a merge cancels.
    @inline(__always)
    private func stopsNamingChanged(_ symbol: Int, _ definition: Int) -> Bool {
        changed.contains(symbol) && kinds[definition] == .external
    }

    /// Writes the current value into every user variable whose value may have changed (and into
    /// the definitions that depend on them), and forgets them.
    mutating func writeChangedValues() {
        scratch.newWalk()
        scratch.order.removeAll(keepingCapacity: true)
        var symbols = ScratchBuffers.take(&scratch.column)
        changed.take(into: &symbols)
        for symbol in symbols where symbol < symbolCount {
            if isDefinition(symbol) || !dependents[symbol].isEmpty {
                appendDependencyOrder(from: symbol)
            } else {
                variables[symbol]?.value = currentValue(of: symbol)
            }
        }
        scratch.column = symbols
        // Read in place: binding rows would retain and release their cells for every evaluation.
        rows.withUnsafeBufferPointer { rows in
            kinds.withUnsafeBufferPointer { kinds in
                variables.withUnsafeBufferPointer { variables in
                    definitionValues.withUnsafeMutableBufferPointer { values in
                        for symbol in scratch.order.reversed() {
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
        journal.begin(symbolCount: symbolCount, objectives: objectives, tracksRows: tracksRows)
    }

    /// Starts recording row and column contents in the current transaction, if any.
    mutating func trackRowChanges() {
        journal.trackRows(objectives: objectives)
    }

    /// Keeps the changes made since `beginTransaction()`.
    mutating func commit() {
        _ = journal.close()
    }

    /// Undoes every change made since `beginTransaction()`.
    mutating func rollback() {
        guard let saved = journal.close() else { return }
        let count = saved.symbolCount
        // Every slot swap in the transaction involved two journaled symbols, so restoring each
        // journaled symbol's slot restores the permutation on the symbols that remain.
        for entry in saved.rows.reversed() where entry.symbol < count {
            rows[entry.symbol] = entry.row
            columns.restoreSlot(of: entry.symbol, to: entry.slot)
            markChanged(entry.symbol)
        }
        for entry in saved.columns.reversed() where entry.symbol < count {
            columns[entry.symbol] = entry.column
        }
        for key in saved.newVariables { symbolOfVariable[key] = nil }
        kinds.removeSubrange(count...)
        levels.removeSubrange(count...)
        rows.removeSubrange(count...)
        variables.removeSubrange(count...)
        definitionValues.removeSubrange(count...)
        dependents.removeSubrange(count...)
        columns.truncate(to: count)
        pricing.truncate(to: count)
        journal.truncate(to: count)
        changed.truncate(to: count)
        scratch.truncate(to: count)
        if let savedObjectives = saved.objectives { objectives = savedObjectives }
        // A restored definition may name basic symbols whose lists dropped it in the meantime.
        for entry in saved.rows where entry.symbol < count && isDefinition(entry.symbol) {
            for cell in rows[entry.symbol]?.cells ?? [] where rows[cell.symbol] != nil {
                addDependent(entry.symbol, of: cell.symbol)
            }
        }
        artificial = nil
        infeasible.removeAll()
    }

    @inline(__always)
    private mutating func journalRow(_ symbol: Int) {
        if journal.needsRow(symbol) { journal.saveRow(symbol, rows[symbol], slot: columns.slot(of: symbol)) }
    }

    @inline(__always)
    private mutating func journalColumn(_ symbol: Int) {
        if journal.needsColumn(symbol) { journal.saveColumn(symbol, columns[symbol]) }
    }

    /// `journalColumn` for a column the caller has taken out: `column` holds its old contents.
    @inline(__always)
    private mutating func journalColumn(_ symbol: Int, saving column: [Int]) {
        if journal.needsColumn(symbol) { journal.saveColumn(symbol, column) }
    }

    // MARK: Rows and columns

    /// Records that `basic`'s row now contains `symbol`. Appends are not journaled: after a
    /// rollback an extra entry is only a stale one.
    @inline(__always)
    private mutating func link(_ symbol: Int, to basic: Int) {
        if columns.link(symbol, toRowOf: basic) { compactColumn(symbol) }
    }

    /// Files the row of `symbol` under `slot` (a permutation carried over from another
    /// representation; applied to every symbol, it replaces the whole permutation).
    mutating func setSlot(of symbol: Int, to slot: Int) {
        columns.restoreSlot(of: symbol, to: slot)
    }

    /// Replaces the column of `symbol` (see `ColumnIndex.setColumn`).
    mutating func setColumn(_ symbol: Int, entries: [Int], compactedLength: Int) {
        columns.setColumn(symbol, entries: entries, compactedLength: compactedLength)
    }

    /// The basic symbol whose row is filed under `slot`, or nil when that symbol is parametric or
    /// (a stale entry left by a rollback) the slot no longer exists.
    @inline(__always)
    func basicSymbol(inSlot slot: Int) -> Int? {
        guard let basic = columns.occupant(ofSlot: slot) else { return nil }
        return rows[basic] == nil ? nil : basic
    }

    /// Drops stale and repeated entries from a column (see `ColumnIndex.compact`).
    private mutating func compactColumn(_ symbol: Int) {
        journalColumn(symbol)
        columns.compact(symbol, rows: rows)
    }

    /// The rows that contain `symbol`, each once, with the coefficient there.
    mutating func column(_ symbol: Int) -> [(basic: Int, coefficient: Double)] {
        compactColumn(symbol)
        return columns.withEntries(of: symbol) { slots in
            slots.compactMap { slot in
                guard let basic = columns.occupant(ofSlot: slot) else { return nil }
                let coefficient = rows[basic]?.coefficient(of: symbol) ?? 0  // a row exists after compaction
                return coefficient == 0 ? nil : (basic, coefficient)
            }
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
        columns.swapSlots(leaving, entering)
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
        guard !columns.isEmpty(symbol) else { return true }
        scratch.newWalk()
        var consistent = true
        var column = ScratchBuffers.take(&scratch.column)
        columns.copy(symbol, into: &column)
        var exact = ScratchBuffers.take(&scratch.exactColumn)
        for slot in column {
            guard let basic = columns.occupant(ofSlot: slot), scratch.mark(slot) else { continue }
            guard let coefficient = rows[basic]?.coefficient(of: symbol), coefficient != 0 else { continue }
            exact.append(slot)
            shiftConstant(of: basic, by: coefficient * shift)
            if kinds[basic] == .dummy && !nearZero(rows[basic]?.constant ?? 0) { consistent = false }
        }
        if exact.count < column.count {
            journalColumn(symbol, saving: column)
            columns[symbol] = exact
        }
        scratch.column = column
        scratch.exactColumn = exact
        return consistent
    }

    /// Replaces `symbol` by `row` in every row, objective and the artificial objective; with
    /// `keepingDefinitions`, definitions that name `symbol` keep naming it (it is becoming basic,
    /// and `row` is its row) unless `row` is short: only the rows the simplex reads are rewritten.
    /// A short row costs little to merge, and merged definitions stay cheap to read and expand.
    mutating func substitute(_ symbol: Int, with row: Row, keepingDefinitions: Bool = true) {
        if !columns.isEmpty(symbol) {
            journalColumn(symbol)
            // The column is emptied into a reused buffer.
            var column = ScratchBuffers.take(&scratch.column)
            columns.take(symbol, into: &column)
            var keptDefinitions = false
            let keepsDefinitions = keepingDefinitions && row.cells.count > mergedIntoDefinitions
            // Whether a cell of `row` has an unread change, so that a definition where it cancels
            // stops naming it (see `stopsNamingChanged`); found once, when a cell first cancels.
            var dropsChanged: Bool?
            for slot in column {
                guard let basic = columns.occupant(ofSlot: slot),
                      let factor = rows[basic]?.coefficient(of: symbol), factor != 0 else { continue }
                if keepsDefinitions && isDefinition(basic) {
                    columns.append(slot, to: symbol)
                    addDependent(basic, of: symbol)
                    keptDefinitions = true
                    continue
                }
                journalRow(basic)
                guard var target = rows[basic].take() else { continue }
                let before = target.constant
                let cellsBefore = target.cells.count
                target.add(row, times: factor, replacing: symbol, added: &scratch.added, buffer: &scratch.cells)
                if target.constant != before || stopsNamingChanged(symbol, basic) {
                    markChanged(basic)
                } else if kinds[basic] == .external && target.cells.count < cellsBefore - 1 + scratch.added.count {
                    // Cells cancelled: mark the definition if one of them may have had an unread change.
                    if dropsChanged == nil { dropsChanged = row.cells.contains { changed.contains($0.symbol) } }
                    if dropsChanged == true { markChanged(basic) }
                }
                if kinds[basic].isRestricted && target.constant < -epsilon { infeasible.append(basic) }
                rows[basic] = target
                for index in scratch.added.indices { link(scratch.added[index], to: basic) }
                scratch.added.removeAll(keepingCapacity: true)
            }
            scratch.column = column
            columns.markCompacted(symbol)
            if keptDefinitions { markChanged(symbol) }  // its dependents were only just recorded
        }
        var costsChanged = false
        for index in objectives.indices {
            let factor = objectives[index].row.coefficient(of: symbol)
            guard factor != 0 else { continue }
            objectives[index].row.add(row, times: factor, replacing: symbol, added: &scratch.added, buffer: &scratch.cells)
            costsChanged = true
        }
        if costsChanged { costsMayChange(in: row) }
        if let factor = artificial?.coefficient(of: symbol), factor != 0 {
            artificial?.add(row, times: factor, replacing: symbol, added: &scratch.added, buffer: &scratch.cells)
        }
        scratch.added.removeAll(keepingCapacity: true)
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
        guard rows[leaving] != nil else { return }
        journalRow(entering)
        journalRow(leaving)
        // Taken out (after journaling it), so that solving it rewrites its cells in place.
        guard var row = rows[leaving].take() else { return }
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
                fresh = fresh || (rows[symbol] == nil && columns.isEmpty(symbol))
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
            return (Row(constant: constant, combining: consume cells), nil)
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
            objectives[index].row.add(row, times: factor, added: &scratch.added, buffer: &scratch.cells)
            scratch.added.removeAll(keepingCapacity: true)
            costsMayChange(in: row)
        } else {
            objectives[index].row.insert(symbol, factor)
            costMayChange(of: symbol)
        }
    }

    /// Records that the cost of `symbol` in some objective may have changed.
    @inline(__always)
    mutating func costMayChange(of symbol: Int) {
        pricing.insert(symbol)
    }

    /// Records that the costs of the symbols of `row`, just merged into objectives, may have changed.
    mutating func costsMayChange(in row: Row) {
        guard pricing.recordsChanges else { return }
        for cell in row.cells { pricing.insert(cell.symbol) }
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
