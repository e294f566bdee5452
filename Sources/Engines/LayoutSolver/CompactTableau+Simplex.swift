/// The simplex of `CompactTableau`: the rules of `Simplex.swift`, read from masks.
///
/// Pricing reads only the objective cells of the symbols in `costChanged`: those whose cost in
/// some objective changed (a substitution into an objective, an error symbol entered or taken out,
/// a rollback, an objective added) since the primal simplex last found no symbol improving. A
/// symbol whose costs have not changed since then is still not improving (nor is it unblocked:
/// the costs that block it at stronger levels have not changed either), so this picks the symbol a
/// full scan picks: the strongest level with an improving symbol, the steepest there, ties to the
/// smallest id. `Tableau` does the same with its `PricingSet` past 256 objective cells and scans
/// whole below; the artificial phase scans its objective whole.
extension CompactTableau {
    /// The most pivots one simplex run may make (`Tableau.pivotLimit`).
    private var pivotLimit: Int { 10_000 + 50 * symbolCount }

    /// Consecutive degenerate pivots after which the primal simplex falls back to Bland's rule.
    private static var degenerateLimit: Int { 50 }

    /// Minimizes the objectives lexicographically, or the artificial objective (`Tableau.optimize`).
    mutating func optimize(artificialPhase: Bool = false) -> SimplexOutcome {
        var degenerate = 0
        for _ in 0..<min(pivotLimit, work.remaining) {
            let bland = degenerate >= CompactTableau.degenerateLimit
            guard let (entering, increasing) = enteringColumn(artificialPhase: artificialPhase, bland: bland) else {
                // Every symbol priced was found not improving, and the others had been before.
                if !artificialPhase { costChanged = Mask() }
                return .optimal
            }
            guard let (leaving, ratio) = leavingRow(for: entering, increasing: increasing) else { return .unbounded }
            degenerate = nearZero(ratio) ? degenerate + 1 : 0
            pivot(entering: entering, leaving: leaving)
        }
        return .pivotLimit
    }


    /// The entering column and whether it increases (`Tableau.enteringColumn`): in the artificial
    /// phase the steepest improving column of the artificial objective, ties to the newest symbol;
    /// otherwise the strongest level with an improving symbol whose cost is zero at every stronger
    /// level, the steepest there, ties to the smallest id. With `bland`, the first one.
    @inline(__always)
    private func enteringColumn(artificialPhase: Bool, bland: Bool) -> (Int, Bool)? {
        if artificialPhase {
            guard artificial >= 0 else { return nil }
            let pricing = Pricing(stride: stride, externals: externals, excluded: dummies)
            return pricing.steepest(in: artificial, bland: bland, newest: true, strongerThan: 0,
                                    objectives: objectives, cells: cells, heads: heads)
        }
        // Only symbols whose cost changed since none was found improving can improve now.
        let pricing = Pricing(stride: stride, externals: externals, excluded: dummies.union(costChanged.complement))
        for level in objectives.indices {
            if let choice = pricing.steepest(in: objectives[level].entry, bland: bland, newest: false,
                                             strongerThan: level, objectives: objectives,
                                             cells: cells, heads: heads) {
                return choice
            }
        }
        return nil
    }

    /// What pricing reads of the tableau besides its rows.
    private struct Pricing {
        var stride: Int
        var externals: Mask
        /// Symbols not priced: the dummies, which never enter the basis, and in the objectives'
        /// phase the symbols whose cost has not changed since none was found improving.
        var excluded: Mask

        /// Whether a cost makes `symbol`, which is not a dummy, improving, and in which direction
        /// (`Tableau.improvingDirection`): a cost below -epsilon improves by increasing; above
        /// epsilon, only a user variable (unrestricted) improves, by decreasing.
        @inline(__always)
        func improvingDirection(of symbol: Int, _ cost: Double) -> Bool? {
            if cost < -epsilon { return true }
            return cost > epsilon && externals.contains(symbol) ? false : nil
        }

        /// The improving column of `entry` with the largest cost magnitude (the first with `bland`),
        /// skipping symbols with a cost in one of the first `stronger` objectives; ties to the
        /// largest id when `newest`, else to the smallest.
        @inline(__always)
        func steepest(in entry: Int, bland: Bool, newest: Bool, strongerThan stronger: Int,
                      objectives: BlockArray<ObjectiveEntry>,
                      cells: UnsafeMutablePointer<Double>, heads: BlockArray<EntryHead>) -> (Int, Bool)? {
            var best: (Int, Bool)?
            var bestMagnitude = 0.0
            let base = entry * stride
            for symbol in heads[entry].mask.subtracting(excluded) {
                let cost = cells[base + symbol]
                let magnitude = abs(cost)
                guard let increasing = improvingDirection(of: symbol, cost),
                      newest ? magnitude >= bestMagnitude : magnitude > bestMagnitude else { continue }
                var blocked = false
                for level in 0..<stronger {
                    let objective = objectives[level].entry
                    if heads[objective].mask.contains(symbol) && !nearZero(cells[objective * stride + symbol]) {
                        blocked = true
                        break
                    }
                }
                if blocked { continue }
                if bland { return (symbol, increasing) }
                best = (symbol, increasing)
                bestMagnitude = magnitude
            }
            return best
        }
    }

    /// The leaving row for `entering` and the step length it allows: the smallest ratio, ties to
    /// the smallest id.
    @inline(__always)
    private func leavingRow(for entering: Int, increasing: Bool) -> (Int, Double)? {
        var best: Int?
        var bestRatio = Double.infinity
        for symbol in basic.subtracting(externals) {
            let entry = rowEntry(symbol)
            guard heads[entry].mask.contains(entering) else { continue }
            let coefficient = cells[entry * stride + entering]
            let rate = increasing ? coefficient : -coefficient
            if rate < 0 {
                let ratio = -heads[entry].constant / rate
                if best == nil || ratio < bestRatio {
                    bestRatio = ratio
                    best = symbol
                }
            }
        }
        return best.map { ($0, bestRatio) }
    }

    // MARK: Dual simplex

    /// Restores feasibility after row constants changed (`Tableau.dualOptimize`).
    mutating func dualOptimize() -> SimplexOutcome {
        var pivots = 0
        let blandAfter = symbolCount + CompactTableau.degenerateLimit
        while let leaving = infeasible.first {
            infeasible.remove(leaving)
            guard isBasic(leaving), heads[rowEntry(leaving)].constant < -epsilon else { continue }
            guard let entering = dualEnteringColumn(rowEntry(leaving), bland: pivots >= blandAfter) else {
                infeasible = Mask()
                return .infeasible
            }
            guard !work.isExhausted else {
                infeasible = Mask()
                return .pivotLimit
            }
            pivot(entering: entering, leaving: leaving)
            pivots += 1
            if pivots >= pivotLimit {
                infeasible = Mask()
                return .pivotLimit
            }
        }
        return .optimal
    }

    /// The entering column of the dual simplex for the row of `entry` (`Tableau.dualEnteringColumn`):
    /// the lexicographically smallest cost ratios, ties to the newest symbol (with `bland`, to the
    /// smallest id).
    @inline(__always)
    private func dualEnteringColumn(_ entry: Int, bland: Bool) -> Int? {
        let levels = objectives.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * levels) { ratios in
            ratios.initialize(repeating: 0)
            let costs = UnsafeMutableBufferPointer(rebasing: ratios[..<levels])
            let bestCosts = UnsafeMutableBufferPointer(rebasing: ratios[levels...])
            var best: Int?
            let base = entry * stride
            for symbol in heads[entry].mask where !dummies.contains(symbol) {
                let external = externals.contains(symbol)
                let cellCoefficient = cells[base + symbol]
                guard external || cellCoefficient > 0 else { continue }
                for level in 0..<levels { costs[level] = coefficient(objectives[level].entry, symbol) }
                let divisor: Double
                if external {
                    guard costs.allSatisfy(nearZero) else { continue }
                    divisor = .infinity
                } else {
                    divisor = cellCoefficient
                }
                for level in 0..<levels { costs[level] /= divisor }
                if best == nil || (bland ? costsBelow(costs, bestCosts) : !costsBelow(bestCosts, costs)) {
                    best = symbol
                    _ = bestCosts.update(fromContentsOf: costs)
                }
            }
            return best
        }
    }

    /// Minimizes the objectives; an outcome other than optimal is an error.
    mutating func reoptimize() throws(SolverError) {
        if let failure = optimize().failure { throw .optimizationFailed(failure) }
    }

    /// Repairs the rows made infeasible by constant changes; an outcome other than optimal is an error.
    mutating func repairFeasibility() throws(SolverError) {
        if let failure = dualOptimize().failure { throw .optimizationFailed(failure) }
    }
}
