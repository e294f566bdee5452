import XCTest
@testable import LayoutSolver

/// A system that outgrows the compact tableau in the middle of its adds gives the same pivots and
/// the same values as the same calls on `Tableau` from the start.
final class RepresentationSwitchTests: XCTestCase {
    func testLongRowSwitchingMidwayMatchesTableau() {
        let shipped = layOutRow(40, onTableau: false, cycles: 40)
        let large = layOutRow(40, onTableau: true, cycles: 40)
        XCTAssertGreaterThan(large.pivots, 0)
        XCTAssertEqual(shipped.pivots, large.pivots)
        XCTAssertEqual(shipped.values, large.values)
    }

    /// The row's constraints given in one batch: too many symbols for the compact tableau.
    private func batchRow(_ count: Int, smallStart: Bool, pivotLimit: Int?) -> (solver: Solver, values: [UInt64]) {
        let solver = Solver()
        solver.pivotLimit = pivotLimit
        let lefts = (0..<count).map { Variable("left\($0)") }
        let widths = (0..<count).map { Variable("width\($0)") }
        // A first constraint puts the solver on a non-empty compact tableau, converted at the batch.
        if smallStart { try? solver.add(lefts[0] == 20) }
        var batch: [Constraint] = smallStart ? [] : [lefts[0] == 20]
        for index in 0..<count {
            if index > 0 { batch.append(lefts[index] == lefts[index - 1] + widths[index - 1] + 8) }
            batch.append(widths[index] >= 20)
            batch.append((widths[index] == 100) | .weak)
        }
        let rejected = solver.add(contentsOf: batch)
        // Without a limit everything is added; with one that stops the final optimization, that is
        // its one entry.
        XCTAssertEqual(rejected.map(\.index), pivotLimit == 0 ? [batch.count] : [])
        solver.updateVariables()
        return (solver, (lefts + widths).map { $0.value == 0 ? 0 : $0.value.bitPattern })
    }

    func testABatchTooLargeForAnEmptySolverStartsOnTableauWithItsLimit() {
        let direct = batchRow(30, smallStart: false, pivotLimit: 10_000)
        XCTAssertFalse(direct.solver.usesCompact)
        XCTAssertEqual(direct.solver.pivotLimit, 10_000)
        let converted = batchRow(30, smallStart: true, pivotLimit: 10_000)
        XCTAssertFalse(converted.solver.usesCompact)
        XCTAssertEqual(direct.values, converted.values)
        XCTAssertEqual(direct.values[1], 128.0.bitPattern)  // left1 = 20 + 100 + 8
        // A limit set on the empty solver still stops the work on Tableau.
        let limited = batchRow(30, smallStart: false, pivotLimit: 0)
        XCTAssertFalse(limited.solver.usesCompact)
        XCTAssertTrue(limited.solver.reachedPivotLimit)
        XCTAssertEqual(limited.solver.pivotLimit, 0)
    }

    /// A solver holds a `Tableau` exactly while it works on it: never while its system fits the
    /// compact tableaus, from its move onto `Tableau` until `reset()`, and again after a second move.
    func testTheLargeTableauExistsOnlyWhileInUse() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x >= 10)
        XCTAssertNil(solver.large)
        XCTAssertEqual(solver.representation, .compact)
        batchIntoTableau(solver, count: 50)
        XCTAssertEqual(solver.representation, .large)
        XCTAssertNotNil(solver.large)
        solver.updateVariables()
        XCTAssertEqual(x.value, 10)
        solver.reset()
        XCTAssertNil(solver.large)
        XCTAssertEqual(solver.representation, .compact)
        try solver.add(x == 7)
        solver.updateVariables()
        XCTAssertEqual(x.value, 7)
        XCTAssertNil(solver.large)
        // Reading `tableau` moves the solver onto it, keeping the system.
        XCTAssertEqual(solver.tableau.existingSymbol(for: x).map { solver.tableau.value(of: $0) } ?? nil, 7)
        XCTAssertNotNil(solver.large)
        try solver.add(x <= 8)
        solver.updateVariables()
        XCTAssertEqual(x.value, 7)
    }

    /// Adds a row of `count` views in one batch, too many symbols for the compact tableaus.
    private func batchIntoTableau(_ solver: Solver, count: Int) {
        let lefts = (0..<count).map { Variable("left\($0)") }
        let widths = (0..<count).map { Variable("width\($0)") }
        var batch: [Constraint] = [lefts[0] == 20]
        for index in 1..<count { batch.append(lefts[index] == lefts[index - 1] + widths[index - 1] + 8) }
        for width in widths { batch.append(width >= 20) }
        XCTAssertEqual(solver.add(contentsOf: batch).count, 0)
    }
}
