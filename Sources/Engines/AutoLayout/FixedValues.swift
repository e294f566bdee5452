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

    /// The smallest coefficient solved for: a variable with a smaller one is left to the solver.
    private static let minimumPivot = 1e-6
    /// Largest residual of an equality whose variables are all fixed that still counts as holding.
    private static let tolerance = 1e-9

    /// The values `equalities` (sums that must equal 0, over `variableCount` variables) force, or
    /// nil when they contradict each other.
    init?(equalities: [LayoutEngine.LinearSum], variableCount: Int) {
        isFixed = [Bool](repeating: false, count: variableCount)
        values = [Double](repeating: 0, count: variableCount)
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
                    return true
                }
                guard open == 1, abs(last.coefficient) >= Self.minimumPivot else { return false }
                fix(last.index, to: -residual / last.coefficient)
                changed = true
                return true
            }
        }
        if contradiction { return nil }
    }

    /// Fixes a variable that no equality fixed.
    mutating func fix(_ index: Int, to value: Double) {
        isFixed[index] = true
        values[index] = value
    }
}
