import XCTest
@testable import LayoutSolver

/// `ColumnIndex`: slots that follow a pivot, stale entries that compaction drops, rollbacks.
final class ColumnIndexTests: XCTestCase {
    private func index(symbols: Int) -> ColumnIndex {
        var index = ColumnIndex()
        for _ in 0..<symbols { index.appendSymbol() }
        return index
    }

    func testEverySymbolStartsInItsOwnSlotWithAnEmptyColumn() {
        let columns = index(symbols: 4)
        XCTAssertEqual(columns.count, 4)
        for symbol in 0..<4 {
            XCTAssertEqual(columns.slot(of: symbol), symbol)
            XCTAssertEqual(columns.occupant(ofSlot: symbol), symbol)
            XCTAssertEqual(columns[symbol], [])
        }
        XCTAssertNil(columns.occupant(ofSlot: 4), "a slot past the symbols is a stale entry")
    }

    func testSwappedSlotsKeepTheEntriesOfTheLeavingRow() {
        var columns = index(symbols: 3)
        _ = columns.link(2, toRowOf: 0)  // row of 0 holds symbol 2
        columns.swapSlots(0, 1)          // 1 enters in place of 0
        XCTAssertEqual(columns[2], [0], "the entry names the slot, which 1 now owns")
        XCTAssertEqual(columns.occupant(ofSlot: columns[2][0]), 1)
        XCTAssertEqual(columns.slot(of: 0), 1)
        XCTAssertEqual(columns.occupant(ofSlot: 1), 0)
    }

    func testCompactionDropsMissingRowsAndRepeatsInOrder() {
        var columns = index(symbols: 5)
        for basic in [3, 1, 3, 2, 1] { _ = columns.link(0, toRowOf: basic) }
        var rows: [Row?] = Array(repeating: nil, count: 5)
        rows[1] = Row(constant: 1)
        rows[3] = Row(constant: 2)
        columns.compact(0, rows: rows)
        XCTAssertEqual(columns[0], [3, 1], "first occurrences of existing rows, in order")
    }

    func testLinkAsksForCompactionOnlyAfterTheColumnGrewPastItsBound() {
        var columns = index(symbols: 2)
        var asked = 0
        for _ in 0..<200 where columns.link(0, toRowOf: 1) { asked += 1 }
        XCTAssertEqual(columns[0].count, 200)
        XCTAssertEqual(asked, 200 - 64, "after 64 entries over an empty compacted column, every link asks")
        columns.compact(0, rows: [nil, Row()])
        XCTAssertEqual(columns[0], [1])
        XCTAssertFalse(columns.link(0, toRowOf: 1))
    }

    func testTruncateAndRestoreSlotUndoASwap() {
        var columns = index(symbols: 3)
        columns.swapSlots(0, 2)
        columns.appendSymbol()
        columns.restoreSlot(of: 0, to: 0)
        columns.restoreSlot(of: 2, to: 2)
        columns.truncate(to: 3)
        XCTAssertEqual(columns.count, 3)
        XCTAssertEqual((0..<3).map(columns.slot(of:)), [0, 1, 2])
        XCTAssertEqual((0..<3).compactMap(columns.occupant(ofSlot:)), [0, 1, 2])
    }
}
