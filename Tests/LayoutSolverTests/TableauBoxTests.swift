import XCTest
@testable import LayoutSolver

/// A solver makes its `Tableau` only when it moves onto it, keeps it while it works there, and
/// drops it on `reset()`; a solver that outgrows its compact tableaus goes on on that `Tableau` with
/// the same values as one that was on `Tableau` from the start.
final class TableauBoxTests: XCTestCase {
    /// A row of `count` views whose widths share a container that is suggested several sizes.
    private func layOutRow(_ count: Int, on solver: Solver) throws -> [UInt64] {
        let lefts = (0..<count).map { Variable("left\($0)") }
        let widths = (0..<count).map { Variable("width\($0)") }
        let container = Variable("container")
        for index in 0..<count {
            try solver.add(index == 0 ? lefts[0] == 0 : lefts[index] == lefts[index - 1] + widths[index - 1])
            try solver.add(widths[index] >= 10)
            try solver.add((widths[index] == 50) | .weak)
        }
        try solver.add(lefts[count - 1] + widths[count - 1] == container)
        try solver.addEditVariable(container, strength: .strong)
        var values: [UInt64] = []
        for size in [count * 40, count * 60, count * 45] {
            try solver.suggestValue(container, Double(size))
            solver.updateVariables()
            values += (lefts + widths).map(\.value.bitPattern)
        }
        return values
    }

    func testASmallSystemMakesNoTableau() throws {
        let solver = Solver()
        _ = try layOutRow(4, on: solver)
        XCTAssertEqual(solver.representation, .compact)
        XCTAssertNil(solver.largeBox)
        XCTAssertEqual(solver.large.symbolCount, 0, "read before it is made, the Tableau is an empty one")
        XCTAssertNil(solver.largeBox, "reading it does not make it")
    }

    func testALargeSystemMakesItsTableauOnceAndResetDropsIt() throws {
        let solver = Solver()
        let values = try layOutRow(60, on: solver)
        XCTAssertEqual(solver.representation, .large)
        let box = try XCTUnwrap(solver.largeBox)
        _ = try layOutRow(3, on: solver)
        XCTAssertTrue(solver.largeBox === box, "the solver keeps working on the Tableau it made")

        let fromTheStart = Solver()
        fromTheStart.switchToTableau()
        XCTAssertNotNil(fromTheStart.largeBox)
        XCTAssertEqual(try layOutRow(60, on: fromTheStart), values)

        solver.reset()
        XCTAssertNil(solver.largeBox)
        XCTAssertEqual(solver.representation, .compact)
        XCTAssertEqual(try layOutRow(60, on: solver), values, "after a reset the solver starts afresh")
    }
}
