import XCTest
import LayoutSolver

final class PriorityTests: XCTestCase {
    func testOneStrongerConstraintBeatsManyWeakerOnes() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x == 0) | .priority(999))
        // Additive weights would let these outvote the single priority-999 constraint.
        for _ in 0..<2_000 { try solver.add((x == 10) | .priority(998)) }
        solver.updateVariables()
        XCTAssertEqual(x.value, 0, accuracy: 1e-9)
    }

    func testLowerLevelsOptimizeAmongStrongerOptima() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x + y == 100)
        try solver.add((x >= 30) | .strong)
        try solver.add((x <= 60) | .strong)
        // Medium: x wants 90, clamped by the strong bound to 60; weak: y wants 0 but x + y = 100.
        try solver.add((x == 90) | .medium)
        try solver.add((y == 0) | .weak)
        solver.updateVariables()
        XCTAssertEqual(x.value, 60, accuracy: 1e-9)
        XCTAssertEqual(y.value, 40, accuracy: 1e-9)
    }

    func testEditStrengthAgainstConstraintStrength() throws {
        let solver = Solver()
        let width = Variable("width")
        try solver.add((width <= 300) | .priority(800))
        try solver.addEditVariable(width, strength: .strong)  // 750 < 800
        try solver.suggestValue(width, 500)
        solver.updateVariables()
        XCTAssertEqual(width.value, 300, accuracy: 1e-9)
        try solver.suggestValue(width, 200)
        solver.updateVariables()
        XCTAssertEqual(width.value, 200, accuracy: 1e-9)
    }

    func testRemovingAndUpdatingNonRequiredConstraints() throws {
        let solver = Solver()
        let x = Variable("x")
        let preferred = (x == 40) | .medium
        try solver.add(preferred)
        try solver.add((x == 10) | .weak)
        solver.updateVariables()
        XCTAssertEqual(x.value, 40, accuracy: 1e-9)
        try solver.updateConstant(preferred, to: -55)
        solver.updateVariables()
        XCTAssertEqual(x.value, 55, accuracy: 1e-9)
        try solver.remove(preferred)
        solver.updateVariables()
        XCTAssertEqual(x.value, 10, accuracy: 1e-9)
    }

    func testResetForgetsEverything() throws {
        let solver = Solver()
        let x = Variable("x")
        let constraint: Constraint = x == 5
        try solver.add(constraint)
        try solver.addEditVariable(x, strength: .weak)
        solver.reset()
        XCTAssertFalse(solver.hasConstraint(constraint))
        XCTAssertFalse(solver.hasEditVariable(x))
        try solver.add(x == 7)
        solver.updateVariables()
        XCTAssertEqual(x.value, 7, accuracy: 1e-9)
    }

    /// The benchmark's long row at a small size: the container width moves one view's width,
    /// every required constraint keeps holding.
    func testLongRowFollowsContainerWidth() throws {
        let solver = Solver()
        let count = 12
        let lefts = (0..<count).map { Variable("left\($0)") }
        let widths = (0..<count).map { Variable("width\($0)") }
        let container = Variable("W")
        try solver.add(lefts[0] == 20)
        for i in 0..<count {
            if i > 0 { try solver.add(lefts[i] == lefts[i - 1] + widths[i - 1] + 8) }
            try solver.add(widths[i] >= 20)
            try solver.add((widths[i] == 100) | .weak)
        }
        try solver.add(lefts[count - 1] + widths[count - 1] + 20 == container)
        try solver.addEditVariable(container, strength: .strong)
        for target in [2_000.0, 1_300, 700, 100, 1_340] {
            try solver.suggestValue(container, target)
            solver.updateVariables()
            let minimum = Double(count * 28 + 32)
            XCTAssertEqual(container.value, max(target, minimum), accuracy: 1e-6)
            XCTAssert(widths.allSatisfy { $0.value >= 20 - 1e-9 })
            for i in 1..<count {
                XCTAssertEqual(lefts[i].value, lefts[i - 1].value + widths[i - 1].value + 8, accuracy: 1e-6)
            }
            // Weak error is as small as possible: the total width deviation from 100 each.
            let deviation = widths.reduce(0) { $0 + abs($1.value - 100) }
            let natural = Double(count * 108 + 32)
            XCTAssertEqual(deviation, abs(max(target, minimum) - natural), accuracy: 1e-6)
        }
    }
}
