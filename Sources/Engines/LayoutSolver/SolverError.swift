/// Why a solver operation was refused. After any thrown error but `optimizationFailed` the solver
/// is unchanged.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// The required constraint cannot hold together with the required constraints already added.
    /// `conflicting` is an irreducible infeasible subset of the required constraints (removing any one
    /// of them makes the rest satisfiable), in the order they were added; it includes the constraint.
    case unsatisfiable(Constraint, conflicting: [Constraint])
    /// The constraint was already added.
    case duplicateConstraint(Constraint)
    /// The constraint was never added (or was removed).
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must have a non-required strength.
    case requiredEditVariable(Variable)
    /// A coefficient, constant or suggested value is NaN or infinite; the text says which.
    case invalidNumber(String)
    /// The solver made its `pivotLimit` simplex pivots (see `Solver.checkPivotLimit()`).
    case pivotLimitReached(limit: Int)
    /// The change was made, but re-solving stopped short of the optimum (numerical trouble, see
    /// `SimplexFailure`): the values may satisfy the non-required constraints less well than they
    /// could. Removing the change, or `reset`, starts over from a consistent state.
    case optimizationFailed(SimplexFailure)

    public var description: String {
        switch self {
        case let .unsatisfiable(constraint, conflicting):
            let list = conflicting.map { "  \($0)" }.joined(separator: "\n")
            return "unable to simultaneously satisfy constraints: \(constraint) conflicts with\n\(list)"
        case let .duplicateConstraint(constraint):
            return "duplicate constraint: \(constraint)"
        case let .unknownConstraint(constraint):
            return "unknown constraint: \(constraint)"
        case let .duplicateEditVariable(variable):
            return "duplicate edit variable: \(variable)"
        case let .unknownEditVariable(variable):
            return "unknown edit variable: \(variable)"
        case let .requiredEditVariable(variable):
            return "edit variable \(variable) cannot have required strength"
        case let .invalidNumber(text):
            return "invalid number: \(text)"
        case let .pivotLimitReached(limit):
            return "the solver reached its limit of \(limit) simplex pivots"
        case let .optimizationFailed(failure):
            return "optimization failed: \(failure)"
        }
    }
}
