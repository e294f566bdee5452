/// How a simplex run ended.
enum SimplexOutcome: Equatable {
    /// No improving pivot is left (primal) or every row is feasible (dual).
    case optimal
    /// The primal objective can decrease without bound along some column.
    case unbounded
    /// The dual simplex found a row that no pivot can make non-negative.
    case infeasible
    /// The pivot limit was reached (a safety net against numerical cycling).
    case pivotLimit
}

extension Tableau {
    /// The most pivots one simplex run may make: generous next to the tableau size, so it only stops
    /// runs that numerical trouble keeps from terminating.
    private var pivotLimit: Int { 10_000 + 50 * symbolCount }

    // MARK: Primal simplex

    /// Minimizes the objectives lexicographically (strongest level first), or only the artificial
    /// objective during phase one.
    ///
    /// Entering column: the strongest level with an improving column whose cost is zero at every
    /// stronger level (so stronger levels never get worse); within it the steepest such column
    /// (Dantzig's rule), ties to the smallest symbol id. After `degenerateLimit`
    /// pivots in a row that do not move the solution, the run switches to the smallest improving id
    /// (Bland's rule), which cannot cycle. A parametric user variable is unrestricted, so a positive
    /// cost makes it enter by decreasing. Leaving row: the smallest ratio, ties to the smallest basic
    /// symbol id.
    mutating func optimize(artificialPhase: Bool = false) -> SimplexOutcome {
        var degenerate = 0
        for _ in 0..<min(pivotLimit, work.remaining) {
            let bland = degenerate >= Tableau.degenerateLimit
            guard let (entering, increasing) = enteringColumn(artificialPhase: artificialPhase, bland: bland) else {
                return .optimal
            }
            guard let (leaving, ratio) = leavingRow(for: entering, increasing: increasing) else {
                pricing.pricesEverySymbol = true
                return .unbounded
            }
            degenerate = nearZero(ratio) ? degenerate + 1 : 0
            pivot(entering: entering, leaving: leaving)
        }
        pricing.pricesEverySymbol = true
        return .pivotLimit
    }

    /// Consecutive degenerate pivots after which the primal simplex falls back to Bland's rule.
    private static let degenerateLimit = 50

    private func improvingDirection(of cell: Cell) -> Bool? {
        switch kinds[cell.symbol] {
        case .dummy:
            return nil
        case .external:
            if cell.coefficient < -epsilon { return true }
            return cell.coefficient > epsilon ? false : nil
        case .slack, .error:
            return cell.coefficient < -epsilon ? true : nil
        }
    }

    /// The entering column and whether it increases. In the artificial phase, the steepest
    /// improving column of the artificial objective, ties to the newest symbol (with `bland`, the
    /// first one).
    ///
    /// Otherwise a symbol can only enter at the strongest level where its cost is not zero, since
    /// it would worsen that level at any weaker one: the choice is the strongest level with an
    /// improving symbol, and within it the steepest, ties to the smallest id. Small objectives are
    /// scanned whole. In large ones only the pricing candidates are priced: every other symbol was
    /// found not improving and its costs have not changed since. Candidates found not improving are
    /// dropped.
    private mutating func enteringColumn(artificialPhase: Bool, bland: Bool) -> (Int, Bool)? {
        if artificialPhase {
            guard let row = artificial else { return nil }
            return steepest(in: row, bland: bland, newest: true) { _ in false }
        }
        let objectiveCells = objectives.reduce(0) { $0 + $1.row.cells.count }
        if objectiveCells <= scannedObjectiveCells {
            pricing.removeAll(pricingEverySymbol: true)
            for level in objectives.indices {
                let stronger = objectives[..<level]
                let choice = steepest(in: objectives[level].row, bland: bland, newest: false) { symbol in
                    stronger.contains { !nearZero($0.row.coefficient(of: symbol)) }
                }
                if let choice { return choice }
            }
            return nil
        }
        if pricing.pricesEverySymbol || pricing.count * 16 > objectiveCells { collectImprovingSymbols() }
        var best: (symbol: Int, increasing: Bool, level: Int, magnitude: Double)?
        var kept = 0
        for index in 0..<pricing.count {
            let symbol = pricing[index]
            guard let (level, cost) = firstCost(of: symbol),
                  let increasing = improvingDirection(of: Cell(symbol: symbol, coefficient: cost)) else {
                pricing.drop(symbol)
                continue
            }
            pricing.keep(symbol, at: kept)
            kept += 1
            let magnitude = abs(cost)
            if let current = best {
                guard level <= current.level else { continue }
                if level == current.level {
                    let better = bland ? symbol < current.symbol
                        : magnitude > current.magnitude || (magnitude == current.magnitude && symbol < current.symbol)
                    guard better else { continue }
                }
            }
            best = (symbol, increasing, level, magnitude)
        }
        pricing.keepFirst(kept)
        return best.map { ($0.symbol, $0.increasing) }
    }

    /// The improving column of `row` with the largest cost magnitude (the first one with `bland`),
    /// skipping blocked symbols; ties go to the largest id when `newest`, else to the smallest.
    private func steepest(in row: Row, bland: Bool, newest: Bool, isBlocked: (Int) -> Bool) -> (Int, Bool)? {
        var best: (Int, Bool)?
        var bestMagnitude = 0.0
        for cell in row.cells {  // sorted by id
            let magnitude = abs(cell.coefficient)
            guard let increasing = improvingDirection(of: cell),
                  newest ? magnitude >= bestMagnitude : magnitude > bestMagnitude,
                  !isBlocked(cell.symbol) else { continue }
            if bland { return (cell.symbol, increasing) }
            best = (cell.symbol, increasing)
            bestMagnitude = magnitude
        }
        return best
    }

    /// Replaces the pricing candidates by the symbols that improve some objective, found by one pass
    /// over each objective: cheaper than pricing candidates one by one once they are many.
    private mutating func collectImprovingSymbols() {
        pricing.removeAll(pricingEverySymbol: false)
        for level in objectives.indices {
            for cell in objectives[level].row.cells
            where improvingDirection(of: cell) != nil && firstCost(of: cell.symbol)?.level == level {
                costMayChange(of: cell.symbol)
            }
        }
    }

    /// The strongest objective level where the cost of `symbol` is not (near) zero, with that cost.
    private func firstCost(of symbol: Int) -> (level: Int, cost: Double)? {
        for level in objectives.indices {
            let cost = objectives[level].row.coefficient(of: symbol)
            if !nearZero(cost) { return (level, cost) }
        }
        return nil
    }

    /// The leaving row for `entering` and the step length it allows.
    private func leavingRow(for entering: Int, increasing: Bool) -> (Int, Double)? {
        var best: Int?
        var bestRatio = Double.infinity
        columns.withEntries(of: entering) { slots in
            for slot in slots {
                guard let basic = basicSymbol(inSlot: slot), kinds[basic].isRestricted, let row = rows[basic] else {
                    continue
                }
                let coefficient = row.coefficient(of: entering)
                let rate = increasing ? coefficient : -coefficient
                if rate < 0 {
                    let ratio = -row.constant / rate
                    if isBetter(ratio, basic, than: bestRatio, best) {
                        bestRatio = ratio
                        best = basic
                    }
                }
            }
        }
        return best.map { ($0, bestRatio) }
    }

    // MARK: Dual simplex

    /// Restores feasibility after row constants changed, keeping every objective optimal.
    ///
    /// Leaving row: the queued infeasible row with the smallest symbol id. Entering column: among the row's
    /// columns that raise it, the lexicographically smallest cost ratio (strongest level first),
    /// ties to the newest (largest) symbol id. A parametric user variable with zero cost at every level
    /// can absorb the change in either direction at ratio zero.
    ///
    /// Ties go to the newest symbol, here and in the artificial phase, because later constraints
    /// usually concern later variables, which fewer others depend on: when the views of a row can
    /// all give way equally, the last view absorbs a change of the container instead of the first,
    /// which would move every view after it (and make every update rewrite them all). The primal
    /// simplex keeps ties on the smallest id, which reaches the optimum in fewer pivots on the
    /// benchmark workloads (a fifth fewer on the enaml form). So when a change has several optimal
    /// answers, a suggestion and an add may settle on different ones.
    ///
    /// A run that starts with no pricing candidate keeps it that way without recording the cost
    /// changes of its pivots, since every objective stays optimal; a run that fails leaves every
    /// symbol to be priced again.
    mutating func dualOptimize() -> SimplexOutcome {
        let keepsPricing = pricing.recordsChanges && pricing.isEmpty && !pricing.pricesEverySymbol
        if keepsPricing { pricing.recordsChanges = false }
        defer { if keepsPricing { pricing.recordsChanges = true } }
        var pivots = 0
        let blandAfter = symbolCount + Tableau.degenerateLimit
        while let index = infeasible.indices.min(by: { infeasible[$0] < infeasible[$1] }) {
            let leaving = infeasible.remove(at: index)
            guard let row = rows[leaving], row.constant < -epsilon else { continue }
            guard let entering = dualEnteringColumn(row, bland: pivots >= blandAfter) else {
                infeasible.removeAll()
                pricing.pricesEverySymbol = true
                return .infeasible
            }
            guard !work.isExhausted else {
                infeasible.removeAll()
                pricing.pricesEverySymbol = true
                return .pivotLimit
            }
            pivot(entering: entering, leaving: leaving)
            pivots += 1
            if pivots >= pivotLimit {
                infeasible.removeAll()
                pricing.pricesEverySymbol = true
                return .pivotLimit
            }
        }
        return .optimal
    }

    /// The objectives' costs are read with one forward cursor per objective (rows and objectives
    /// are sorted by symbol), so a long row costs one pass over each objective, not a search per cell.
    ///
    /// With `bland`, ties go to the smallest id instead (with the leaving row's smallest id, this
    /// is Bland's rule, which cannot cycle): ties to the newest symbol can cycle among degenerate
    /// pivots until the pivot limit. A run switches to it after more pivots than the tableau has
    /// symbols (plus `degenerateLimit`), far more than a run that does not cycle makes, so the
    /// usual runs pay nothing for the check.
    private func dualEnteringColumn(_ row: Row, bland: Bool) -> Int? {
        let levels = objectives.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: levels) { cursors in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * levels) { ratios in
                cursors.initialize(repeating: 0)
                ratios.initialize(repeating: 0)
                let costs = UnsafeMutableBufferPointer(rebasing: ratios[..<levels])
                let bestCosts = UnsafeMutableBufferPointer(rebasing: ratios[levels...])
                var best: Int?
                for cell in row.cells {
                    let kind = kinds[cell.symbol]
                    guard kind != .dummy, kind == .external || cell.coefficient > 0 else { continue }
                    for level in 0..<levels {
                        costs[level] = Tableau.cost(of: cell.symbol, in: objectives[level].row.cells,
                                                    from: &cursors[level])
                    }
                    let coefficient: Double
                    if kind == .external {
                        guard costs.allSatisfy(nearZero) else { continue }
                        coefficient = .infinity
                    } else {
                        coefficient = cell.coefficient
                    }
                    for level in 0..<levels { costs[level] /= coefficient }
                    if best == nil || (bland ? costsBelow(costs, bestCosts) : !costsBelow(bestCosts, costs)) {
                        best = cell.symbol
                        _ = bestCosts.update(fromContentsOf: costs)
                    }
                }
                return best
            }
        }
    }

    /// The coefficient of `symbol` in sorted `cells`, searching forward from `cursor` (galloping,
    /// then bisecting) and leaving it at the first cell not below `symbol`.
    private static func cost(of symbol: Int, in cells: [Cell], from cursor: inout Int) -> Double {
        var low = cursor
        var step = 1
        while low + step < cells.count && cells[low + step].symbol < symbol {
            low += step
            step *= 2
        }
        var high = min(low + step, cells.count)
        if low < cells.count && cells[low].symbol >= symbol { high = low }
        while low < high {
            let middle = (low + high) >> 1
            if cells[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        cursor = low
        return low < cells.count && cells[low].symbol == symbol ? cells[low].coefficient : 0
    }
}

/// Whether the cost ratios `candidate` (one per objective, an infinite coefficient giving a zero
/// ratio) are lexicographically smaller than `current`, strongest level first: the tie rule of
/// both tableaus' Bland pricing.
@inline(__always)
func costsBelow(_ candidate: UnsafeMutableBufferPointer<Double>, _ current: UnsafeMutableBufferPointer<Double>) -> Bool {
    for (mine, theirs) in zip(candidate, current) {
        if mine < theirs - epsilon { return true }
        if mine > theirs + epsilon { return false }
    }
    return false
}
