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
}
