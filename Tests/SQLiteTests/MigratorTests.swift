import SQLite
import XCTest

final class MigratorTests: XCTestCase {
    private let first = Migration("0001-notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);")
    private let second = Migration("0002-note-authors") { db in
        try db.execute(sql: "ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT 'anonymous'")
    }

    func testAppliesEachMigrationOnce() throws {
        let db = try Connection(path: ":memory:")
        let migrator = Migrator([first, second])
        XCTAssertEqual(try migrator.migrate(db), ["0001-notes", "0002-note-authors"])
        XCTAssertEqual(try migrator.migrate(db), [])
        XCTAssertEqual(try migrator.appliedMigrations(db), ["0001-notes", "0002-note-authors"])
    }

    func testOlderDatabaseFileUpgradesAndKeepsItsData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old.sqlite")
        do {
            let db = try Connection(path: path)
            try Migrator([first]).migrate(db)
            try db.execute(sql: "INSERT INTO notes (body) VALUES ('kept')")
        }
        let db = try Connection(path: path)
        XCTAssertEqual(try Migrator([first, second]).migrate(db), ["0002-note-authors"])
        let row = try XCTUnwrap(db.fetchOne(sql: "SELECT body, author FROM notes"))
        XCTAssertEqual(try row.get("body") as String, "kept")
        XCTAssertEqual(try row.get("author") as String, "anonymous")
    }

    func testFailingMigrationLeavesNoTrace() throws {
        let db = try Connection(path: ":memory:")
        let broken = Migration("0002-broken", sql: "CREATE TABLE half (id INTEGER); CREATE TABLE notes (id INTEGER);")
        XCTAssertThrowsError(try Migrator([first, broken]).migrate(db)) { error in
            XCTAssertEqual((error as? MigrationError)?.migration, "0002-broken")
        }
        XCTAssertEqual(try Migrator([first]).appliedMigrations(db), ["0001-notes"])
        XCTAssertNil(try db.fetchOne(sql: "SELECT name FROM sqlite_master WHERE name = 'half'"))
    }

    func testRefusesDuplicateNamesAndUnknownAppliedMigrations() throws {
        let db = try Connection(path: ":memory:")
        XCTAssertThrowsError(try Migrator([first, first]).migrate(db))
        try Migrator([first, second]).migrate(db)
        XCTAssertThrowsError(try Migrator([first]).migrate(db)) { error in
            XCTAssertEqual((error as? MigrationError)?.migration, "0002-note-authors")
        }
    }
}
