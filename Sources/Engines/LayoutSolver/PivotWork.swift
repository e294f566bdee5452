/// The simplex pivots a solver has made, and the most it may make: the solver's unit of work.
///
/// Every pivot (primal, dual, or installing a constraint through its artificial variable) counts
/// once. Once the count reaches the limit, simplex runs stop where they are (as at their own
/// safety limit) and every later run stops before its first pivot, so that the work of any
/// sequence of calls is bounded (only installing a constraint whose artificial variable stayed
/// basic still takes its one pivot); the solution is then not optimal and the caller should
/// discard it.
struct PivotWork {
    var pivots = 0
    var limit = Int.max

    var isExhausted: Bool { pivots >= limit }
    var remaining: Int { max(0, limit - pivots) }
}

extension Solver {
    /// Simplex pivots made since the solver was created (or reset).
    public var pivotCount: Int { work.pivots }

    /// The most simplex pivots the solver may make, or nil (the default) for no limit beyond the
    /// per-run safety net. Once `pivotCount` reaches it, further solving stops at once and
    /// ``checkPivotLimit()`` throws; the values are then not an optimal solution. `reset()` clears it.
    public var pivotLimit: Int? {
        get { work.limit == .max ? nil : work.limit }
        set { work.limit = newValue.map { max(0, $0) } ?? .max }
    }

    /// Whether the pivot limit was reached, so that solving stopped before the optimum.
    public var reachedPivotLimit: Bool { work.isExhausted }

    /// - Throws: `pivotLimitReached` once `pivotCount` has reached `pivotLimit`.
    public func checkPivotLimit() throws(SolverError) {
        if work.isExhausted { throw .pivotLimitReached(limit: work.limit) }
    }
}
