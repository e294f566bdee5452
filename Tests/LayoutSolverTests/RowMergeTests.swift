import XCTest
@testable import LayoutSolver

/// `Row.add` against a reference merge written one cell at a time: the same cells, bit for bit,
/// in the same order, the same newly added symbols, for short and long rows, dense and sparse
/// symbol ranges, a replaced symbol anywhere (or none), and sums that cancel.
final class RowMergeTests: XCTestCase {
    /// The merge as a plain walk over both rows: `mine + factor × theirs` without `replaced`.
    private func referenceAdd(_ mine: [Cell], _ theirs: [Cell], times factor: Double,
                              replacing replaced: Int) -> (cells: [Cell], added: [Int]) {
        var cells: [Cell] = []
        var added: [Int] = []
        var i = 0
        var j = 0
        while i < mine.count || j < theirs.count {
            let a = i < mine.count ? mine[i].symbol : Int.max
            let b = j < theirs.count ? theirs[j].symbol : Int.max
            if a < b {
                if a != replaced { cells.append(mine[i]) }
                i += 1
            } else if b < a {
                let value = theirs[j].coefficient * factor
                if !nearZero(value) {
                    cells.append(Cell(symbol: b, coefficient: value))
                    added.append(b)
                }
                j += 1
            } else {
                let value = (a == replaced ? 0 : mine[i].coefficient) + theirs[j].coefficient * factor
                if !nearZero(value) {
                    cells.append(Cell(symbol: a, coefficient: value))
                    if a == replaced { added.append(a) }
                }
                i += 1
                j += 1
            }
        }
        return (cells, added)
    }

    /// Sorted random cells over `0..<universe`, each symbol kept with probability `density`.
    private func randomCells(universe: Int, density: Double, using generator: inout SeededGenerator) -> [Cell] {
        var cells: [Cell] = []
        for symbol in 0..<universe where Double.random(in: 0..<1, using: &generator) < density {
            // Some coefficients are small integers, so that sums cancel exactly now and then.
            let coefficient = Bool.random(using: &generator)
                ? Double(Int.random(in: -3...3, using: &generator))
                : Double.random(in: -10...10, using: &generator)
            cells.append(Cell(symbol: symbol, coefficient: coefficient == 0 ? 1 : coefficient))
        }
        return cells
    }

    func testMatchesACellByCellMerge() {
        var generator = SeededGenerator(seed: 31)
        var buffer: [Cell] = []
        var added: [Int] = []
        var longRuns = 0
        for round in 0..<4_000 {
            let universe = [4, 16, 64, 600][round % 4]
            let mine = randomCells(universe: universe, density: Double.random(in: 0.05...1, using: &generator),
                                   using: &generator)
            let theirs = randomCells(universe: universe, density: Double.random(in: 0...0.3, using: &generator),
                                     using: &generator)
            let replaced: Int
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: replaced = -1
            case 1 where !mine.isEmpty: replaced = mine.randomElement(using: &generator)?.symbol ?? -1
            default: replaced = Int.random(in: 0..<universe, using: &generator)
            }
            // -1 and 1 make exact cancellations with the integer coefficients; others are general.
            let factor = [-1.0, 1.0, 0.5, Double.random(in: -4...4, using: &generator)][round % 4]
            let expected = referenceAdd(mine, theirs, times: factor, replacing: replaced)
            var row = Row(constant: 2, cells: mine)
            added.removeAll()
            row.add(Row(constant: 3, cells: theirs), times: factor, replacing: replaced, added: &added, buffer: &buffer)
            XCTAssertEqual(row.cells.map(\.symbol), expected.cells.map(\.symbol), "round \(round)")
            XCTAssertEqual(row.cells.map(\.coefficient.bitPattern), expected.cells.map(\.coefficient.bitPattern),
                           "round \(round)")
            XCTAssertEqual(added, expected.added, "round \(round)")
            XCTAssertEqual(row.constant.bitPattern, (2 + 3 * factor).bitPattern, "round \(round)")
            if mine.count > 100 && theirs.count < 10 { longRuns += 1 }
        }
        // The rounds include what large tableaus do most: a short row added into a long one.
        XCTAssertGreaterThan(longRuns, 20)
    }

    func testReplacedSymbolAtEveryPositionOfARun() {
        let mine = (0..<40).map { Cell(symbol: 2 * $0, coefficient: Double($0) + 1) }
        var buffer: [Cell] = []
        var added: [Int] = []
        for replaced in -1...80 {
            for theirs in [[Cell](), [Cell(symbol: 81, coefficient: 1)], [Cell(symbol: 37, coefficient: 2)]] {
                let expected = referenceAdd(mine, theirs, times: 1, replacing: replaced)
                var row = Row(constant: 0, cells: mine)
                added.removeAll()
                row.add(Row(constant: 0, cells: theirs), times: 1, replacing: replaced, added: &added, buffer: &buffer)
                XCTAssertEqual(row.cells.map(\.symbol), expected.cells.map(\.symbol), "replacing \(replaced)")
                XCTAssertEqual(row.cells.map(\.coefficient), expected.cells.map(\.coefficient), "replacing \(replaced)")
                XCTAssertEqual(added, expected.added, "replacing \(replaced)")
            }
        }
    }
}
