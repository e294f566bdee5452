import XCTest
import LayoutSolver

/// The dual simplex once cycled among degenerate pivots until its pivot limit on this system (found
/// by the call-order oracle, seed 8743): a suggestion for a weak edit variable whose change every
/// objective can absorb at no cost.
final class DualSimplexCyclingTests: XCTestCase {
    func testSuggestionReachesFeasibilityWithoutCycling() throws {
        let x = (0...12).map { Variable("x\($0)") }
        let solver = Solver()
        let list: [Constraint] = [
            (2*x[8] - 2*x[9] + x[3] <= 194) | .priority(250),
            (x[9] <= 0) | .priority(250),
            (3*x[6] + x[10] - 2*x[7] + x[4] >= -111) | .priority(750),
            (x[8] <= -147) | .priority(1),
            (2*x[9] - x[1] <= 62) | .priority(500),
            3*x[9] + x[3] <= -87,
            3*x[9] + 3*x[9] == -168,
            (x[8] - x[8] >= 103) | .priority(999),
            x[10] - x[7] == -20,
            (x[10] + x[4] >= 230) | .priority(1),
            x[11] <= 0,
            (x[11] >= -186) | .priority(750),
            (2*x[6] + 2*x[0] + 2*x[10] + x[11] == 25) | .priority(999),
            x[1] - x[1] == 0,
            (-2*x[3] + 2*x[11] + 2*x[8] <= 5) | .priority(500),
            (x[11] - x[6] >= -20) | .priority(1),
            x[4] >= 0,
            (2*x[5] - x[5] <= 66.5) | .priority(500),
            2*x[5] - x[11] <= 33.5,
            2*x[7] - x[6] >= -6,
            (x[7] - x[4] <= 0) | .priority(250),
            (x[6] - x[0] <= 0) | .priority(999),
            (x[0] - x[5] <= 0) | .priority(1),
            2*x[6] <= 192,
            x[12] - x[3] >= 8,
            x[1] - x[11] >= 0,
            (x[2] - x[10] >= 0) | .priority(1),
            (x[1] - x[6] <= 0) | .priority(250),
            (x[1] - x[5] <= 0) | .priority(500),
        ]
        for constraint in list { try solver.add(constraint) }
        try solver.addEditVariable(x[4], strength: .priority(1))
        try solver.suggestValue(x[4], 183)
        solver.updateVariables()
        for constraint in list where constraint.strength.isRequired {
            let active = ActiveConstraint(constraint: constraint, constant: constraint.expression.constant)
            XCTAssertLessThanOrEqual(violation(of: active), 1e-6, "\(constraint)")
        }
        let edit = ActiveConstraint(constraint: Constraint(LayoutSolver.Expression(x[4]), .equal, strength: .priority(1)),
                                    constant: -183)
        let actives = list.map { ActiveConstraint(constraint: $0, constant: $0.expression.constant) }
        let fresh = try freshErrors(actives, edits: [])
        XCTAssert(sameErrors(errorsByLevel(actives + [edit]).filter { $0.level > 1 }, fresh.filter { $0.level > 1 },
                             tolerance: 1e-5))
    }
}
