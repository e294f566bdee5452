/// The column bookkeeping of `CompactTableau` and the row changes that go through it.
///
/// `CompactTableau` finds the rows that hold a symbol by scanning the basic rows' masks; it needs
/// no column. It still keeps, per symbol, what `Tableau`'s `ColumnIndex` would hold: the number of
/// entries (stale and repeated ones included), the set of row slots they name and the length at
/// the last compaction, changed at the same moments (appends, compactions, a column taken or
/// emptied), and the slot permutation of pivots. `Tableau.chooseSubject` picks the user variable
/// with the fewest entries, and a variable whose column holds only stale entries is not new
/// (`Tableau.expressionRow`), so these counts keep both representations' choices the same.
extension CompactTableau {
    /// Records that `basic`'s row now contains `symbol` (`ColumnIndex.link`), compacting the column
    /// when it has grown past four times its compacted length plus 64.
    @inline(__always)
    mutating func link(_ symbol: Int, toRowOf basic: Int) {
        let slot = symbols[basic].slot
        symbols[symbol].column.count += 1
        symbols[symbol].column.slots.insert(slot)
        let column = symbols[symbol].column
        if column.count > 4 * column.compactedLength + 64 { compactColumn(symbol) }
    }

    /// `link` for every symbol of `linked`, in one pass over the symbols.
    mutating func link(_ linked: Mask, toRowOf basic: Int) {
        guard !linked.isEmpty else { return }
        let slot = symbols[basic].slot
        var compacting = Mask()
        let symbols = self.symbols
        for symbol in linked {
            symbols[symbol].column.count += 1
            symbols[symbol].column.slots.insert(slot)
            let column = symbols[symbol].column
            // The bound is at least 64, so a column at or below 64 entries skips reading it.
            if column.count > 64 && column.count > 4 * column.compactedLength + 64 { compacting.insert(symbol) }
        }
        for symbol in compacting { compactColumn(symbol) }
    }

    /// The row slots whose occupant has a row.
    private var rowSlots: Mask {
        var slots = Mask()
        for symbol in basic { slots.insert(symbols[symbol].slot) }
        return slots
    }

    /// Drops stale and repeated entries (`ColumnIndex.compact`): the entries left name each slot
    /// whose occupant has a row once.
    mutating func compactColumn(_ symbol: Int) {
        journalColumn(symbol)
        let kept = symbols[symbol].column.slots.intersection(rowSlots)
        symbols[symbol].column = ColumnState(count: kept.count, slots: kept, compactedLength: kept.count)
    }

    /// Empties the column of `symbol`.
    mutating func clearColumn(_ symbol: Int) {
        symbols[symbol].column = ColumnState()
    }

    /// The basic symbol whose row is filed under `slot`, if any.
    @inline(__always)
    func basicSymbol(inSlot slot: Int) -> Int? {
        guard slot < symbolCount else { return nil }
        let occupant = symbols[slot].occupant
        return basic.contains(occupant) ? occupant : nil
    }

    // MARK: Row changes

    /// Makes `symbol` basic with the row of `entry`.
    mutating func installRow(_ symbol: Int, _ entry: Int) {
        symbols[symbol].row = entry
        basic.insert(symbol)
        link(heads[entry].mask, toRowOf: symbol)
    }

    /// Gives `entering` the row of `entry` (the leaving row solved for it) and the slot of
    /// `leaving`, which becomes parametric (`Tableau.replaceRow`).
    private mutating func replaceRow(of leaving: Int, by entering: Int, _ entry: Int) {
        symbols[leaving].row = -1
        basic.remove(leaving)
        let slot = symbols[leaving].slot
        symbols[leaving].slot = symbols[entering].slot
        symbols[symbols[leaving].slot].occupant = leaving
        symbols[entering].slot = slot
        symbols[slot].occupant = entering
        symbols[entering].row = entry
        basic.insert(entering)
        link(leaving, toRowOf: entering)
    }

    /// Removes the row of `basic`, which becomes parametric, and returns its expanded row (an entry
    /// the caller owns), or nil when `basic` is parametric.
    mutating func removeRow(_ symbol: Int) -> Int? {
        guard let (entry, temporary) = expandedRow(of: symbol) else { return nil }
        if temporary { freeEntry(rowEntry(symbol)) }
        symbols[symbol].row = -1
        basic.remove(symbol)
        return entry
    }

    /// Adds `delta` to the constant of `basic`'s row; queues the row if it becomes infeasible.
    @inline(__always)
    mutating func shiftConstant(of symbol: Int, by delta: Double) {
        guard delta != 0, isBasic(symbol) else { return }
        let entry = rowEntry(symbol)
        heads[entry].constant += delta
        if !externals.contains(symbol) && heads[entry].constant < -epsilon { infeasible.insert(symbol) }
    }

    /// Moves the origin of the parametric `symbol` by `shift` in every row that holds it
    /// (`Tableau.shiftRows`), leaving its column exact. Returns false when a basic dummy's constant
    /// moves off zero.
    mutating func shiftRows(containing symbol: Int, by shift: Double) -> Bool {
        let column = symbols[symbol].column
        guard column.count > 0 else { return true }
        var consistent = true
        var exact = Mask()
        for slot in column.slots {
            guard let holder = basicSymbol(inSlot: slot) else { continue }
            let coefficient = self.coefficient(rowEntry(holder), symbol)
            guard coefficient != 0 else { continue }
            exact.insert(slot)
            shiftConstant(of: holder, by: coefficient * shift)
            if dummies.contains(holder) && !nearZero(heads[rowEntry(holder)].constant) { consistent = false }
        }
        if exact.count < column.count {
            journalColumn(symbol)
            symbols[symbol].column = ColumnState(count: exact.count, slots: exact, compactedLength: exact.count)
        }
        return consistent
    }

    /// Replaces `symbol` by the row of `entry` in every row, objective and the artificial
    /// objective (`Tableau.substitute`). Rows longer than 64 cells are not merged into the
    /// definitions that name `symbol` when `keepingDefinitions`, as in `Tableau`.
    mutating func substitute(_ symbol: Int, with entry: Int, keepingDefinitions: Bool = true) {
        let column = symbols[symbol].column
        if column.count > 0 {
            journalColumn(symbol)
            clearColumn(symbol)
            let keepsDefinitions = keepingDefinitions && heads[entry].mask.count > CompactTableau.mergedIntoDefinitions
            for slot in column.slots {
                guard let holder = basicSymbol(inSlot: slot) else { continue }
                let target = rowEntry(holder)
                let factor = coefficient(target, symbol)
                guard factor != 0 else { continue }
                if keepsDefinitions && externals.contains(holder) {
                    symbols[symbol].column.count += 1
                    symbols[symbol].column.slots.insert(slot)
                    continue
                }
                add(target, entry, times: factor, replacing: symbol, linkingTo: holder)
                if !externals.contains(holder) && heads[target].constant < -epsilon { infeasible.insert(holder) }
            }
            symbols[symbol].column.compactedLength = symbols[symbol].column.count
        }
        var objectiveChanged = false
        for index in objectives.indices {
            let objective = objectives[index].entry
            let factor = coefficient(objective, symbol)
            guard factor != 0 else { continue }
            add(objective, entry, times: factor, replacing: symbol)
            objectiveChanged = true
        }
        if objectiveChanged { costChanged = costChanged.union(heads[entry].mask) }
        if artificial >= 0 {
            let factor = coefficient(artificial, symbol)
            if factor != 0 { add(artificial, entry, times: factor, replacing: symbol) }
        }
    }

    /// Rows of at most this many cells are merged into the definitions that name the symbol they
    /// replace (`Tableau.mergedIntoDefinitions`).
    static var mergedIntoDefinitions: Int { 64 }

    /// Exchanges a basic symbol for a parametric one.
    mutating func pivot(entering: Int, leaving: Int) {
        work.pivots += 1
        if isDefinition(leaving) {
            guard let entry = removeRow(leaving) else { return }
            solve(entry, leaving, for: entering)
            substitute(entering, with: entry)
            installRow(entering, entry)
            return
        }
        guard isBasic(leaving) else { return }
        let entry = rowEntry(leaving)
        solve(entry, leaving, for: entering)
        replaceRow(of: leaving, by: entering, entry)
        substitute(entering, with: entry)
    }

    /// Deletes a parametric symbol from every row and objective (`Tableau.eliminate`).
    mutating func eliminate(_ symbol: Int) {
        compactColumn(symbol)
        for slot in symbols[symbol].column.slots {
            guard let holder = basicSymbol(inSlot: slot) else { continue }
            heads[rowEntry(holder)].mask.remove(symbol)
        }
        journalColumn(symbol)
        clearColumn(symbol)
        for objective in objectives { heads[objective.entry].mask.remove(symbol) }
    }
}
