import XCTest
@testable import LayoutSolver

/// `Journal`: first contents win, rows only while tracked, only symbols older than the transaction.
final class JournalTests: XCTestCase {
    /// A journal for a tableau of `symbols` symbols: it learns the count from each transaction.
    private func journal(symbols: Int) -> Journal {
        Journal()
    }

    func testRowsAreSavedOncePerTransactionWithTheOldestContents() {
        var log = journal(symbols: 3)
        log.begin(symbolCount: 3, objectives: [], tracksRows: true)
        XCTAssertTrue(log.needsRow(1))
        log.saveRow(1, Row(constant: 7), slot: 2)
        XCTAssertFalse(log.needsRow(1), "the first save wins")
        XCTAssertTrue(log.needsColumn(1), "rows and columns are saved separately")
        log.saveColumn(1, [0, 2])
        let entries = log.close()
        XCTAssertEqual(entries?.rows.count, 1)
        XCTAssertEqual(entries?.rows.first?.row?.constant, 7)
        XCTAssertEqual(entries?.rows.first?.slot, 2)
        XCTAssertEqual(entries?.columns.first?.column, [0, 2])
        XCTAssertFalse(log.isOpen)
        log.begin(symbolCount: 3, objectives: [], tracksRows: true)
        XCTAssertTrue(log.needsRow(1), "a new transaction saves again")
    }

    func testNothingIsSavedUntilRowsAreTrackedNorForNewSymbols() {
        var log = journal(symbols: 2)
        XCTAssertFalse(log.needsRow(0), "no transaction")
        log.begin(symbolCount: 2, objectives: [Objective(level: 5, row: Row(constant: 1))], tracksRows: false)
        XCTAssertFalse(log.needsRow(0))
        log.trackRows(objectives: [Objective(level: 3, row: Row(constant: 2))])
        XCTAssertTrue(log.needsRow(0))
        XCTAssertFalse(log.needsRow(2), "a symbol made in the transaction goes away with a rollback")
        log.recordNewVariable(ObjectIdentifier(Variable("x")))
        let entries = log.close()
        XCTAssertEqual(entries?.objectives?.map(\.level), [3], "objectives as they were when tracking began")
        XCTAssertEqual(entries?.newVariables.count, 1)
        XCTAssertEqual(entries?.symbolCount, 2)
    }
}
