import XCTest
import LayoutSolver

final class SolverBasicTests: XCTestCase {
    func testSimpleEqualityAndInequality() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x + y == 10)
        try solver.add(x >= 2 * y)
        try solver.add(y >= 3)
        try solver.add((x == 0) | .weak)
        solver.updateVariables()
        // x wants 0 but x >= 2y >= 6 and x + y = 10: smallest x is 20/3.
        XCTAssertEqual(x.value, 20.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(y.value, 10.0 / 3, accuracy: 1e-9)
    }

    func testEditVariableMovesDependents() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(left == 10)
        try solver.add(width >= 0)
        try solver.addEditVariable(right, strength: .strong)
        for target in [100.0, 250, 5, 42] {
            try solver.suggestValue(right, target)
            solver.updateVariables()
            XCTAssertEqual(right.value, max(target, 10), accuracy: 1e-9)
            XCTAssertEqual(width.value, max(target - 10, 0), accuracy: 1e-9)
        }
    }
}
