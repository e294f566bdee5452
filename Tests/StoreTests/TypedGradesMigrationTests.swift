import Foundation
import SQLite
import Store
import XCTest

/// Migration 0020 on a database made by the schema before it: every stored grade's JSON becomes
/// typed rows, whole (messages, long diagnostics, pictures); what cannot be read stays unreadable
/// instead of becoming an empty grade; the JSON columns and the pictures table are gone.
final class TypedGradesMigrationTests: XCTestCase {
    private let longDiagnostic = "In portrait: " + String(repeating: "thing1 is ambiguous; ", count: 200)

    private func oldDatabase() throws -> Connection {
        let db = try Connection(path: ":memory:")
        try Migrator(Array(Schema.migrations.prefix { $0.name < "0020" })).migrate(db)
        try db.execute(sql: "INSERT INTO courses (slug, title, created_at) VALUES ('c', 'c', 0)")
        try db.execute(sql: "INSERT INTO users (username, display_name, created_at) VALUES ('ann', 'Ann', 0)")
        try db.execute(sql: """
            INSERT INTO exercises (course_id, slug, title, kind, version, points, definition_json, updated_at)
            VALUES (1, 'e', 'E', 'layout', 'v1', 100, '{}', 0)
            """)
        let grades: [(String, String)] = [
            (#"[{"name":"portrait","passed":true,"points":50,"message":"Fits.\nWell done"},{"name":"landscape","passed":false,"points":0,"message":"thing1 is 8 pt too low"}]"#,
             "[\"line 3: magic number 64 in 'H:|-64-[a]'\",\"\(longDiagnostic)\"]"),
            ("[{\"name\":\"portrait\",\"passed\":tru", #"["3:1: unknown view"]"#),
            (#"[{"name":"style","passed":false,"points":-10,"message":"Magic number"}]"#, "[]"),
        ]
        for (attempt, (checks, diagnostics)) in grades.enumerated() {
            try db.execute(sql: """
                INSERT INTO submissions (user_id, exercise_id, attempt, text, normalized_hash, exercise_version, grader_version, score,
                    max_score, checks_json, diagnostics_json, created_at) VALUES (1, 1, ?, 't', 'h', 'v1', 'g', 50, 100, ?, ?, 0)
                """, arguments: [attempt + 1, checks, diagnostics])
        }
        try db.execute(sql: "INSERT INTO submission_pictures (submission_id, grader_version, pictures_json) VALUES (1, 'g', ?)",
                       arguments: [#"[{"name":"portrait.svg","title":"Portrait","svg":"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"}]"#])
        try db.execute(sql: "INSERT INTO submission_pictures (submission_id, grader_version, pictures_json) VALUES (3, 'g', '{broken')")
        return db
    }

    func testStoredGradesBecomeTypedRowsWhole() throws {
        let db = try oldDatabase()
        XCTAssertEqual(try Schema.migrate(db), ["0020-typed-grades"])

        let first = try GradeDetails.find(submissionID: 1, db)
        XCTAssertEqual(first.checks, [StoredCheck(name: "portrait", passed: true, points: 50, message: "Fits.\nWell done"),
                                      StoredCheck(name: "landscape", passed: false, points: 0, message: "thing1 is 8 pt too low")])
        XCTAssertEqual(first.diagnostics.map(\.text), ["line 3: magic number 64 in 'H:|-64-[a]'", longDiagnostic],
                       "every diagnostic, whole")
        XCTAssertEqual(first.diagnostics.map(\.code), ["magic number 64", DiagnosticCode.classify(longDiagnostic)])
        XCTAssertEqual(first.pictures, [StoredPicture(name: "portrait.svg", title: "Portrait", svg: #"<svg xmlns="http://www.w3.org/2000/svg"/>"#)])

        XCTAssertThrowsError(try GradeDetails.find(submissionID: 2, db), "a grade whose checks could not be read stays unreadable") { error in
            let unreadable = error as? UnreadableGrade
            XCTAssertEqual(unreadable?.submissionID, 2)
            XCTAssertTrue(unreadable?.reason.contains("checks") ?? false, "\(error)")
        }
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM grade_diagnostics WHERE submission_id = 2"), 1,
                       "what could be read still counts for the class tools")

        let third = try GradeDetails.find(submissionID: 3, db)
        XCTAssertEqual(third.checks.map(\.points), [-10])
        XCTAssertNil(third.pictures, "unreadable pictures count as none kept")

        let batch = try GradeDetails.all(submissionIDs: [3, 1, 2, 1], db)
        XCTAssertEqual(batch.keys.sorted(), [1, 2, 3])
        XCTAssertEqual(try batch[1]?.get().checks, first.checks)
        XCTAssertNil(try batch[1]?.get().pictures, "pictures only when asked")

        XCTAssertThrowsError(try db.execute(sql: "SELECT checks_json FROM submissions"), "one source: the JSON columns are gone")
        XCTAssertThrowsError(try db.execute(sql: "SELECT diagnostics_json FROM submissions"))
        XCTAssertThrowsError(try db.execute(sql: "SELECT 1 FROM submission_pictures"))
        XCTAssertEqual(try db.fetchAll(sql: "SELECT name, passed FROM grade_check_students ORDER BY position, name")
                        .map { "\(try $0.get(0, as: String.self)) \(try $0.get(1, as: Int.self))" },
                       ["portrait 1", "style 0", "landscape 0"])
    }

    func testARegradeArchivesTheGradeItReplacesAndWritesRowsAfresh() throws {
        let db = try oldDatabase()
        try Schema.migrate(db)
        let new = StoredGrade(exerciseVersion: "v2", graderVersion: "g2", score: 100, maxScore: 100,
                              checks: [StoredCheck(name: "portrait", passed: true, points: 100, message: "")], diagnostics: [],
                              pictures: [])
        for id: Int64 in [1, 2] {
            try SubmissionRecord.replaceGrade(submissionID: id, with: new, regradeRunID: nil, db)
            let details = try GradeDetails.find(submissionID: id, db)
            XCTAssertEqual(details.checks, new.checks)
            XCTAssertEqual(details.pictures, [])
        }
        let archived = try db.fetchAll(sql: "SELECT checks_json FROM grade_history ORDER BY submission_id").map { try $0.get(0, as: String.self) }
        XCTAssertEqual(archived.first,
                       #"[{"name":"portrait","passed":true,"points":50,"message":"Fits.\nWell done"},{"name":"landscape","passed":false,"points":0,"message":"thing1 is 8 pt too low"}]"#)
        XCTAssertTrue(archived.last?.contains("could not be read") ?? false, "the archive says the old grade was unreadable: \(archived)")
    }
}
