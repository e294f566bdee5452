extension Solver {
    /// The candidates whose value is not uniquely determined by the required constraints and the
    /// constraints stronger than `.weak` (edit variables included), in the candidates' order.
    ///
    /// Method: the current solution is optimal for every level, hence for the levels above weak. For
    /// each candidate the solver drops the weak objectives and, on a scratch copy of the tableau,
    /// minimizes and then maximizes the candidate as one more objective below all others, so that
    /// no stronger level may get worse. The candidate is ambiguous when either run is unbounded or
    /// the extremes differ by more than `ambiguityTolerance`. A variable the solver has never seen
    /// is ambiguous. Cost: two small simplex runs per candidate; the solver itself is not changed.
    public func ambiguousVariables(among candidates: [Variable]) -> [Variable] {
        var base = tableau
        base.objectives.removeAll { $0.level <= Strength.weak.level }
        return candidates.filter { !base.isDetermined($0) }
    }

    /// Two values closer than this (in the variables' units) count as the same value.
    public static let ambiguityTolerance = 1e-6
}

extension Tableau {
    /// Whether `variable` takes one value over all solutions optimal for the current objectives.
    fileprivate func isDetermined(_ variable: Variable) -> Bool {
        guard let symbol = existingSymbol(for: variable) else { return false }
        var scratch = self
        guard let lowest = scratch.extreme(of: symbol, sign: 1),
              let highest = scratch.extreme(of: symbol, sign: -1) else { return false }
        return highest - lowest <= Solver.ambiguityTolerance
    }

    /// Minimizes `sign × symbol` below every existing objective and returns the symbol's value,
    /// or nil when it is unbounded.
    private mutating func extreme(of symbol: Int, sign: Double) -> Double? {
        var goal = rows[symbol] ?? Row(cells: [Cell(symbol: symbol, coefficient: 1)])
        goal.multiply(by: sign)
        if objectives.last?.level == 0 { objectives.removeLast() }
        objectives.append(Objective(level: 0, row: goal))
        guard optimize() == .optimal else { return nil }
        return value(of: symbol)
    }
}
