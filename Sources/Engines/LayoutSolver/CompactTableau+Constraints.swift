/// Adding, removing and changing constraints in `CompactTableau`: the steps of
/// `Tableau+Constraints.swift`, on pool entries.
extension CompactTableau: ConstraintMarkers {
    /// Puts a marker or error symbol into a new constraint's entry (`ConstraintMarkers`).
    @inline(__always)
    mutating func insertMarker(_ symbol: Int, _ coefficient: Double, into entry: inout Int) {
        insert(entry, symbol, coefficient)
    }

    // MARK: New rows

    /// A new row (an entry the caller owns) for `Σ terms + constant` over the current parametric
    /// symbols, or, when it can define a user variable, the row as written and that variable
    /// (`Tableau.expressionRow`).
    mutating func expressionRow(_ terms: [Term], constant: Double) -> (entry: Int, definedVariable: Int?) {
        // Terms are read in place (a copy of each would retain its variable).
        terms.withUnsafeBufferPointer { terms in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: terms.count) { termSymbols in
                expressionRow(terms, termSymbols, constant: constant)
            }
        }
    }

    /// `expressionRow(_:constant:)` with room for the terms' symbols.
    private mutating func expressionRow(_ terms: UnsafeBufferPointer<Term>, _ termSymbols: UnsafeMutableBufferPointer<Int>,
                                        constant: Double) -> (entry: Int, definedVariable: Int?) {
        var fresh = false
        var named = false
        for index in terms.indices {
            // The constraint being added keeps its terms' variables alive.
            let symbol = terms[index].coefficient == 0 ? -1
                : symbol(for: Unmanaged.passUnretained(terms[index].variable))
            termSymbols.initializeElement(at: index, to: symbol)
            guard symbol >= 0 else { continue }
            named = named || isBasic(symbol)
            fresh = fresh || (!isBasic(symbol) && symbols[symbol].column.count == 0)
        }
        if fresh && named, let definition = definitionRow(terms, termSymbols, constant: constant) {
            return (definition.entry, definition.subject)
        }
        let result = newEntry()
        var total = constant
        for index in terms.indices where termSymbols[index] >= 0 {
            let coefficient = terms[index].coefficient
            guard let (entry, temporary) = expandedRow(of: termSymbols[index]) else {
                accumulate(result, termSymbols[index], coefficient)
                continue
            }
            total += heads[entry].constant * coefficient
            accumulate(result, from: entry, times: coefficient, skippingNearZero: true)
            if temporary { freeEntry(entry) }
        }
        dropCancelled(result)
        heads[result].constant = total
        return (result, nil)
    }

    /// The row of a new constraint with its slack, error or dummy symbols, its error symbols
    /// entered in their level's objective (`Tableau.makeRow`).
    mutating func makeRow(_ constraint: Constraint, constant: Double) -> (entry: Int, tag: ConstraintTag, definedVariable: Int?) {
        let (newEntry, definedVariable) = expressionRow(constraint.expression.terms, constant: constant)
        var entry = newEntry
        let tag = addMarkers(of: constraint, to: &entry)
        if heads[entry].constant < 0 { multiply(entry, by: -1) }
        return (entry, tag, definedVariable)
    }

    // MARK: Installing rows

    /// Makes the row of a new constraint and installs it (`Solver.installRow`); nil when a required
    /// constraint cannot hold, with the changes left for the caller to roll back.
    @inline(__always)
    mutating func installRow(of constraint: Constraint, constant: Double) -> ConstraintTag? {
        let (entry, tag, definedVariable) = makeRow(constraint, constant: constant)
        return install(entry, tag: tag, definedVariable: definedVariable) ? tag : nil
    }

    /// Installs the row of a new constraint (`Tableau.install`); false when it cannot hold with
    /// the required constraints present, leaving changes the caller rolls back. The entry is the
    /// tableau's from then on.
    mutating func install(_ entry: Int, tag: ConstraintTag, definedVariable: Int? = nil) -> Bool {
        if let definedVariable {
            solve(entry, for: definedVariable)
            installRow(definedVariable, entry)
            return true
        }
        if let subject = chooseSubject(entry, tag: tag) {
            solve(entry, for: subject)
            substitute(subject, with: entry)
            installRow(subject, entry)
            return true
        }
        if heads[entry].mask.subtracting(dummies).isEmpty {
            guard nearZero(heads[entry].constant), dummies.contains(tag.marker) else {
                freeEntry(entry)
                return false
            }
            solve(entry, for: tag.marker)
            substitute(tag.marker, with: entry)
            installRow(tag.marker, entry)
            return true
        }
        if let entering = directEntering(entry) {
            solve(entry, for: entering)
            substitute(entering, with: entry)
            installRow(entering, entry)
            return true
        }
        trackRowChanges()
        return installWithArtificialVariable(entry)
    }

    /// The user variable of the row in the fewest column entries, else a marker that can stay
    /// non-negative (`Tableau.chooseSubject`).
    @inline(__always)
    private func chooseSubject(_ entry: Int, tag: ConstraintTag) -> Int? {
        var best: Int?
        var bestCount = Int.max
        for symbol in heads[entry].mask.intersection(externals) {
            let count = symbols[symbol].column.count
            if count < bestCount {
                best = symbol
                bestCount = count
            }
        }
        if let best { return best }
        if pivotables.contains(tag.marker) && coefficient(entry, tag.marker) < 0 { return tag.marker }
        if let other = tag.other, pivotables.contains(other) && coefficient(entry, other) < 0 { return other }
        return nil
    }

    /// A symbol to solve a row without a subject for directly, sparing the artificial phase
    /// (`Tableau.directEntering`).
    @inline(__always)
    private func directEntering(_ entry: Int) -> Int? {
        var best: Int?
        var bestCoefficient = 0.0
        let base = entry * stride
        let candidates = heads[entry].mask.intersection(pivotables)
        for symbol in candidates {
            let coefficient = cells[base + symbol]
            if coefficient < -epsilon && abs(coefficient) > abs(bestCoefficient) {
                best = symbol
                bestCoefficient = coefficient
            }
        }
        if nearZero(heads[entry].constant) { return best ?? candidates.first }
        guard let best else { return nil }
        let step = heads[entry].constant / -bestCoefficient
        for symbol in basic.subtracting(externals) {
            let other = rowEntry(symbol)
            let coefficient = self.coefficient(other, best)
            if coefficient < 0 && -heads[other].constant / coefficient <= step { return nil }
        }
        return best
    }

    /// Phase one for a row with no usable subject (`Tableau.installWithArtificialVariable`).
    private mutating func installWithArtificialVariable(_ entry: Int) -> Bool {
        let art = makeSymbol(.slack)
        installRow(art, entry)
        artificial = copyEntry(entry)
        let result = optimize(artificialPhase: true)
        let reachedZero = nearZero(heads[artificial].constant)
        freeEntry(artificial)
        artificial = -1
        guard result == .optimal, reachedZero else { return false }
        if isBasic(art) {
            let artEntry = rowEntry(art)
            if heads[artEntry].mask.isEmpty {
                if let removed = removeRow(art) { freeEntry(removed) }
            } else {
                guard let entering = heads[artEntry].mask.intersection(pivotables).first else { return false }
                pivot(entering: entering, leaving: art)
            }
        }
        eliminate(art)
        return true
    }

    // MARK: Removing rows

    /// Takes a removed constraint's error symbols out of their objectives and its marker out of
    /// the tableau (`Solver.removeSymbols`).
    mutating func removeSymbols(of tag: ConstraintTag) {
        if kind(tag.marker) == .error {
            addToObjective(tag.marker, times: -1, level: level(tag.marker))
        }
        if let other = tag.other, kind(other) == .error {
            addToObjective(other, times: -1, level: level(other))
        }
        removeMarker(tag.marker)
    }

    /// Eliminates a constraint's marker from the tableau (`Tableau.removeMarker`).
    mutating func removeMarker(_ marker: Int) {
        if isBasic(marker) {
            substitute(marker, with: rowEntry(marker), keepingDefinitions: false)
            if let removed = removeRow(marker) { freeEntry(removed) }
            return
        }
        guard let leaving = markerLeavingRow(marker), let entry = removeRow(leaving) else {
            eliminate(marker)
            return
        }
        solve(entry, leaving, for: marker)
        substitute(marker, with: entry, keepingDefinitions: false)
        freeEntry(entry)
    }

    /// The row to exchange for a parametric marker (`Tableau.markerLeavingRow`).
    private mutating func markerLeavingRow(_ marker: Int) -> Int? {
        compactColumn(marker)
        var first: Int?, second: Int?, dummy: Int?
        var externalRows = Mask()
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        for slot in symbols[marker].column.slots {
            guard let holder = basicSymbol(inSlot: slot) else { continue }
            let entry = rowEntry(holder)
            let coefficient = self.coefficient(entry, marker)
            guard coefficient != 0 else { continue }
            if dummies.contains(holder) {
                dummy = min(dummy ?? holder, holder)
            } else if externals.contains(holder) {
                externalRows.insert(holder)
            } else if coefficient < 0 {
                let ratio = -heads[entry].constant / coefficient
                if isBetter(ratio, holder, than: firstRatio, first) { firstRatio = ratio; first = holder }
            } else {
                let ratio = heads[entry].constant / coefficient
                if isBetter(ratio, holder, than: secondRatio, second) { secondRatio = ratio; second = holder }
            }
        }
        if let restricted = dummy ?? first ?? second { return restricted }
        for holder in externalRows {
            guard let (entry, temporary) = expandedRow(of: holder) else { continue }
            let holds = coefficient(entry, marker) != 0
            if temporary { freeEntry(entry) }
            if holds { return holder }
        }
        return nil
    }

    /// Ratio-test order: the smaller ratio, ties to the smaller symbol id.
    @inline(__always)
    private func isBetter(_ ratio: Double, _ symbol: Int, than bestRatio: Double, _ best: Int?) -> Bool {
        guard let best else { return true }
        return ratio < bestRatio || (ratio == bestRatio && symbol < best)
    }

    // MARK: Constants and objectives

    /// Applies a change of a constraint's constant by `delta` (`Tableau.changeConstant`); false
    /// when a required equality that others fix would have to move.
    mutating func changeConstant(tag: ConstraintTag, by delta: Double) -> Bool {
        let markerShift = delta / tag.markerCoefficient
        if isBasic(tag.marker) {
            shiftBasicRow(tag.marker, by: -markerShift)
            return !dummies.contains(tag.marker) || nearZero(heads[rowEntry(tag.marker)].constant)
        }
        if let other = tag.other, isBasic(other) {
            shiftBasicRow(other, by: -delta / tag.otherCoefficient)
            return true
        }
        return shiftRows(containing: tag.marker, by: markerShift)
    }

    /// Moves the constant of `basic`'s row by `shift` and those of the definitions naming it by
    /// the opposite.
    private mutating func shiftBasicRow(_ symbol: Int, by shift: Double) {
        shiftConstant(of: symbol, by: shift)
        _ = shiftRows(containing: symbol, by: -shift)
    }

    /// The index of the objective of `level`, creating it in strength order if needed.
    mutating func objectiveIndex(for level: Int) -> Int {
        var index = 0
        while index < objectives.count && objectives[index].level > level { index += 1 }
        if index < objectives.count && objectives[index].level == level { return index }
        let entry = newEntry()
        objectives.insert((level, entry), at: index)
        return index
    }

    /// Adds `factor ×` (the current row of) `symbol` to the objective of `level`.
    mutating func addToObjective(_ symbol: Int, times factor: Double, level: Int) {
        // The index first: making an objective may move the tables to a larger block.
        let index = objectiveIndex(for: level)
        let objective = objectives[index].entry
        if isBasic(symbol) {
            add(objective, rowEntry(symbol), times: factor)
            costChanged = costChanged.union(heads[rowEntry(symbol)].mask)
        } else {
            insert(objective, symbol, factor)
            costChanged.insert(symbol)
        }
    }
}
