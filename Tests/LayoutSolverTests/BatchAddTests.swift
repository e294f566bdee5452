import XCTest
import LayoutSolver

/// `add(contentsOf:)` and `addIfSatisfiable(_:)`.
final class BatchAddTests: XCTestCase {
    func testBatchReportsRejectionsAtTheirIndexAndSkipsThem() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let lower: Constraint = x >= 10
        let conflict: Constraint = x <= 5
        let link: Constraint = y == x + 5
        let preference: Constraint = (x == 30) | .medium
        let bad: Constraint = y == .infinity
        let rejected = solver.add(contentsOf: [lower, conflict, link, lower, preference, bad])
        XCTAssertEqual(rejected.map(\.index), [1, 3, 5])
        XCTAssertEqual(rejected[0].error, .unsatisfiable(conflict, conflicting: [lower, conflict]))
        XCTAssertEqual(rejected[1].error, .duplicateConstraint(lower))
        guard case .invalidNumber = rejected[2].error else { return XCTFail("\(rejected[2].error)") }
        XCTAssertFalse(solver.hasConstraint(conflict))
        XCTAssertFalse(solver.hasConstraint(bad))
        solver.updateVariables()
        XCTAssertEqual(x.value, 30, accuracy: 1e-9)
        XCTAssertEqual(y.value, 35, accuracy: 1e-9)
    }

    func testBatchReachesTheOptimumOfOneByOneAdds() throws {
        for seed in 200...260 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let variables = (0..<6).map { Variable("z\($0)") }
            let constraints = (0..<30).map { _ in
                randomConstraint(variables, &rng, required: Int.random(in: 0..<3, using: &rng) == 0)
            }
            let solver = Solver()
            let rejected = Set(solver.add(contentsOf: constraints).map(\.index))
            let kept = constraints.indices.filter { !rejected.contains($0) }.map {
                ActiveConstraint(constraint: constraints[$0], constant: constraints[$0].expression.constant)
            }
            solver.updateVariables()
            for active in kept where active.constraint.strength.isRequired {
                XCTAssertLessThanOrEqual(violation(of: active), 1e-6, "seed \(seed): \(active.constraint)")
            }
            // `freshErrors` adds one by one and throws if any kept constraint is rejected there.
            let expected = try freshErrors(kept, edits: [])
            XCTAssert(sameErrors(errorsByLevel(kept), expected), "seed \(seed): \(errorsByLevel(kept)) vs \(expected)")
        }
    }

    func testAddIfSatisfiable() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let sum: Constraint = x + y == 100
        XCTAssertTrue(try solver.addIfSatisfiable(sum))
        XCTAssertTrue(try solver.addIfSatisfiable(x >= 60))
        XCTAssertTrue(try solver.addIfSatisfiable((y == 70) | .strong))
        solver.updateVariables()
        let before = [x.value, y.value]
        XCTAssertEqual(before[0], 60, accuracy: 1e-9)
        let impossible: Constraint = y >= 50
        XCTAssertFalse(try solver.addIfSatisfiable(impossible))
        XCTAssertFalse(solver.hasConstraint(impossible))
        solver.updateVariables()
        XCTAssertEqual([x.value, y.value], before)
        XCTAssertThrowsError(try solver.addIfSatisfiable(sum)) { error in
            XCTAssertEqual(error as? SolverError, .duplicateConstraint(sum))
        }
        XCTAssertThrowsError(try solver.addIfSatisfiable(x == .nan)) { error in
            guard case .invalidNumber = error as? SolverError else { return XCTFail("\(error)") }
        }
        // A non-required constraint is always added, however much it is violated.
        XCTAssertTrue(try solver.addIfSatisfiable((y >= 90) | .weak))
    }
}
