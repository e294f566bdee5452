@testable import LayoutSolver

/// A random script of solver calls in which values are read (`updateVariables`) only at random
/// points: after every call in some scripts, after long runs of mutations in others. The calls mix
/// adds (one by one and in batches), removes, re-adds of removed constraints, `updateConstant`,
/// suggestions, and edit variables that are added and removed again.
///
/// After every read, every required constraint must hold at the values read, and the error of
/// each strength level must match a fresh solver given the constraints and edits then in force
/// (the lexicographic optimum is unique in its errors even when the values are not).
struct CallOrderOracle {
    var seed: UInt64
    /// Calls per script.
    var calls = 60
    /// Forces the structures meant for large tableaus (pricing candidates, unmerged definitions)
    /// on however small the tableau.
    var largeTableauStructures = false
    /// The number of variables at the start is drawn from this range; adds bring in new ones.
    var variableCounts = 2...10
    /// When set, the solver moves from its compact tableau to `Tableau` (`Solver.switchToTableau`)
    /// before this call (0: before the first). Unset, it moves only when the system outgrows the
    /// compact tableau.
    var switchAtCall: Int?
    /// When set, a solver still on its one-word compact tableau moves to the wide one
    /// (`Solver.widen`) before this call. Unset, it moves only when the system outgrows one word.
    var widenAtCall: Int?
    /// Called after every read with the script's variables and the pivots made so far, so that
    /// two runs of a script can be compared value by value.
    var onRead: ((_ variables: [Variable], _ pivots: Int) -> Void)?
    /// Called after every read with the solver, so that a test can see which tableau it is on.
    var onSolver: ((Solver) -> Void)?

    /// How often a script reads values: the probability of a read after each call.
    private static let readProbabilities = [1.0, 0.5, 0.2, 0.05]

    /// The first failure of the script, described with its seed and call number, or nil.
    func run() -> String? {
        var rng = SeededGenerator(seed: seed)
        var variables = (0..<Int.random(in: variableCounts, using: &rng)).map { Variable("x\($0)") }
        let readProbability = Self.readProbabilities[Int.random(in: 0..<Self.readProbabilities.count, using: &rng)]
        let solver = Solver()
        if largeTableauStructures {
            solver.tableau.scannedObjectiveCells = 0
            solver.tableau.mergedIntoDefinitions = 0
        }
        var active: [ActiveConstraint] = []
        var removed: [Constraint] = []
        var edits: [(Variable, Strength, Double)] = []
        var script: [String] = []

        func fail(_ message: String) -> String {
            "seed \(seed) call \(script.count): \(message)\nscript:\n" + script.joined(separator: "\n")
        }

        func added(_ constraint: Constraint) {
            active.append(ActiveConstraint(constraint: constraint, constant: constraint.expression.constant))
        }

        for call in 0..<calls {
            if call == widenAtCall { solver.widen() }
            if call == switchAtCall { solver.switchToTableau() }
            let action = Int.random(in: 0..<100, using: &rng)
            do throws(SolverError) {
                switch action {
                case ..<30:
                    var constraint = Self.constraint(variables, &rng)
                    if variables.count < 16 && Int.random(in: 0..<3, using: &rng) == 0 {
                        // A new variable placed against a known one, as the next view of a row.
                        let fresh = Variable("x\(variables.count)")
                        let known = variables[Int.random(in: 0..<variables.count, using: &rng)]
                        let gap = [0.0, 0, 8, -20][Int.random(in: 0..<4, using: &rng)]
                        let relation: Relation = [.equal, .equal, .greaterThanOrEqual][Int.random(in: 0..<3, using: &rng)]
                        constraint = Constraint(fresh - known - gap, relation, strength: constraint.strength)
                        variables.append(fresh)
                    }
                    script.append("add \(constraint)")
                    try addChecked(constraint, to: solver, added: added)
                case ..<37 where !removed.isEmpty:
                    let constraint = removed.remove(at: Int.random(in: 0..<removed.count, using: &rng))
                    script.append("re-add \(constraint)")
                    try addChecked(constraint, to: solver, added: added)
                case ..<41:
                    let batch = (0..<Int.random(in: 2...4, using: &rng)).map { _ in
                        Self.constraint(variables, &rng)
                    }
                    script.append("add(contentsOf:) \(batch)")
                    let rejected = Set(solver.add(contentsOf: batch).map { error -> Int in
                        if case .unsatisfiable = error.error {} else { script.append("unexpected \(error.error)") }
                        return error.index
                    })
                    for (index, constraint) in batch.enumerated() where !rejected.contains(index) { added(constraint) }
                case ..<56 where !active.isEmpty:
                    let constraint = active.remove(at: Int.random(in: 0..<active.count, using: &rng)).constraint
                    script.append("remove \(constraint)")
                    try solver.remove(constraint)
                    removed.append(constraint)
                case ..<64 where !active.isEmpty:
                    let index = Int.random(in: 0..<active.count, using: &rng)
                    let constant = Double(Int.random(in: -100...100, using: &rng))
                    script.append("updateConstant \(active[index].constraint) to \(constant)")
                    do throws(SolverError) {
                        try solver.updateConstant(active[index].constraint, to: constant)
                        active[index].constant = constant
                    } catch {
                        guard case .unsatisfiable = error, active[index].constraint.strength.isRequired else {
                            return fail("updateConstant threw \(error)")
                        }
                    }
                case ..<80:
                    let variable = variables[Int.random(in: 0..<variables.count, using: &rng)]
                    let value = Double(Int.random(in: -100...300, using: &rng))
                    if let index = edits.firstIndex(where: { $0.0 === variable }) {
                        edits[index].2 = value
                    } else {
                        let strength = Strength.priority(randomLevels[Int.random(in: 0..<randomLevels.count, using: &rng)])
                        script.append("edit \(variable) \(strength.level)")
                        try solver.addEditVariable(variable, strength: strength)
                        edits.append((variable, strength, value))
                    }
                    script.append("suggest \(variable) \(value)")
                    try solver.suggestValue(variable, value)
                default:
                    guard !edits.isEmpty else { continue }
                    let (variable, _, _) = edits.remove(at: Int.random(in: 0..<edits.count, using: &rng))
                    script.append("unedit \(variable)")
                    try solver.removeEditVariable(variable)
                }
            } catch {
                return fail("unexpected \(error)")
            }
            if let unexpected = script.last, unexpected.hasPrefix("unexpected") { return fail(unexpected) }
            guard Double.random(in: 0..<1, using: &rng) < readProbability else { continue }
            script.append("update")
            if let failure = check(solver, variables: variables, active: active, edits: edits) { return fail(failure) }
        }
        script.append("update")
        return check(solver, variables: variables, active: active, edits: edits).map(fail)
    }

    /// A random constraint: the shapes of `randomConstraint`, a bound or an equality at zero, or up
    /// to four terms with mixed coefficients.
    private static func constraint(_ variables: [Variable], _ rng: inout SeededGenerator) -> Constraint {
        let required = Int.random(in: 0..<3, using: &rng) == 0
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return randomConstraint(variables, &rng, required: required)
        case 1, 2:  // zero constants, as in `x >= 0` and `a == b`, make degenerate pivots common
            let a = variables[Int.random(in: 0..<variables.count, using: &rng)]
            let b = variables[Int.random(in: 0..<variables.count, using: &rng)]
            let expression: LayoutSolver.Expression = Bool.random(using: &rng) ? LayoutSolver.Expression(a) : a - b
            let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<3, using: &rng)]
            let strength: Strength = required ? .required
                : .priority(randomLevels[Int.random(in: 0..<randomLevels.count, using: &rng)])
            return Constraint(expression, relation, strength: strength)
        default: break
        }
        let coefficients: [Double] = [-2, -1, -0.5, 0.5, 1, 1, 2, 3]
        let terms = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            Term(variables[Int.random(in: 0..<variables.count, using: &rng)],
                 coefficients[Int.random(in: 0..<coefficients.count, using: &rng)])
        }
        let expression = LayoutSolver.Expression(terms: terms, constant: Double(Int.random(in: -200...200, using: &rng)))
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<3, using: &rng)]
        let strength: Strength = required ? .required
            : .priority(randomLevels[Int.random(in: 0..<randomLevels.count, using: &rng)])
        return Constraint(expression, relation, strength: strength)
    }

    /// Adds `constraint`; a rejection must be an unsatisfiable required constraint.
    private func addChecked(_ constraint: Constraint, to solver: Solver,
                            added: (Constraint) -> Void) throws(SolverError) {
        do throws(SolverError) {
            try solver.add(constraint)
            added(constraint)
        } catch {
            guard case .unsatisfiable = error, constraint.strength.isRequired else { throw error }
        }
    }

    /// Reads the values and compares them with the constraints in force and with a fresh solver.
    private func check(_ solver: Solver, variables: [Variable], active: [ActiveConstraint], edits: [(Variable, Strength, Double)]) -> String? {
        solver.updateVariables()
        onRead?(variables, solver.pivotCount)
        onSolver?(solver)
        for variable in variables {
            guard let current = solver.currentValue(of: variable) else { continue }
            if !(abs(variable.value - current) <= 1e-9 * max(1, abs(current))) {
                return "\(variable) reads \(variable.value), its row gives \(current)"
            }
        }
        for constraint in active where constraint.constraint.strength.isRequired {
            let broken = violation(of: constraint)
            if !(broken <= 1e-6) {
                return "required \(constraint.constraint) (constant \(constraint.constant)) is off by \(broken)"
            }
        }
        let editConstraints = edits.map {
            ActiveConstraint(constraint: Constraint(LayoutSolver.Expression($0.0), .equal, strength: $0.1), constant: -$0.2)
        }
        let incremental = errorsByLevel(active + editConstraints)
        do {
            let fresh = try freshErrors(active, edits: edits)
            if !sameErrors(incremental, fresh, tolerance: 1e-5) { return "errors by level \(incremental), a fresh solver \(fresh)" }
        } catch {
            return "a fresh solver refused the constraints in force: \(error)"
        }
        return nil
    }
}
