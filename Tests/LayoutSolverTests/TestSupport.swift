import LayoutSolver

/// A small deterministic generator (SplitMix64) so property tests replay identically.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A constraint together with the constant currently in force (it may differ from the
/// expression's own after `updateConstant`).
struct ActiveConstraint {
    var constraint: Constraint
    var constant: Double
}

/// The value of `expression` with `constant` in place of its own, at the variables' values.
func evaluate(_ expression: Expression, constant: Double) -> Double {
    expression.terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
}

/// How far a constraint is from holding at the variables' current values (0 when it holds).
func violation(of active: ActiveConstraint) -> Double {
    let value = evaluate(active.constraint.expression, constant: active.constant)
    switch active.constraint.relation {
    case .equal: return abs(value)
    case .lessThanOrEqual: return max(0, value)
    case .greaterThanOrEqual: return max(0, -value)
    }
}

/// The total violation of the non-required constraints per strength level, strongest first.
func errorsByLevel(_ constraints: [ActiveConstraint]) -> [(level: Int, error: Double)] {
    var totals: [Int: Double] = [:]
    for active in constraints where !active.constraint.strength.isRequired {
        totals[active.constraint.strength.level, default: 0] += violation(of: active)
    }
    return totals.keys.sorted(by: >).map { ($0, totals[$0]!) }
}

/// Whether two per-level error vectors are equal within `tolerance` (relative to magnitude).
func sameErrors(_ a: [(level: Int, error: Double)], _ b: [(level: Int, error: Double)],
                tolerance: Double = 1e-6) -> Bool {
    guard a.map(\.level) == b.map(\.level) else { return false }
    return zip(a, b).allSatisfy { abs($0.error - $1.error) <= tolerance * max(1, abs($0.error), abs($1.error)) }
}

/// The per-level errors that a fresh solver reaches on copies of `constraints` (added in order,
/// each built with its current constant) and of the edit variables with their suggestions. Copies keep the
/// fresh solver from writing to the variables the incremental solver under test owns.
func freshErrors(_ constraints: [ActiveConstraint], edits: [(Variable, Strength, Double)]) throws
    -> [(level: Int, error: Double)] {
    var copies: [ObjectIdentifier: Variable] = [:]
    func copy(_ variable: Variable) -> Variable {
        if let existing = copies[ObjectIdentifier(variable)] { return existing }
        let fresh = Variable(variable.name)
        copies[ObjectIdentifier(variable)] = fresh
        return fresh
    }
    let solver = Solver()
    var copied: [ActiveConstraint] = []
    for active in constraints {
        let original = active.constraint
        let expression = Expression(terms: original.expression.terms.map { Term(copy($0.variable), $0.coefficient) },
                                    constant: active.constant)
        let constraint = Constraint(expression, original.relation, strength: original.strength)
        try solver.add(constraint)
        copied.append(ActiveConstraint(constraint: constraint, constant: active.constant))
    }
    for (variable, strength, value) in edits {
        try solver.addEditVariable(copy(variable), strength: strength)
        try solver.suggestValue(copy(variable), value)
        copied.append(ActiveConstraint(constraint: Constraint(Expression(copy(variable)), .equal, strength: strength),
                                       constant: -value))
    }
    solver.updateVariables()
    return errorsByLevel(copied)
}

/// The non-required levels random constraints are drawn from.
let randomLevels = [1, 250, 500, 750, 999]

/// A random constraint over a few of `variables`: offsets and bounds of layout-like size.
func randomConstraint(_ variables: [Variable], _ rng: inout SeededGenerator, required: Bool) -> Constraint {
    let a = variables[Int.random(in: 0..<variables.count, using: &rng)]
    let b = variables[Int.random(in: 0..<variables.count, using: &rng)]
    let constant = Double(Int.random(in: -50...150, using: &rng))
    let expression: LayoutSolver.Expression
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: expression = a - constant
    case 1: expression = a - b - constant
    case 2: expression = a + b - 2 * constant
    default: expression = 2 * a - b - constant / 2
    }
    let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<3, using: &rng)]
    let strength: Strength = required ? .required
        : .priority(randomLevels[Int.random(in: 0..<randomLevels.count, using: &rng)])
    return Constraint(expression, relation, strength: strength)
}
