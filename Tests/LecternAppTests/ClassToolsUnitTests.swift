import Foundation
@testable import LecternApp
import Store
import XCTest

/// The late-day ledger, the strict CSV reader and the analytics arithmetic, on their own.
final class ClassToolsUnitTests: XCTestCase {
    private let due = Date(timeIntervalSince1970: 1_800_000_000)
    private let day = 86_400.0

    func testTheLedgerSpendsWholeDaysOncePerExerciseAndNeverMoreThanTheBank() {
        var ledger = LateDayLedger(bank: 3)
        XCTAssertEqual(ledger.spend(exerciseID: 1, at: due.addingTimeInterval(-10), dueAt: due), 0, "on time")
        XCTAssertEqual(ledger.spend(exerciseID: 1, at: due.addingTimeInterval(1.5 * day), dueAt: due), 2, "a day and a half is two days")
        XCTAssertEqual(ledger.spend(exerciseID: 1, at: due.addingTimeInterval(1.9 * day), dueAt: due), 2, "already covered")
        XCTAssertEqual(ledger.spend(exerciseID: 1, at: due.addingTimeInterval(2.5 * day), dueAt: due), 3)
        XCTAssertEqual(ledger.spend(exerciseID: 2, at: due.addingTimeInterval(60), dueAt: due), 0, "the bank is empty")
        XCTAssertEqual(ledger.left, 0)
        XCTAssertEqual(ledger.spend(exerciseID: 3, at: due.addingTimeInterval(day * 30), dueAt: nil), 0, "no due date, never late")
    }

    func testTheLedgerStaysWithinItsBankForRandomHistories() {
        var random = Xorshift(state: 0x1A7E)
        for _ in 0..<200 {
            let bank = Int(random.next() % 6)
            var ledger = LateDayLedger(bank: bank)
            var previous: [Int64: Int] = [:]
            for _ in 0..<30 {
                let exercise = Int64(random.next() % 4)
                let offset = Double(Int(random.next() % 10) - 3) * day + Double(random.next() % 1000)
                let covered = ledger.spend(exerciseID: exercise, at: due.addingTimeInterval(offset), dueAt: due)
                XCTAssertGreaterThanOrEqual(covered, previous[exercise] ?? 0, "days given are never taken back")
                previous[exercise] = covered
                XCTAssertLessThanOrEqual(ledger.total, bank)
                XCTAssertEqual(ledger.left, bank - ledger.total)
            }
            XCTAssertEqual(previous.values.reduce(0, +), ledger.total)
        }
    }

    func testStrictCSVReadsQuotesAndLineBreaksAndRefusesWhatItCannotRead() throws {
        let records = try StrictCSV.parse("\u{FEFF}a,\"b, \"\"quoted\"\"\",c\r\n\r\nd,\"two\nlines\",\n", width: 3)
        XCTAssertEqual(records.map(\.fields), [["a", "b, \"quoted\"", "c"], ["d", "two\nlines", ""]])
        XCTAssertEqual(records.map(\.line), [1, 3])
        XCTAssertEqual(records.first?.columns, [1, 3, 19])
        XCTAssertThrowsError(try StrictCSV.parse("a,b\nc\n", width: 2)) { error in
            XCTAssertEqual((error as? StrictCSV.Failure)?.line, 2)
        }
        XCTAssertThrowsError(try StrictCSV.parse("a,\"b\"x\n")) { error in
            XCTAssertEqual((error as? StrictCSV.Failure)?.column, 6)
        }
        XCTAssertThrowsError(try StrictCSV.parse("a,\"b\n"))
        XCTAssertThrowsError(try StrictCSV.parse(String(repeating: "a\n", count: 11), maxRecords: 10))
    }

    func testMediansAndTheHistogramEdges() {
        XCTAssertNil(ExerciseAnalytics.median([]))
        XCTAssertEqual(ExerciseAnalytics.median([3, 1, 2]), 2)
        XCTAssertEqual(ExerciseAnalytics.median([4, 1, 2, 3]), 2.5)
        XCTAssertEqual(AnalyticsPages.duration(90), "2 min")
        XCTAssertEqual(AnalyticsPages.duration(3 * 3600 + 300), "3 h 5 min")
    }
}

/// A small deterministic generator for the randomized histories.
private struct Xorshift {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
