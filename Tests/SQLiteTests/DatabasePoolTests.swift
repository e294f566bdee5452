import SQLite
import XCTest

final class DatabasePoolTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    private func makePool(_ name: String = "pool.sqlite", readers: Int = 3) async throws -> DatabasePool {
        var configuration = PoolConfiguration()
        configuration.readerCount = readers
        let pool = try DatabasePool(path: directory.file(name), configuration: configuration)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, n INTEGER NOT NULL, UNIQUE (writer, n))")
        }
        return pool
    }

    func testConcurrentWritersWithReadersLoseNothing() async throws {
        let pool = try await makePool()
        let writers = 8, inserts = 1_000
        let observed = try await withThrowingTaskGroup(of: [Int].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for n in 0..<inserts {
                        try await pool.write { db in
                            try db.execute(sql: "INSERT INTO events (writer, n) VALUES (?, ?)", arguments: [writer, n])
                        }
                    }
                    return []
                }
            }
            for _ in 0..<3 {
                group.addTask {
                    var counts: [Int] = []
                    for _ in 0..<200 {
                        counts.append(try await pool.read { db in try db.fetchValue(Int.self, sql: "SELECT count(*) FROM events") ?? 0 })
                    }
                    return counts
                }
            }
            var all: [[Int]] = []
            for try await counts in group where !counts.isEmpty { all.append(counts) }
            return all
        }
        for counts in observed {
            XCTAssertEqual(counts, counts.sorted(), "a reader never sees committed rows disappear")
            XCTAssertTrue(counts.allSatisfy { $0 <= writers * inserts })
        }
        let (total, distinct, perWriter) = try await pool.read { db in
            (try db.fetchValue(Int.self, sql: "SELECT count(*) FROM events"),
             try db.fetchValue(Int.self, sql: "SELECT count(DISTINCT writer * 100000 + n) FROM events"),
             try db.fetchAll(sql: "SELECT count(*) FROM events GROUP BY writer ORDER BY writer").map { try $0.get(0) as Int })
        }
        XCTAssertEqual(total, writers * inserts)
        XCTAssertEqual(distinct, writers * inserts)
        XCTAssertEqual(perWriter, Array(repeating: inserts, count: writers))
        await pool.close()
    }

    func testTwoPoolsOnOneFileResolveBusyContention() async throws {
        let first = try await makePool("shared.sqlite")
        let second = try await makePool("shared.sqlite")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, pool) in [first, second].enumerated() {
                group.addTask {
                    for n in 0..<300 {
                        try await pool.write { db in
                            try db.execute(sql: "INSERT INTO events (writer, n) VALUES (?, ?)", arguments: [writer, n])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let total = try await second.read { db in try db.fetchValue(Int.self, sql: "SELECT count(*) FROM events") }
        XCTAssertEqual(total, 600)
        await first.close()
        await second.close()
    }

    func testFailedWriteRollsBackAndReadersRefuseWrites() async throws {
        let pool = try await makePool()
        do {
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO events (writer, n) VALUES (1, 1)")
                try db.execute(sql: "INSERT INTO events (writer, n) VALUES (1, 1)")
            }
            XCTFail("the duplicate insert must fail")
        } catch let error as SQLiteError {
            XCTAssertTrue(error.isConstraintViolation, "\(error)")
        }
        do {
            try await pool.read { db in try db.execute(sql: "INSERT INTO events (writer, n) VALUES (2, 2)") }
            XCTFail("readers are query-only")
        } catch let error as SQLiteError {
            XCTAssertTrue(error.message.contains("readonly"), "\(error)")
        }
        let total = try await pool.read { db in try db.fetchValue(Int.self, sql: "SELECT count(*) FROM events") }
        XCTAssertEqual(total, 0)
        await pool.close()
        do {
            _ = try await pool.read { _ in 1 }
            XCTFail("a closed pool refuses work")
        } catch let error as SQLiteError {
            XCTAssertTrue(error.message.contains("closed"), "\(error)")
        }
    }

    func testOnlineBackupCopiesASnapshotWhileWritesContinue() async throws {
        let pool = try await makePool()
        try await pool.write { db in
            for n in 0..<500 { try db.execute(sql: "INSERT INTO events (writer, n) VALUES (0, ?)", arguments: [n]) }
        }
        let destination = directory.file("backup.sqlite")
        async let backup: Void = pool.backup(to: destination)
        for n in 0..<100 {
            try await pool.write { db in try db.execute(sql: "INSERT INTO events (writer, n) VALUES (1, ?)", arguments: [n]) }
        }
        try await backup
        let copy = try Connection(path: destination, mode: .readOnly, configuration: {
            var configuration = ConnectionConfiguration()
            configuration.journalMode = nil
            return configuration
        }())
        XCTAssertEqual(try copy.fetchValue(String.self, sql: "PRAGMA integrity_check"), "ok")
        let copied = try XCTUnwrap(copy.fetchValue(Int.self, sql: "SELECT count(*) FROM events"))
        XCTAssertTrue((500...600).contains(copied), "\(copied)")
        XCTAssertEqual(try copy.fetchValue(Int.self, sql: "SELECT count(*) FROM events WHERE writer = 0"), 500)
        do {
            try await pool.backup(to: destination)
            XCTFail("an existing file is never overwritten")
        } catch {
            XCTAssertTrue("\(error)".contains("already exists"), "\(error)")
        }
        await pool.close()
    }
}
