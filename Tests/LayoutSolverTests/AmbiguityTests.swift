import XCTest
@testable import LayoutSolver

final class AmbiguityTests: XCTestCase {
    func testDeterminedAndUndeterminedVariables() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let top = Variable("top"), height = Variable("height"), unseen = Variable("unseen")
        try solver.add(left == 10)
        try solver.add(right == left + width)
        try solver.add(right == 300)
        try solver.add(top >= 0)                     // only bounded below: not determined
        try solver.add((height == 44) | .priority(250))  // a priority above weak determines it
        try solver.add((top == 8) | .weak)           // weak constraints do not count
        let result = solver.ambiguousVariables(among: [unseen, top, left, width, right, height])
        XCTAssertEqual(result, [unseen, top])
        solver.updateVariables()
        XCTAssertEqual(top.value, 8, accuracy: 1e-9)  // the query does not change the solution
    }

    func testInequalitiesThatPinAVariable() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 5)
        try solver.add(x <= 5)
        try solver.add(x + y >= 20)
        XCTAssertEqual(solver.ambiguousVariables(among: [x, y]), [y])
        try solver.add((y == 100) | .medium)
        XCTAssertEqual(solver.ambiguousVariables(among: [x, y]), [])
    }

    func testEditVariablesDetermineAndFreeVariablesAreFound() throws {
        let solver = Solver()
        let width = Variable("width"), half = Variable("half"), offset = Variable("offset")
        try solver.add(half * 2 == width)
        try solver.add(offset - half >= 0)
        try solver.addEditVariable(width, strength: .strong)
        try solver.suggestValue(width, 320)
        XCTAssertEqual(solver.ambiguousVariables(among: [width, half, offset]), [offset])
    }
}
