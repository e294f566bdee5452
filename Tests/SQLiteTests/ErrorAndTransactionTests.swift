import CSQLite
import SQLite
import XCTest

final class ErrorAndTransactionTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
    }

    private func count() throws -> Int {
        try XCTUnwrap(db.fetchValue(Int.self, sql: "SELECT count(*) FROM t"))
    }

    func testMalformedSQLSurfacesCodeMessageAndSQL() {
        XCTAssertThrowsError(try db.execute(sql: "SELEC name FROM t")) { error in
            guard let failure = error as? SQLiteError else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.code, SQLITE_ERROR)
            XCTAssertTrue(failure.message.contains("syntax error"), failure.message)
            XCTAssertEqual(failure.sql, "SELEC name FROM t")
            XCTAssertTrue(failure.description.contains("SELEC name FROM t"), failure.description)
        }
        XCTAssertThrowsError(try db.fetchAll(sql: "SELECT nope FROM t")) { error in
            XCTAssertTrue((error as? SQLiteError)?.message.contains("no such column: nope") ?? false, "\(error)")
        }
    }

    func testConstraintViolationHasExtendedCode() throws {
        try db.execute(sql: "INSERT INTO t (name) VALUES ('a')")
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t (name) VALUES ('a')")) { error in
            let failure = error as? SQLiteError
            XCTAssertEqual(failure?.isConstraintViolation, true)
            XCTAssertEqual(failure?.extendedCode, SQLITE_CONSTRAINT | (8 << 8), "SQLITE_CONSTRAINT_UNIQUE")
        }
    }

    func testExecuteRefusesSeveralStatementsAndScriptNamesTheFailingOne() throws {
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t (name) VALUES ('a'); DELETE FROM t"))
        XCTAssertEqual(try count(), 0)
        try db.execute(sql: "INSERT INTO t (name) VALUES ('trailing comment') -- fine\n")
        XCTAssertThrowsError(try db.executeScript("INSERT INTO t (name) VALUES ('b');\nINSERT INTO t (name) VALUES (NULL);")) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "INSERT INTO t (name) VALUES (NULL);")
        }
    }

    func testTransactionRollsBackOnError() throws {
        struct Abort: Error {}
        XCTAssertThrowsError(try db.transaction { db in
            try db.execute(sql: "INSERT INTO t (name) VALUES ('x')")
            throw Abort()
        }) { XCTAssertTrue($0 is Abort) }
        XCTAssertEqual(try count(), 0)
        XCTAssertFalse(db.isInTransaction)

        XCTAssertThrowsError(try db.transaction { db in
            try db.execute(sql: "INSERT INTO t (name) VALUES ('y')")
            try db.execute(sql: "INSERT INTO t (name) VALUES ('y')")
        })
        XCTAssertEqual(try count(), 0, "the first insert is rolled back with the failing second one")

        let value = try db.transaction { db in
            try db.execute(sql: "INSERT INTO t (name) VALUES ('z')")
            return db.lastInsertedRowID
        }
        XCTAssertEqual(value, 1)
        XCTAssertEqual(try count(), 1)
    }

    func testNestedTransactionUsesSavepoint() throws {
        struct Abort: Error {}
        try db.transaction { db in
            try db.execute(sql: "INSERT INTO t (name) VALUES ('outer')")
            XCTAssertThrowsError(try db.transaction { db in
                try db.execute(sql: "INSERT INTO t (name) VALUES ('inner')")
                throw Abort()
            })
            try db.transaction { db in try db.execute(sql: "INSERT INTO t (name) VALUES ('kept')") }
        }
        let names = try db.fetchAll(sql: "SELECT name FROM t ORDER BY id").map { try $0.get(0) as String }
        XCTAssertEqual(names, ["outer", "kept"])
    }
}
