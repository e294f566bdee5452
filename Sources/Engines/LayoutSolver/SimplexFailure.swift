/// Why a simplex run stopped before reaching an optimum. With finite numbers none of these can
/// happen in exact arithmetic: every objective is a sum of non-negative errors, and every change
/// that reaches the simplex can hold. They report numerical trouble instead of hiding it.
public enum SimplexFailure: Sendable, Equatable, CustomStringConvertible {
    /// An objective could decrease without bound along some column.
    case unbounded
    /// The dual simplex found an infeasible row that no pivot can repair.
    case infeasible
    /// The run reached its pivot limit (numerical cycling).
    case pivotLimit

    public var description: String {
        switch self {
        case .unbounded: return "an objective is unbounded"
        case .infeasible: return "an infeasible row has no pivot"
        case .pivotLimit: return "the pivot limit was reached"
        }
    }
}

extension SimplexOutcome {
    /// The failure this outcome reports, or nil when the run reached the optimum.
    var failure: SimplexFailure? {
        switch self {
        case .optimal: return nil
        case .unbounded: return .unbounded
        case .infeasible: return .infeasible
        case .pivotLimit: return .pivotLimit
        }
    }
}

extension Tableau {
    /// Minimizes the objectives (primal simplex); an outcome other than optimal is an error.
    mutating func reoptimize() throws(SolverError) {
        if let failure = optimize().failure { throw .optimizationFailed(failure) }
    }

    /// Repairs the rows made infeasible by constant changes (dual simplex); an outcome other than
    /// optimal is an error.
    mutating func repairFeasibility() throws(SolverError) {
        if let failure = dualOptimize().failure { throw .optimizationFailed(failure) }
    }
}
