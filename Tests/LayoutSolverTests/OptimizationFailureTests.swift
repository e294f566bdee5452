import XCTest
@testable import LayoutSolver

/// A simplex run that stops short of the optimum is reported as `optimizationFailed`, never
/// dropped. No finite system can make an objective unbounded, so the tests plant one: a cost of
/// -1 on the slack of `x >= 10`, which only the (unrestricted) row of `x` names, so nothing
/// bounds it.
final class OptimizationFailureTests: XCTestCase {
    private func solverWithUnboundedObjective() throws -> (Solver, Variable) {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x >= 10)
        guard let symbol = solver.tableau.existingSymbol(for: x),
              let slack = solver.tableau.rows[symbol]?.cells.first?.symbol else {
            XCTFail("x >= 10 should give x a row naming its slack")
            return (solver, x)
        }
        solver.tableau.objectives.append(Objective(level: 500, row: Row(cells: [Cell(symbol: slack, coefficient: -1)])))
        solver.tableau.costMayChange(of: slack)
        return (solver, x)
    }

    private func expectUnbounded(_ body: () throws(SolverError) -> Void, file: StaticString = #filePath,
                                 line: UInt = #line) {
        do throws(SolverError) {
            try body()
            XCTFail("expected optimizationFailed(.unbounded)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, .optimizationFailed(.unbounded), file: file, line: line)
        }
    }

    func testAddReportsAnUnboundedObjective() throws {
        let (solver, _) = try solverWithUnboundedObjective()
        let y = Variable("y")
        let added: Constraint = y >= 0
        expectUnbounded { () throws(SolverError) in try solver.add(added) }
        XCTAssertTrue(solver.hasConstraint(added), "the constraint is added all the same")
        expectUnbounded { () throws(SolverError) in _ = try solver.addIfSatisfiable(Variable("z") >= 0) }
    }

    func testRemoveReportsAnUnboundedObjective() throws {
        let (solver, _) = try solverWithUnboundedObjective()
        let constraint: Constraint = Variable("y") >= 0
        expectUnbounded { () throws(SolverError) in try solver.add(constraint) }
        expectUnbounded { () throws(SolverError) in try solver.remove(constraint) }
        XCTAssertFalse(solver.hasConstraint(constraint), "the constraint is removed all the same")
    }

    func testBatchAddReportsAnUnboundedObjectiveAfterTheConstraints() throws {
        let (solver, _) = try solverWithUnboundedObjective()
        let y = Variable("y")
        let batch: [Constraint] = [y >= 0, y <= 50]
        let rejected = solver.add(contentsOf: batch)
        XCTAssertEqual(rejected.map(\.index), [2])
        XCTAssertEqual(rejected.first?.error, .optimizationFailed(.unbounded))
        XCTAssertTrue(batch.allSatisfy(solver.hasConstraint))
    }

    func testEditVariableReportsAnUnboundedObjective() throws {
        let (solver, _) = try solverWithUnboundedObjective()
        let w = Variable("w")
        expectUnbounded { () throws(SolverError) in try solver.addEditVariable(w, strength: .strong) }
        XCTAssertTrue(solver.hasEditVariable(w), "the edit variable is added all the same")
    }
}
