import Foundation
import SQLite
import XCTest

final class ValueRoundTripTests: XCTestCase {
    private var db: Connection!

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
    }

    private func roundTrip(_ value: DatabaseValue) throws -> DatabaseValue {
        try db.execute(sql: "DELETE FROM t")
        try db.execute(sql: "INSERT INTO t (id, v) VALUES (1, ?)", arguments: StatementArguments(positional: [value]))
        let row = try XCTUnwrap(db.fetchOne(sql: "SELECT v FROM t WHERE id = 1"))
        return row[0]
    }

    func testStorageClassesRoundTrip() throws {
        let values: [DatabaseValue] = [
            .null, .integer(0), .integer(.max), .integer(.min), .real(-0.5), .real(1e300),
            .text(""), .text("plain"), .text("Привет, мир — 🎬 «кавычки» 日本語"), .text("nul\u{0}inside"),
            .blob([]), .blob([0, 0, 255, 0, 1]), .blob([UInt8](repeating: 7, count: 100_000)),
        ]
        for value in values {
            XCTAssertEqual(try roundTrip(value), value, "round trip of \(value)")
        }
    }

    func testSwiftTypesRoundTrip() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let data = Data([1, 2, 3])
        try db.execute(sql: "CREATE TABLE typed (i, d, s, b, t, blob, n)")
        try db.execute(sql: "INSERT INTO typed VALUES (?, ?, ?, ?, ?, ?, ?)",
                       arguments: [Int64(42), 2.5, "ok", true, date, data, nil])
        let row = try XCTUnwrap(db.fetchOne(sql: "SELECT * FROM typed"))
        XCTAssertEqual(try row.get(0) as Int64, 42)
        XCTAssertEqual(try row.get("d") as Double, 2.5)
        XCTAssertEqual(try row.get("S") as String, "ok", "column names are case-insensitive")
        XCTAssertEqual(try row.get("b") as Bool, true)
        XCTAssertEqual(try row.get("t") as Date, date)
        XCTAssertEqual(try row.get("blob") as Data, data)
        XCTAssertEqual(try row.get("n") as String?, nil)
        XCTAssertEqual(try row.get("i") as Int?, 42)
    }

    func testWrongTypeNamesTheColumn() throws {
        let row = try XCTUnwrap(db.fetchOne(sql: "SELECT 'abc' AS title, 1.5 AS ratio"))
        XCTAssertThrowsError(try row.get("title") as Int64) { error in
            let failure = error as? RowDecodingError
            XCTAssertEqual(failure?.column, "title")
            XCTAssertTrue(failure?.message.contains("TEXT") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try row.get("ratio") as Int64, "1.5 is not an integer")
        XCTAssertThrowsError(try row.get("missing") as Int64)
        XCTAssertThrowsError(try row.get(5) as Int64)
    }

    func testNamedAndPositionalBinding() throws {
        try db.execute(sql: "INSERT INTO t (id, v) VALUES (:id, :value)", arguments: ["id": 7, "value": "seven"])
        XCTAssertEqual(try db.fetchValue(String.self, sql: "SELECT v FROM t WHERE id = $id", arguments: ["id": 7]), "seven")
        XCTAssertEqual(try db.fetchValue(String.self, sql: "SELECT v FROM t WHERE id = ?", arguments: [8]), nil)
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t (id, v) VALUES (?, ?)", arguments: [1])) { error in
            XCTAssertTrue("\(error)".contains("no value for parameter"), "\(error)")
        }
        XCTAssertThrowsError(try db.execute(sql: "SELECT ?", arguments: [1, 2]))
        XCTAssertThrowsError(try db.execute(sql: "SELECT :a", arguments: ["b": 1]))
    }

    func testDecodableRows() throws {
        enum Kind: String, Decodable { case layout, dynamics }
        struct Item: Decodable, Equatable {
            let id: Int64
            let displayName: String
            let kind: Kind
            let dueAt: Date?
            let points: Double
        }
        try db.executeScript("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, display_name TEXT, kind TEXT, due_at REAL, points REAL);
            INSERT INTO items VALUES (1, 'Corners', 'layout', 100.0, 10);
            INSERT INTO items VALUES (2, 'Stacks', 'dynamics', NULL, 5.5);
            """)
        let items = try db.fetchAll(Item.self, sql: "SELECT * FROM items ORDER BY id")
        XCTAssertEqual(items, [
            Item(id: 1, displayName: "Corners", kind: .layout, dueAt: Date(timeIntervalSince1970: 100), points: 10),
            Item(id: 2, displayName: "Stacks", kind: .dynamics, dueAt: nil, points: 5.5),
        ])
        XCTAssertThrowsError(try db.fetchOne(Item.self, sql: "SELECT 1 AS id, 'x' AS display_name, 'other' AS kind, NULL AS due_at, 1 AS points"))
        XCTAssertEqual(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM items"), 2)
    }

    func testCamelCaseKeysFindSnakeCaseColumns() throws {
        struct Links: Decodable, Equatable {
            let videoURL: String
            let urlPath: String
            let HTTPStatus: Int
            let lecture2Title: String
        }
        let row = "SELECT 'v' AS video_url, 'p' AS url_path, 200 AS http_status, 't' AS lecture2_title"
        XCTAssertEqual(try db.fetchOne(Links.self, sql: row), Links(videoURL: "v", urlPath: "p", HTTPStatus: 200, lecture2Title: "t"))
    }

    func testCursorIteratesLazilyAndNestedUseOfTheSameSQLWorks() throws {
        for id in 1...5 { try db.execute(sql: "INSERT INTO t (id, v) VALUES (?, ?)", arguments: [id, id * id]) }
        let sql = "SELECT id, v FROM t WHERE id >= ? ORDER BY id"
        let outer = try db.cursor(sql: sql, arguments: [1])
        var pairs: [[Int]] = []
        while let row = try outer.next() {
            let id: Int = try row.get("id")
            let inner = try db.fetchAll(sql: sql, arguments: [id])
            pairs.append([id, inner.count])
        }
        XCTAssertEqual(pairs, [[1, 5], [2, 4], [3, 3], [4, 2], [5, 1]])
        XCTAssertNil(try outer.next())
    }
}
