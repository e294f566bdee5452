extension Solver {
    /// The candidates whose value is not uniquely determined by the required constraints and the
    /// constraints stronger than `.weak` (edit variables included), in the candidates' order.
    ///
    /// Method: the current solution is optimal for every level, hence for the levels above weak. On
    /// one scratch copy of the tableau without the weak objectives, each candidate is minimized and
    /// then maximized as one more objective below all others, so that no stronger level may get
    /// worse; the pivots leave the copy optimal for those levels, so the next candidate starts
    /// where the previous one ended. The candidate is ambiguous when either run is unbounded or the
    /// extremes differ by more than `ambiguityTolerance`. A candidate whose row holds only markers of
    /// required equalities (always 0) is determined without a run; a variable the solver has never
    /// seen is ambiguous. Cost: at most two small simplex runs per candidate, counted in
    /// `pivotCount`; the solution is not changed.
    public func ambiguousVariables(among candidates: [Variable]) -> [Variable] {
        switch tableauInUse {
        case .compact:
            return compact.ambiguousVariables(among: candidates)
        case .wide(let box):
            return box.tableau.ambiguousVariables(among: candidates)
        case .large:
            break
        }
        var scratch = tableau
        scratch.objectives.removeAll { $0.level <= Strength.weak.level }
        let undetermined = candidates.filter { !scratch.isDetermined($0) }
        tableau.work = scratch.work  // the copy's pivots are this solver's work
        return undetermined
    }

    /// Two values closer than this (in the variables' units) count as the same value.
    public static let ambiguityTolerance = 1e-6
}

extension Tableau {
    /// Whether `variable` takes one value over all solutions optimal for the objectives above level
    /// 0, which this replaces by its own.
    fileprivate mutating func isDetermined(_ variable: Variable) -> Bool {
        guard let symbol = existingSymbol(for: variable) else { return false }
        if let row = expandedRow(of: symbol), row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) { return true }
        guard let lowest = extreme(of: symbol, sign: 1),
              let highest = extreme(of: symbol, sign: -1) else { return false }
        return highest - lowest <= Solver.ambiguityTolerance
    }

    /// Minimizes `sign × symbol` below every existing objective and returns the symbol's value,
    /// or nil when it is unbounded.
    private mutating func extreme(of symbol: Int, sign: Double) -> Double? {
        var goal = expandedRow(of: symbol) ?? Row(cells: [Cell(symbol: symbol, coefficient: 1)])
        goal.multiply(by: sign)
        if objectives.last?.level == 0 { objectives.removeLast() }
        objectives.append(Objective(level: 0, row: goal))
        costsMayChange(in: goal)
        guard optimize() == .optimal else { return nil }
        return value(of: symbol)
    }
}
