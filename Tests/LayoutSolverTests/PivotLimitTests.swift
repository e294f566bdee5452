import XCTest
import LayoutSolver

/// The pivot counter and limit: the solver's work is counted, and a limit stops it.
final class PivotLimitTests: XCTestCase {
    /// A chain `x[i+1] >= x[i] + 10` of edit variables, all then suggested to be 0: the dual
    /// simplex pivots to push them apart again.
    private func chain(_ solver: Solver, count: Int) throws -> [Variable] {
        let xs = (0..<count).map { _ in Variable() }
        for x in xs { try solver.addEditVariable(x, strength: .strong) }
        try solver.add(xs[0] >= 0)
        for i in 1..<count { try solver.add(xs[i] >= xs[i - 1] + 10) }
        for (i, x) in xs.enumerated() { try solver.suggestValue(x, Double(100 * (count - i))) }
        for x in xs { try solver.suggestValue(x, 0) }
        return xs
    }

    func testPivotsAreCountedAndTheCountIsDeterministic() throws {
        let first = Solver()
        _ = try chain(first, count: 30)
        let second = Solver()
        _ = try chain(second, count: 30)
        XCTAssertGreaterThan(first.pivotCount, 0)
        XCTAssertEqual(first.pivotCount, second.pivotCount)
        XCTAssertNil(first.pivotLimit)
        XCTAssertNoThrow(try first.checkPivotLimit())
    }

    func testALimitStopsSolvingAndIsReportedAsATypedError() throws {
        let unlimited = Solver()
        _ = try chain(unlimited, count: 30)
        let needed = unlimited.pivotCount

        let limited = Solver()
        limited.pivotLimit = needed / 2
        do {
            _ = try chain(limited, count: 30)
        } catch {
            // A stopped solve may refuse a later constraint; the limit is what counts.
        }
        XCTAssertEqual(limited.pivotCount, needed / 2, "no pivot past the limit")
        XCTAssertTrue(limited.reachedPivotLimit)
        XCTAssertThrowsError(try limited.checkPivotLimit()) { error in
            XCTAssertEqual(error as? SolverError, .pivotLimitReached(limit: needed / 2))
        }
    }
}
