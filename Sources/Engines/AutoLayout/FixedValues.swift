/// The variables of a layout that its required equalities force to one value outright, found
/// before solving: an equality whose other variables are all fixed fixes its last one.
///
/// Folding these values into the other constraints hands the solver a smaller system with the
/// same solutions. Only the required equalities decide, so the values hold in every solution of a
/// conflict-free layout.
struct FixedValues {
    /// For each variable (by index), whether it is fixed.
    private(set) var isFixed: [Bool]
    /// For each fixed variable, its value.
    private(set) var values: [Double]
    /// What the equalities did, in order, for `init(replaying:equalities:)`.
    private var plan: [Step] = []
    /// The variables fixed by `fix(_:to:)`, in order.
    private var completions: [(index: Int, value: Double)] = []

    /// One thing the search did: fix a variable from an equality, or check a closed equality.
    private enum Step {
        case fix(equality: Int, variable: Int, coefficient: Double)
        case check(equality: Int)
    }

    /// The smallest coefficient solved for: a variable with a smaller one is left to the solver.
    private static let minimumPivot = 1e-6
    /// Largest residual of an equality whose variables are all fixed that still counts as holding.
    private static let tolerance = 1e-9

    /// The values `equalities` (sums that must equal 0, over `variableCount` variables) force, or
    /// nil when they contradict each other.
    init?(equalities: [LayoutEngine.LinearSum], variableCount: Int) {
        isFixed = [Bool](repeating: false, count: variableCount)
        values = [Double](repeating: 0, count: variableCount)
        // Each equality leaves at most one step.
        plan.reserveCapacity(equalities.count)
        var pending = Array(equalities.indices)
        var contradiction = false
        var changed = true
        while changed, !contradiction {
            changed = false
            pending.removeAll { position in
                let equality = equalities[position]
                var residual = equality.constant
                var open = 0
                var last = (index: 0, coefficient: 0.0)
                for term in equality.terms where abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient {
                    if isFixed[term.index] {
                        residual += term.coefficient * values[term.index]
                    } else {
                        open += 1
                        last = term
                    }
                }
                if open == 0 {
                    contradiction = contradiction || abs(residual) > Self.tolerance
                    plan.append(.check(equality: position))
                    return true
                }
                guard open == 1, abs(last.coefficient) >= Self.minimumPivot else { return false }
                isFixed[last.index] = true
                values[last.index] = -residual / last.coefficient
                plan.append(.fix(equality: position, variable: last.index, coefficient: last.coefficient))
                changed = true
                return true
            }
        }
        if contradiction { return nil }
    }

    /// The values that `equalities`, the same equalities as `previous`'s with other constants
    /// (another scenario of the same direction), force, or nil when they contradict each other;
    /// then `previous`'s own fixes (`fix(_:to:)`), which depend only on which variables the
    /// constraints name and on the content sizes, so they must be the same.
    ///
    /// Which variable an equality fixes, and in which order, depends only on the equalities'
    /// terms, so `previous`'s steps are replayed: each value is computed from the same terms in
    /// the same order as the search would, hence bit for bit the same.
    init?(replaying previous: FixedValues, equalities: [LayoutEngine.LinearSum]) {
        isFixed = [Bool](repeating: false, count: previous.isFixed.count)
        values = [Double](repeating: 0, count: previous.isFixed.count)
        plan = previous.plan
        completions = previous.completions
        for step in previous.plan {
            switch step {
            case .fix(let position, let variable, let coefficient):
                var residual = equalities[position].constant
                for term in equalities[position].terms
                where abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient && isFixed[term.index] {
                    residual += term.coefficient * values[term.index]
                }
                isFixed[variable] = true
                values[variable] = -residual / coefficient
            case .check(let position):
                var residual = equalities[position].constant
                for term in equalities[position].terms
                where abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient && isFixed[term.index] {
                    residual += term.coefficient * values[term.index]
                }
                if abs(residual) > Self.tolerance { return nil }
            }
        }
        for (index, value) in previous.completions {
            isFixed[index] = true
            values[index] = value
        }
    }

    /// Fixes a variable that no equality fixed.
    mutating func fix(_ index: Int, to value: Double) {
        isFixed[index] = true
        values[index] = value
        completions.append((index, value))
    }
}
