import XCTest
import LayoutSolver

final class ConflictTests: XCTestCase {
    private func conflict(adding constraint: Constraint, to solver: Solver) -> [Constraint]? {
        do {
            try solver.add(constraint)
            return nil
        } catch {
            guard case let .unsatisfiable(rejected, conflicting) = error, rejected === constraint else { return nil }
            return conflicting
        }
    }

    func testConflictListsOnlyTheCulpritsInAddOrder() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d")
        let unrelated: Constraint = d == 3
        let pinA: Constraint = a == 10
        let slackB: Constraint = b >= 0
        let pinB: Constraint = b == 20
        let link: Constraint = c == a + 1
        let bounded: Constraint = c <= 100
        for constraint in [unrelated, pinA, slackB, pinB, link, bounded] { try solver.add(constraint) }
        let sum: Constraint = a + b == 40
        XCTAssertEqual(conflict(adding: sum, to: solver), [pinA, pinB, sum])
    }

    func testConflictThroughAChainOfInequalities() throws {
        let solver = Solver()
        let v = (0..<6).map { Variable("v\($0)") }
        var chain: [Constraint] = [v[0] >= 0]
        for i in 1..<6 { chain.append(v[i] >= v[i - 1] + 10) }
        for constraint in chain { try solver.add(constraint) }
        try solver.add((v[5] == 1_000) | .strong)
        let cap: Constraint = v[5] <= 30
        XCTAssertEqual(conflict(adding: cap, to: solver), chain + [cap])
        let looseCap: Constraint = v[3] <= 30
        XCTAssertNil(conflict(adding: looseCap, to: solver))
    }

    func testConflictWithMultipleExplanationsIsStillMinimal() throws {
        let solver = Solver()
        let x = Variable("x")
        let first: Constraint = x >= 10
        let second: Constraint = x >= 20
        try solver.add(first)
        try solver.add(second)
        let cap: Constraint = x <= 5
        // Either lower bound alone explains the conflict; a minimal set has exactly one of them.
        let explanation = try XCTUnwrap(conflict(adding: cap, to: solver))
        XCTAssertEqual(explanation.count, 2)
        XCTAssert(explanation.last === cap)
    }

    func testSelfContradictoryConstraint() throws {
        let solver = Solver()
        let x = Variable("x")
        let absurd: Constraint = x - x == 1
        XCTAssertEqual(conflict(adding: absurd, to: solver), [absurd])
    }
}
