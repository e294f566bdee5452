import XCTest
@testable import LayoutSolver

/// Random add / remove / suggest / updateConstant sequences checked against a fresh solver.
final class PropertyTests: XCTestCase {
    private func checkRequiredHold(_ constraints: [ActiveConstraint], file: StaticString = #filePath,
                                   line: UInt = #line) {
        for active in constraints where active.constraint.strength.isRequired {
            XCTAssertLessThanOrEqual(violation(of: active), 1e-6, "\(active.constraint)", file: file, line: line)
        }
    }

    func testRandomSequencesMatchFreshSolver() throws {
        try checkRandomSequences(seeds: 1...80)
    }

    /// The same check with the structures meant for large tableaus in force however small the
    /// tableau: pricing candidates in every objective, and no row merged into the definitions
    /// naming the symbol it replaces. The fresh solvers use the usual thresholds. Seed 5803 once
    /// caught a rollback that restored a definition's value only to the last bit but one.
    func testRandomSequencesWithLargeTableauStructuresMatchFreshSolver() throws {
        try checkRandomSequences(seeds: Array(81...160) + [5_803], largeTableauStructures: true)
    }

    private func checkRandomSequences(seeds: some Sequence<UInt64>, largeTableauStructures: Bool = false) throws {
        var conflicts = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let variables = (0..<6).map { Variable("x\($0)") }
            let solver = Solver()
            if largeTableauStructures {
                solver.tableau.scannedObjectiveCells = 0
                solver.tableau.mergedIntoDefinitions = 0
            }
            var active: [ActiveConstraint] = []
            var edits: [(Variable, Strength, Double)] = []
            for step in 0..<40 {
                let action = Int.random(in: 0..<10, using: &rng)
                if action < 5 || active.isEmpty {
                    let constraint = randomConstraint(variables, &rng, required: Int.random(in: 0..<3, using: &rng) == 0)
                    do {
                        try solver.add(constraint)
                        active.append(ActiveConstraint(constraint: constraint, constant: constraint.expression.constant))
                    } catch {
                        try checkRejection(error, of: constraint, active: active)
                        conflicts += 1
                        let before = variables.map(\.value)
                        solver.updateVariables()
                        XCTAssertEqual(variables.map(\.value), before, "seed \(seed) step \(step): a rejected constraint changed the solution")
                    }
                } else if action < 7 {
                    let index = Int.random(in: 0..<active.count, using: &rng)
                    try solver.remove(active.remove(at: index).constraint)
                } else if action < 8 {
                    let index = Int.random(in: 0..<active.count, using: &rng)
                    let constant = Double(Int.random(in: -100...100, using: &rng))
                    do {
                        try solver.updateConstant(active[index].constraint, to: constant)
                        active[index].constant = constant
                    } catch {
                        guard case .unsatisfiable = error else { throw error }
                        XCTAssert(active[index].constraint.strength.isRequired)
                    }
                } else {
                    let variable = variables[Int.random(in: 0..<variables.count, using: &rng)]
                    let value = Double(Int.random(in: -100...300, using: &rng))
                    if let index = edits.firstIndex(where: { $0.0 === variable }) {
                        edits[index].2 = value
                    } else {
                        let strength = Strength.priority(randomLevels[Int.random(in: 0..<randomLevels.count, using: &rng)])
                        try solver.addEditVariable(variable, strength: strength)
                        edits.append((variable, strength, value))
                    }
                    try solver.suggestValue(variable, value)
                }
                solver.updateVariables()
                let editConstraints = edits.map {
                    ActiveConstraint(constraint: Constraint(LayoutSolver.Expression($0.0), .equal, strength: $0.1), constant: -$0.2)
                }
                checkRequiredHold(active)
                let incremental = errorsByLevel(active + editConstraints)
                let fresh = try freshErrors(active, edits: edits)
                XCTAssert(sameErrors(incremental, fresh), "seed \(seed) step \(step): \(incremental) vs \(fresh)")
            }
        }
        XCTAssertGreaterThan(conflicts, 10, "the generator should exercise conflict explanations")
    }

    private func checkRejection(_ error: SolverError, of constraint: Constraint, active: [ActiveConstraint]) throws {
        guard case let .unsatisfiable(rejected, conflicting) = error else { throw error }
        XCTAssert(rejected === constraint)
        try checkConflict(conflicting, rejected: constraint, active: active)
    }

    /// The reported conflict is in add order, ends with the rejected constraint, cannot hold, and
    /// every proper subset obtained by dropping one member can.
    private func checkConflict(_ conflicting: [Constraint], rejected: Constraint, active: [ActiveConstraint]) throws {
        XCTAssert(conflicting.last === rejected)
        XCTAssert(conflicting.allSatisfy(\.strength.isRequired))
        let constants = Dictionary(uniqueKeysWithValues: active.map { (ObjectIdentifier($0.constraint), $0.constant) })
        let order = active.map { ObjectIdentifier($0.constraint) }
        let positions = conflicting.dropLast().map { order.firstIndex(of: ObjectIdentifier($0)) ?? -1 }
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertFalse(positions.contains(-1))
        func feasible(_ subset: [Constraint]) -> Bool {
            let scratch = Solver()
            do {
                for constraint in subset {
                    try scratch.add(constraint)
                    let constant = constants[ObjectIdentifier(constraint)] ?? constraint.expression.constant
                    if constant != constraint.expression.constant { try scratch.updateConstant(constraint, to: constant) }
                }
                return true
            } catch {
                return false
            }
        }
        XCTAssertFalse(feasible(conflicting))
        for index in conflicting.indices {
            var subset = conflicting
            subset.remove(at: index)
            XCTAssert(feasible(subset), "conflict \(conflicting) is not minimal")
        }
    }

    func testRemovalRestoresPreviousErrors() throws {
        for seed in 100...130 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let variables = (0..<5).map { Variable("y\($0)") }
            let solver = Solver()
            var active: [ActiveConstraint] = []
            for _ in 0..<12 {
                let constraint = randomConstraint(variables, &rng, required: Int.random(in: 0..<3, using: &rng) == 0)
                if (try? solver.add(constraint)) != nil {
                    active.append(ActiveConstraint(constraint: constraint, constant: constraint.expression.constant))
                }
            }
            solver.updateVariables()
            let before = errorsByLevel(active)
            let extra = randomConstraint(variables, &rng, required: false)
            try solver.add(extra)
            solver.updateVariables()
            try solver.remove(extra)
            solver.updateVariables()
            checkRequiredHold(active)
            XCTAssert(sameErrors(before, errorsByLevel(active)), "seed \(seed)")
        }
    }
}
