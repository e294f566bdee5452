import LayoutSolver

/// A second solver holding only the required constraints of a layout, over its own copies of the
/// variables, that tells whether one more required constraint can hold without the minimal-set
/// analysis a failing `Solver.add` performs.
///
/// Method: the candidate is added at a non-required priority, which the solver satisfies as far as
/// the required constraints allow, and its remaining violation is read off the solution. No other
/// non-required constraint is present to compete with it, so the violation is zero exactly when
/// the candidate can be required. Cost: one add, one remove and one read of the values.
final class RequiredConstraintMirror {
    private let solver = Solver()
    /// One variable per variable of the layout, at the same index.
    private let variables: [Variable]
    /// The index of each of the layout's variables.
    private let indices: [ObjectIdentifier: Int]

    /// Violations up to this, relative to the constraint's constant, are rounding noise.
    private static let tolerance = 1e-7

    /// A mirror of `required`, constraints over `layoutVariables` that hold together.
    init(variables layoutVariables: [Variable], required: [Constraint]) {
        variables = layoutVariables.map { _ in Variable() }
        var indices: [ObjectIdentifier: Int] = [:]
        for (index, variable) in layoutVariables.enumerated() { indices[ObjectIdentifier(variable)] = index }
        self.indices = indices
        for constraint in required { insert(constraint) }
    }

    /// Whether the required constraint `constraint` can hold together with the mirrored ones.
    func admits(_ constraint: Constraint) -> Bool {
        let probe = mirrored(constraint, strength: .priority(Strength.required.level - 1))
        do throws(SolverError) {
            try solver.add(probe)
        } catch {
            return false
        }
        solver.updateVariables()
        let expression = probe.expression
        let value = expression.terms.reduce(expression.constant) { $0 + $1.coefficient * $1.variable.value }
        try? solver.remove(probe)
        let tolerance = Self.tolerance * max(1, abs(expression.constant))
        return switch constraint.relation {
        case .equal: abs(value) <= tolerance
        case .lessThanOrEqual: value <= tolerance
        case .greaterThanOrEqual: value >= -tolerance
        }
    }

    /// Mirrors a required constraint that the layout's solver accepted.
    func insert(_ constraint: Constraint) {
        // The layout's solver holds it with the others, so the mirror accepts it too.
        try? solver.add(mirrored(constraint, strength: .required))
    }

    /// The same constraint over the mirror's variables.
    private func mirrored(_ constraint: Constraint, strength: Strength) -> Constraint {
        let terms = constraint.expression.terms.compactMap { term in
            indices[ObjectIdentifier(term.variable)].map { Term(variables[$0], term.coefficient) }
        }
        return Constraint(Expression(terms: terms, constant: constraint.expression.constant), constraint.relation,
                          strength: strength)
    }
}
