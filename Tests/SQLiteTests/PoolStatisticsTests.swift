import SQLite
import XCTest

/// The pool counts its round trips (each read and write transaction) and the statements inside
/// them, so a test can bound what a piece of work costs.
final class PoolStatisticsTests: XCTestCase {
    func testEachTransactionAndStatementIsCountedOnce() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.file("counted.sqlite"))
        let start = pool.statistics
        try await pool.write { db in
            try db.executeScript("CREATE TABLE t (n INTEGER); CREATE INDEX t_n ON t (n)")
            for n in 0..<3 { try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n]) }
        }
        let afterWrite = pool.statistics - start
        XCTAssertEqual(afterWrite, PoolStatistics(reads: 0, writes: 1, statements: 5), "two script statements, three inserts; not BEGIN or COMMIT")

        let total = try await pool.read { db in
            let rows = try db.fetchAll(sql: "SELECT n FROM t ORDER BY n")
            let cursor = try db.cursor(sql: "SELECT n FROM t WHERE n > ?", arguments: [0])
            var seen = 0
            while try cursor.next() != nil { seen += 1 }
            cursor.finish()
            return rows.count + seen + (try db.fetchValue(Int.self, sql: "SELECT count(*) FROM t") ?? 0)
        }
        XCTAssertEqual(total, 8)
        XCTAssertEqual(pool.statistics - start, PoolStatistics(reads: 1, writes: 1, statements: 8))

        // A failed transaction still counts what it ran.
        do {
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO t (n) VALUES (9)")
                try db.execute(sql: "INSERT INTO nowhere (n) VALUES (9)")
            }
            XCTFail("no such table")
        } catch {}
        XCTAssertEqual(pool.statistics - start, PoolStatistics(reads: 1, writes: 2, statements: 10))
        XCTAssertEqual((pool.statistics - start).transactions, 3)
        await pool.close()
    }
}
