import XCTest
import LayoutSolver

final class SolverErrorTests: XCTestCase {
    private func expect(_ expected: SolverError, _ body: () throws(SolverError) -> Void,
                        file: StaticString = #filePath, line: UInt = #line) {
        do {
            try body()
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, file: file, line: line)
        }
    }

    func testDuplicateAndUnknownConstraints() throws {
        let solver = Solver()
        let x = Variable("x")
        let constraint: Constraint = x >= 10
        try solver.add(constraint)
        XCTAssertTrue(solver.hasConstraint(constraint))
        expect(.duplicateConstraint(constraint)) { () throws(SolverError) in try solver.add(constraint) }
        try solver.remove(constraint)
        XCTAssertFalse(solver.hasConstraint(constraint))
        expect(.unknownConstraint(constraint)) { () throws(SolverError) in try solver.remove(constraint) }
        expect(.unknownConstraint(constraint)) { () throws(SolverError) in try solver.updateConstant(constraint, to: 3) }
    }

    func testEditVariableErrors() throws {
        let solver = Solver()
        let x = Variable("x")
        expect(.unknownEditVariable(x)) { () throws(SolverError) in try solver.suggestValue(x, 1) }
        expect(.unknownEditVariable(x)) { () throws(SolverError) in try solver.removeEditVariable(x) }
        expect(.requiredEditVariable(x)) { () throws(SolverError) in try solver.addEditVariable(x, strength: .required) }
        try solver.addEditVariable(x, strength: .strong)
        XCTAssertTrue(solver.hasEditVariable(x))
        expect(.duplicateEditVariable(x)) { () throws(SolverError) in try solver.addEditVariable(x, strength: .weak) }
        try solver.removeEditVariable(x)
        XCTAssertFalse(solver.hasEditVariable(x))
    }

    func testNonFiniteNumbersAreRejected() throws {
        let solver = Solver()
        let x = Variable("x")
        for bad in [Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try solver.add(x * bad >= 1)) { error in
                guard case .invalidNumber = error as? SolverError else { return XCTFail("\(error)") }
            }
            XCTAssertThrowsError(try solver.add(x == bad))
        }
        XCTAssertThrowsError(try solver.add(x / 0 == 1))
        try solver.addEditVariable(x, strength: .strong)
        XCTAssertThrowsError(try solver.suggestValue(x, .nan))
        let constraint: Constraint = x >= 0
        try solver.add(constraint)
        XCTAssertThrowsError(try solver.updateConstant(constraint, to: .infinity))
    }

    func testRejectedConstraintLeavesSolverUnchanged() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let constraints: [Constraint] = [x >= 10, y == x + 5, (z == 7) | .weak, z <= y]
        for constraint in constraints { try solver.add(constraint) }
        solver.updateVariables()
        let before = [x.value, y.value, z.value]
        let bad: Constraint = y <= 3
        expect(.unsatisfiable(bad, conflicting: [constraints[0], constraints[1], bad])) { () throws(SolverError) in
            try solver.add(bad)
        }
        XCTAssertFalse(solver.hasConstraint(bad))
        solver.updateVariables()
        XCTAssertEqual([x.value, y.value, z.value], before)
        // The solver still works normally afterwards.
        try solver.add(x == 20)
        solver.updateVariables()
        XCTAssertEqual(y.value, 25, accuracy: 1e-9)
        XCTAssertEqual(z.value, 7, accuracy: 1e-9)
    }

    func testRequiredConstantUpdateThatConflictsIsRejected() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let pin: Constraint = x == 10
        let link: Constraint = y == x
        let cap: Constraint = y <= 15
        for constraint in [pin, link, cap] { try solver.add(constraint) }
        try solver.updateConstant(pin, to: -12)  // x == 12
        solver.updateVariables()
        XCTAssertEqual(y.value, 12, accuracy: 1e-9)
        expect(.unsatisfiable(pin, conflicting: [pin, link, cap])) { () throws(SolverError) in
            try solver.updateConstant(pin, to: -20)
        }
        solver.updateVariables()
        XCTAssertEqual(x.value, 12, accuracy: 1e-9)
    }

    func testErrorDescriptionsNameTheCulprits() {
        let x = Variable("width")
        let constraint: Constraint = x >= 10
        XCTAssert(SolverError.unsatisfiable(constraint, conflicting: [constraint]).description.contains("width >= 10"))
        XCTAssert(SolverError.invalidNumber("constant nan").description.contains("nan"))
    }
}
