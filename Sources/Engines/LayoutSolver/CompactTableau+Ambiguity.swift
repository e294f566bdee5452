extension CompactTableau {
    /// `Solver.ambiguousVariables(among:)` on a compact tableau: the same method (see
    /// `Solver+Ambiguity.swift`) on one scratch copy of it, so that a check does not move the solver
    /// to `Tableau`. The rows are left as they were; the copy's pivots count as this tableau's work.
    mutating func ambiguousVariables(among candidates: [Variable]) -> [Variable] {
        var scratch = duplicate()
        scratch.objectives.removeAll { $0.level <= Strength.weak.level }
        scratch.costChanged = .all
        let undetermined = candidates.filter { !scratch.isDetermined($0) }
        work = scratch.work
        return undetermined
    }

    /// Whether `variable` takes one value over all solutions optimal for the objectives above level
    /// 0, which this replaces by its own (`Tableau.isDetermined`).
    fileprivate mutating func isDetermined(_ variable: Variable) -> Bool {
        guard let symbol = existingSymbol(for: variable) else { return false }
        if let (entry, temporary) = expandedRow(of: symbol) {
            let onlyDummies = heads[entry].mask.subtracting(dummies).isEmpty
            if temporary { freeEntry(entry) }
            if onlyDummies { return true }
        }
        guard let lowest = extreme(of: symbol, sign: 1),
              let highest = extreme(of: symbol, sign: -1) else { return false }
        return highest - lowest <= Solver.ambiguityTolerance
    }

    /// Minimizes `sign × symbol` below every existing objective and returns the symbol's value,
    /// or nil when it is unbounded (`Tableau.extreme`).
    private mutating func extreme(of symbol: Int, sign: Double) -> Double? {
        let goal: Int
        if let (entry, temporary) = expandedRow(of: symbol) {
            goal = temporary ? entry : copyEntry(entry)
        } else {
            goal = newEntry()
            insert(goal, symbol, 1)
        }
        multiply(goal, by: sign)
        if objectives.last?.level == 0 { objectives.removeLast() }
        objectives.append((0, goal))
        costChanged = costChanged.union(heads[goal].mask)
        guard optimize() == .optimal else { return nil }
        return value(of: symbol)
    }
}
