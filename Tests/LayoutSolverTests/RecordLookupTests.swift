import XCTest
@testable import LayoutSolver

/// A solver finds its record of a constraint through the constraint's own bookkeeping (how many
/// solvers hold it, and its position while one does) instead of a search. These tests compare
/// every lookup with a model that knows which solver holds which constraint, while constraints are
/// shared among solvers, removed, re-added and changed, and solvers are reset or dropped.
final class RecordLookupTests: XCTestCase {
    /// Constraints that always hold (non-required), so that every add of a new one succeeds.
    private func pool(_ count: Int) -> [Constraint] {
        let variables = (0..<6).map { Variable("v\($0)") }
        let strengths: [Strength] = [.weak, .medium, .strong]
        return (0..<count).map { index in
            let left = variables[index % 6], right = variables[(index / 6) % 6]
            let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][index % 3]
            return Constraint(left - right - Double(index), relation, strength: strengths[index % 3])
        }
    }

    func testLookupsMatchAModelWhileSolversShareConstraints() {
        var rng = SeededGenerator(seed: 77)
        let constraints = pool(80)
        var solvers = (0..<3).map { _ in Solver() }
        var held: [Set<Int>] = Array(repeating: [], count: 3)
        var sawIndexedTable = false
        for step in 0..<6_000 {
            let which = Int.random(in: 0..<3, using: &rng)
            let number = Int.random(in: 0..<constraints.count, using: &rng)
            let solver = solvers[which], constraint = constraints[number]
            let holds = held[which].contains(number)
            switch Int.random(in: 0..<100, using: &rng) {
            case ..<50:
                do throws(SolverError) {
                    try solver.add(constraint)
                    XCTAssertFalse(holds, "step \(step): a duplicate was added")
                    held[which].insert(number)
                } catch {
                    XCTAssertEqual(error, .duplicateConstraint(constraint), "step \(step)")
                    XCTAssertTrue(holds, "step \(step): a new constraint was refused")
                }
            case ..<80:
                do throws(SolverError) {
                    try solver.remove(constraint)
                    XCTAssertTrue(holds, "step \(step): a constraint the solver lacks was removed")
                    held[which].remove(number)
                } catch {
                    XCTAssertEqual(error, .unknownConstraint(constraint), "step \(step)")
                    XCTAssertFalse(holds, "step \(step): a held constraint was not found")
                }
            case ..<90:
                let changed = (try? solver.updateConstant(constraint, to: Double(step % 50))) != nil
                XCTAssertEqual(changed, holds, "step \(step)")
                XCTAssertEqual(solver.constant(of: constraint) == Double(step % 50), holds, "step \(step)")
            case ..<97:
                XCTAssertEqual(solver.constant(of: constraint) != nil, holds, "step \(step)")
            case ..<99:
                solver.reset()
                held[which] = []
            default:
                solvers[which] = Solver()  // the old solver is dropped with what it held
                held[which] = []
            }
            sawIndexedTable = sawIndexedTable || held[which].count > 32
            for (index, other) in solvers.enumerated() {
                XCTAssertEqual(other.hasConstraint(constraint), held[index].contains(number), "step \(step)")
            }
        }
        XCTAssertTrue(sawIndexedTable, "some solver should hold more constraints than the table searches linearly")
        for (number, constraint) in constraints.enumerated() {
            XCTAssertEqual(constraint.holders, held.filter { $0.contains(number) }.count)
            for (index, solver) in solvers.enumerated() {
                XCTAssertEqual(solver.hasConstraint(constraint), held[index].contains(number))
            }
        }
    }

    /// A constraint held by two solvers, then by one of them again: the one left still finds it,
    /// the other does not, and a solver that is dropped lets go of what it held.
    func testAConstraintSharedAndThenHeldByOneIsFoundByItsHolder() throws {
        let constraints = pool(3)
        let first = Solver()
        var second: Solver? = Solver()
        for constraint in constraints { try first.add(constraint) }
        try second?.add(constraints[1])
        XCTAssertEqual(constraints[1].holders, 2)
        try first.remove(constraints[1])
        XCTAssertFalse(first.hasConstraint(constraints[1]))
        XCTAssertEqual(second?.hasConstraint(constraints[1]), true)
        XCTAssertNoThrow(try second?.updateConstant(constraints[1], to: 4))
        XCTAssertEqual(second?.constant(of: constraints[1]), 4)
        // The removal moved the last record into the freed place: it is still found.
        XCTAssertTrue(first.hasConstraint(constraints[2]))
        try first.remove(constraints[2])
        XCTAssertEqual(constraints[2].holders, 0)
        second = nil
        XCTAssertEqual(constraints[1].holders, 0)
        try first.add(constraints[1])
        XCTAssertTrue(first.hasConstraint(constraints[1]))
        XCTAssertThrowsError(try first.add(constraints[1]))
    }

    /// A solver keeps the constraints it holds alive (it retains them by hand) and lets each go when
    /// it is removed, when the solver is reset, and when the solver is dropped.
    func testTheSolverKeepsItsConstraintsAliveAndLetsThemGo() throws {
        let x = Variable("x"), y = Variable("y")
        weak var removed: Constraint?
        weak var reset: Constraint?
        weak var dropped: Constraint?
        var solver: Solver? = Solver()
        do {
            let first: Constraint = x >= 10
            let second: Constraint = (y == x + 5) | .strong
            let third: Constraint = y <= 100
            for constraint in [first, second, third] { try solver?.add(constraint) }
            removed = first
            reset = second
            dropped = third
            try solver?.remove(first)
        }
        XCTAssertNil(removed)
        XCTAssertNotNil(reset)
        XCTAssertNotNil(dropped)
        if let held = reset { XCTAssertEqual(solver?.hasConstraint(held), true) }
        // A conflict reads the records' constraints.
        XCTAssertThrowsError(try solver?.add(y >= 200))
        solver?.reset()
        XCTAssertNil(reset)
        if let other = dropped {
            try solver?.add(other)
            XCTAssertEqual(other.holders, 1)
        }
        solver = nil
        XCTAssertNil(dropped)
    }
}
