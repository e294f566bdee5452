import XCTest
@testable import LayoutSolver

/// A system that outgrows the compact tableau in the middle of its adds gives the same pivots and
/// the same values as the same calls on `Tableau` from the start.
final class RepresentationSwitchTests: XCTestCase {
    /// A row of `count` views inside a container that is a strong edit variable, then suggestions.
    private func longRow(_ count: Int, onTableau: Bool) -> (pivots: Int, values: [UInt64]) {
        let solver = Solver()
        if onTableau { solver.switchToTableau() }
        let lefts = (0..<count).map { Variable("left\($0)") }
        let widths = (0..<count).map { Variable("width\($0)") }
        let container = Variable("container")
        for index in 0..<count {
            if index == 0 {
                try? solver.add(lefts[0] == 20)
            } else {
                try? solver.add(lefts[index] == lefts[index - 1] + widths[index - 1] + 8)
            }
            try? solver.add(widths[index] >= 20)
            try? solver.add((widths[index] == 100) | .weak)
        }
        try? solver.add(lefts[count - 1] + widths[count - 1] + 20 == container)
        try? solver.addEditVariable(container, strength: .strong)
        var values: [UInt64] = []
        for cycle in 0..<40 {
            try? solver.suggestValue(container, Double(count * 108 + 32 + (cycle % 9 - 4) * 25))
            solver.updateVariables()
            values += (lefts + widths).map { $0.value == 0 ? 0 : $0.value.bitPattern }
        }
        return (solver.pivotCount, values)
    }

    func testLongRowSwitchingMidwayMatchesTableau() {
        let shipped = longRow(40, onTableau: false)
        let large = longRow(40, onTableau: true)
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
}
