import XCTest
import LayoutSolver

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

    /// Candidates share one scratch tableau; each answer must still be the one a query about that
    /// candidate alone gives.
    func testSharedScratchAgreesWithSeparateQueries() throws {
        var ambiguousCount = 0
        for seed in 300...340 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let variables = (0..<6).map { Variable("a\($0)") }
            let solver = Solver()
            for _ in 0..<8 {
                let constraint = randomConstraint(variables, &rng, required: Int.random(in: 0..<2, using: &rng) == 0)
                _ = try? solver.add(constraint)
            }
            let together = solver.ambiguousVariables(among: variables)
            let separately = variables.filter { !solver.ambiguousVariables(among: [$0]).isEmpty }
            XCTAssertEqual(together, separately, "seed \(seed)")
            ambiguousCount += together.count
        }
        XCTAssertGreaterThan(ambiguousCount, 0, "the systems should not all be fully determined")
    }
}
