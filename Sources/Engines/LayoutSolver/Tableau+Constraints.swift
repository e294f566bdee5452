extension Tableau: ConstraintMarkers {
    /// Puts a marker or error symbol into a new constraint's `Row` (`ConstraintMarkers`).
    @inline(__always)
    mutating func insertMarker(_ symbol: Int, _ coefficient: Double, into row: inout Row) {
        row.insert(symbol, coefficient)
    }

    // MARK: New rows

    /// The row of a new constraint with its slack, error or dummy symbols, and the constraint's
    /// error symbols entered in their level's objective: over the current parametric symbols, or
    /// as written when it defines a user variable (the third element, see `definitionRow`).
    mutating func makeRow(_ constraint: Constraint, constant: Double) -> (Row, ConstraintTag, Int?) {
        var (row, definedVariable) = expressionRow(constraint.expression.terms, constant: constant, reserving: 2)
        let tag = addMarkers(of: constraint, to: &row)
        if row.constant < 0 { row.multiply(by: -1) }
        return (row, tag, definedVariable)
    }

    /// Makes the row of a new constraint and installs it (`Solver.installRow`); nil when a required
    /// constraint cannot hold, with the changes left for the caller to roll back.
    mutating func installRow(of constraint: Constraint, constant: Double) -> ConstraintTag? {
        let (row, tag, definedVariable) = makeRow(constraint, constant: constant)
        return install(consume row, tag: tag, definedVariable: definedVariable) ? tag : nil
    }

    /// Takes a removed constraint's error symbols out of their objectives and its marker out of
    /// the tableau (`Solver.removeSymbols`).
    mutating func removeSymbols(of tag: ConstraintTag) {
        if kinds[tag.marker] == .error {
            addToObjective(tag.marker, times: -1, level: levels[tag.marker])
        }
        if let other = tag.other, kinds[other] == .error {
            addToObjective(other, times: -1, level: levels[other])
        }
        removeMarker(tag.marker)
    }

    // MARK: Installing rows

    /// Installs the row of a new constraint. Returns false, leaving a partly changed tableau that the
    /// caller rolls back, when the constraint cannot hold with the required constraints present.
    /// Only the artificial-variable path can fail after changing rows, so only it turns on the
    /// transaction's row tracking; `directEntering` spares it in its most common case.
    ///
    /// - Parameter definedVariable: the subject of a row left as written (see `definitionRow`): no
    ///   other row or objective holds it, so solving for it changes nothing else and cannot fail.
    mutating func install(_ row: consuming Row, tag: ConstraintTag, definedVariable: Int? = nil) -> Bool {
        if let definedVariable {
            row.solve(for: definedVariable)
            installRow(definedVariable, row)
            return true
        }
        if let subject = chooseSubject(row, tag: tag) {
            row.solve(for: subject)
            substitute(subject, with: row)
            installRow(subject, row)
            return true
        }
        if row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) {
            guard nearZero(row.constant), kinds[tag.marker] == .dummy else { return false }
            row.solve(for: tag.marker)
            substitute(tag.marker, with: row)
            installRow(tag.marker, row)
            return true
        }
        if let entering = directEntering(row) {
            row.solve(for: entering)
            substitute(entering, with: row)
            installRow(entering, row)
            return true
        }
        trackRowChanges()
        return installWithArtificialVariable(row)
    }

    /// The symbol to solve a new row for: the user variable appearing in the fewest rows (so the
    /// substitution touches the fewest rows), else a marker that can stay non-negative.
    private func chooseSubject(_ row: Row, tag: ConstraintTag) -> Int? {
        var best: Int?
        var bestCount = Int.max
        for cell in row.cells where kinds[cell.symbol] == .external {
            let count = columns.entryCount(of: cell.symbol)  // an upper bound: stale entries count too
            if count < bestCount {
                best = cell.symbol
                bestCount = count
            }
        }
        if let best { return best }
        if kinds[tag.marker].isPivotable && row.coefficient(of: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, kinds[other].isPivotable && row.coefficient(of: other) < 0 { return other }
        return nil
    }

    /// For a row without a subject, a symbol to solve it for directly, sparing the artificial
    /// phase, its pivots and the rows journaled for a rollback that cannot happen:
    /// - when the row's constant is zero, the steepest pivotable symbol with a negative
    ///   coefficient, else the first pivotable one: it enters at value 0, so no other row moves;
    /// - otherwise the steepest improving column of the artificial objective (ties to the smallest
    ///   id, which the benchmarks found cheaper here than the phase's own newest-symbol rule), when
    ///   one pivot on it ends the phase: every other restricted row allows a strictly longer step,
    ///   so the artificial row would leave at once and the row can be solved for it directly.
    private func directEntering(_ row: Row) -> Int? {
        var best: Cell?
        for cell in row.cells where kinds[cell.symbol].isPivotable && cell.coefficient < -epsilon {
            if abs(cell.coefficient) > abs(best?.coefficient ?? 0) { best = cell }
        }
        if nearZero(row.constant) {
            return best?.symbol ?? row.cells.first { kinds[$0.symbol].isPivotable }?.symbol
        }
        guard let best else { return nil }
        let step = row.constant / -best.coefficient
        let blocked = columns.withEntries(of: best.symbol) { slots in
            slots.contains { slot in
                guard let basic = basicSymbol(inSlot: slot), kinds[basic].isRestricted, let other = rows[basic] else {
                    return false
                }
                let coefficient = other.coefficient(of: best.symbol)
                return coefficient < 0 && -other.constant / coefficient <= step
            }
        }
        return blocked ? nil : best.symbol
    }

    /// Phase one of the simplex for a row with no usable subject: minimizes an artificial variable
    /// equal to the row; the row is satisfiable exactly when that minimum is zero.
    private mutating func installWithArtificialVariable(_ row: Row) -> Bool {
        let art = makeSymbol(.slack)
        installRow(art, row)
        artificial = row
        let result = optimize(artificialPhase: true)
        let reachedZero = nearZero(artificial?.constant ?? 1)
        artificial = nil
        guard result == .optimal, reachedZero else { return false }
        if let artRow = rows[art] {
            if artRow.cells.isEmpty {
                removeRow(art)
            } else {
                guard let entering = artRow.cells.first(where: { kinds[$0.symbol].isPivotable })?.symbol else {
                    return false
                }
                pivot(entering: entering, leaving: art)
            }
        }
        eliminate(art)
        return true
    }

    // MARK: Removing rows

    /// Eliminates a constraint's marker from the tableau (the constraint stops holding).
    ///
    /// The marker leaves the tableau for good, so definitions that name it take its row.
    mutating func removeMarker(_ marker: Int) {
        if let row = rows[marker] {
            substitute(marker, with: row, keepingDefinitions: false)
            removeRow(marker)
            return
        }
        guard let leaving = markerLeavingRow(marker), var row = removeRow(leaving) else {
            eliminate(marker)  // it has no effect left on any value, only cells that cancel out
            return
        }
        row.solve(leaving, for: marker)
        substitute(marker, with: row, keepingDefinitions: false)
    }

    /// The row to exchange for a parametric marker: the row of a basic dummy with the smallest id,
    /// else the restricted row that limits the marker most tightly (negative coefficients first),
    /// else any restricted row, else the user variable's row with the smallest id whose expanded
    /// row holds the marker. A definition that names the marker may not: the rows it names can
    /// cancel its own cell.
    ///
    /// A basic dummy is the marker of a required equality implied by others: its row names only
    /// dummies and has constant 0, so exchanging it moves no value, and it leaves the dummy
    /// parametric, at 0 for good. Exchanging any other row would leave the dummy basic with a row
    /// of pivotable symbols, along which the simplex could move it off zero (it treats a basic
    /// dummy like a slack), so its equality would no longer hold.
    private mutating func markerLeavingRow(_ marker: Int) -> Int? {
        var first: Int?, second: Int?, dummy: Int?
        var externals: [Int] = []
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        for (basic, coefficient) in column(marker) {
            guard let row = rows[basic] else { continue }
            if kinds[basic] == .dummy {
                dummy = min(dummy ?? basic, basic)
            } else if kinds[basic] == .external {
                externals.append(basic)
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if isBetter(ratio, basic, than: firstRatio, first) { firstRatio = ratio; first = basic }
            } else {
                let ratio = row.constant / coefficient
                if isBetter(ratio, basic, than: secondRatio, second) { secondRatio = ratio; second = basic }
            }
        }
        if let restricted = dummy ?? first ?? second { return restricted }
        return externals.sorted().first { basic in
            !isDefinition(basic) || expandedRow(of: basic)?.coefficient(of: marker) != 0
        }
    }

    /// Ratio-test order: the smaller ratio, ties to the smaller symbol id.
    func isBetter(_ ratio: Double, _ symbol: Int, than bestRatio: Double, _ best: Int?) -> Bool {
        guard let best else { return true }
        return ratio < bestRatio || (ratio == bestRatio && symbol < best)
    }

    // MARK: Constant changes

    /// Applies a change of the constant of a constraint's original row (`0 = constant + …`) by
    /// `delta`. Returns false when a required equality that other required equalities fix would
    /// have to move (the caller rolls back).
    ///
    /// The change is carried by one of the constraint's own symbols: a parametric marker's origin
    /// moves, shifting every row that names it, or a basic marker's (or error's) row constant
    /// moves. In that last case the symbol no longer stands for what the definitions naming it
    /// were written with, so their constants move back by as much and their values stay put, as
    /// they would in rows holding the symbol's expansion.
    mutating func changeConstant(tag: ConstraintTag, by delta: Double) -> Bool {
        let markerShift = delta / tag.markerCoefficient
        if rows[tag.marker] != nil {
            shiftBasicRow(tag.marker, by: -markerShift)
            return kinds[tag.marker] != .dummy || nearZero(rows[tag.marker]?.constant ?? 0)
        }
        if let other = tag.other, rows[other] != nil {
            shiftBasicRow(other, by: -delta / tag.otherCoefficient)
            return true
        }
        return shiftRows(containing: tag.marker, by: markerShift)
    }

    /// Moves the constant of `basic`'s row by `shift` and those of the definitions naming it by
    /// the opposite, so that their values stay put. They are still evaluated again, so that every
    /// value is the one its rows give: restoring the rows (a rollback) then restores the values
    /// to the last bit.
    private mutating func shiftBasicRow(_ basic: Int, by shift: Double) {
        shiftConstant(of: basic, by: shift)
        _ = shiftRows(containing: basic, by: -shift)  // only definitions name a basic symbol
    }
}
