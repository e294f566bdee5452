import Foundation
import SQLite
import Store
import XCTest

/// Grades as rows: written with each grade, replaced by a regrade, backfilled by the migration;
/// diagnostics grouped under codes.
final class GradeFactsTests: XCTestCase {
    private let checks = #"[{"name":"portrait","passed":true,"points":50,"message":"ok"},{"name":"landscape","passed":false,"points":0,"message":"no"}]"#
    private let diagnostics = #"["In landscape: thing2 needs constraints for X position","line 3: magic number 64 in 'H:|-64-[a]': use standard spacing"]"#

    private let typedChecks = [StoredCheck(name: "portrait", passed: true, points: 50, message: "ok"),
                               StoredCheck(name: "landscape", passed: false, points: 0, message: "no")]
    private let typedDiagnostics = ["In landscape: thing2 needs constraints for X position",
                                    "line 3: magic number 64 in 'H:|-64-[a]': use standard spacing"]

    private func seed(_ db: Connection) throws -> (user: Int64, exercise: Int64) {
        try db.execute(sql: "INSERT INTO courses (slug, title, created_at) VALUES ('c', 'c', 0)")
        try db.execute(sql: "INSERT INTO users (username, display_name, created_at) VALUES ('ann', 'Ann', 0)")
        try db.execute(sql: """
            INSERT INTO exercises (course_id, slug, title, kind, version, points, definition_json, updated_at)
            VALUES (1, 'e', 'E', 'layout', 'v1', 100, '{}', 0)
            """)
        return (1, 1)
    }

    func testTheMigrationBackfillsExistingGrades() throws {
        let db = try Connection(path: ":memory:")
        try Migrator(Array(Schema.migrations.prefix { $0.name < "0016" })).migrate(db)
        _ = try seed(db)
        try db.execute(sql: """
            INSERT INTO submissions (user_id, exercise_id, attempt, text, normalized_hash, exercise_version, grader_version, score,
                max_score, checks_json, diagnostics_json, created_at) VALUES (1, 1, 1, 't', 'h', 'v1', 'g', 50, 100, ?, ?, 0)
            """, arguments: [checks, diagnostics])
        XCTAssertTrue(try Schema.migrate(db).contains("0016-grade-facts"))
        let rows = try db.fetchAll(sql: "SELECT name, passed FROM grade_checks ORDER BY position")
        XCTAssertEqual(try rows.map { try $0.get(0, as: String.self) }, ["portrait", "landscape"])
        XCTAssertEqual(try rows.map { try $0.get(1, as: Int.self) }, [1, 0])
        let codes = try AnalyticsQueries.diagnostics(exerciseID: 1, courseID: 1, db)
        XCTAssertTrue(codes.isEmpty, "ann is not enrolled as a student")
        try db.execute(sql: "INSERT INTO enrollments (user_id, course_id, role, created_at) VALUES (1, 1, 'student', 0)")
        XCTAssertEqual(try AnalyticsQueries.diagnostics(exerciseID: 1, courseID: 1, db).map(\.code),
                       ["ambiguous in landscape", "magic number 64"])
    }

    func testRowsFollowTheGradeThroughARegrade() throws {
        let db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        let (user, exercise) = try seed(db)
        let grade = StoredGrade(exerciseVersion: "v1", graderVersion: "g", score: 50, maxScore: 100, checks: typedChecks,
                                diagnostics: typedDiagnostics)
        let stored = try SubmissionRecord.insert(userID: user, exerciseID: exercise, text: "t", normalizedHash: "h", grade: grade,
                                                 latePenalty: 0, db)
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM grade_checks WHERE passed = 1"), 1)
        let regraded = StoredGrade(exerciseVersion: "v2", graderVersion: "g", score: 100, maxScore: 100,
                                   checks: typedChecks.map { StoredCheck(name: $0.name, passed: true, points: $0.points, message: $0.message) },
                                   diagnostics: [])
        try SubmissionRecord.replaceGrade(submissionID: stored.id, with: regraded, regradeRunID: nil, db)
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM grade_checks WHERE passed = 1"), 2)
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM grade_diagnostics"), 0)
    }

    func testPerStudentTalliesMatchCountingEveryAttemptThroughInsertsAndRegrades() throws {
        let db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        _ = try seed(db)
        var state: UInt64 = 0x5EED
        func next(_ bound: UInt64) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % bound)
        }
        for user in 2...5 {
            try db.execute(sql: "INSERT INTO users (username, display_name, created_at) VALUES (?, 'S', 0)", arguments: ["s\(user)"])
            try db.execute(sql: "INSERT INTO enrollments (user_id, course_id, role, created_at) VALUES (?, 1, 'student', 0)", arguments: [user])
        }
        func grade() -> StoredGrade {
            let checks = ["portrait", "landscape", "no magic numbers"].map { name in
                StoredCheck(name: name, passed: next(2) == 0, points: 1, message: "")
            }
            let codes = ["In portrait: a needs constraints for X position", "line 1: magic number 7 in 'x'", "3:1: unknown view"]
            let diagnostics = codes.filter { _ in next(2) == 0 }
            return StoredGrade(exerciseVersion: "v", graderVersion: "g", score: Double(1 + next(3)), maxScore: 3,
                               checks: checks, diagnostics: diagnostics)
        }
        var ids: [Int64] = []
        for _ in 0..<40 {
            if !ids.isEmpty, next(3) == 0 {
                try SubmissionRecord.replaceGrade(submissionID: ids[next(UInt64(ids.count))], with: grade(), regradeRunID: nil, db)
            } else {
                ids.append(try SubmissionRecord.insert(userID: Int64(2 + next(4)), exerciseID: 1, text: "t", normalizedHash: "h",
                                                       grade: grade(), latePenalty: 0, db).id)
            }
        }
        let direct = try db.fetchAll(sql: """
            SELECT name, count(DISTINCT user_id), count(DISTINCT CASE WHEN passed = 1 THEN user_id END) FROM grade_checks
            WHERE exercise_id = 1 GROUP BY name ORDER BY name
            """).map { "\(try $0.get(0, as: String.self)) \(try $0.get(1, as: Int.self)) \(try $0.get(2, as: Int.self))" }
        let tallied = try AnalyticsQueries.checks(exerciseID: 1, courseID: 1, db).sorted { $0.name < $1.name }
            .map { "\($0.name) \($0.students) \($0.passed)" }
        XCTAssertEqual(tallied, direct)
        let directCodes = try db.fetchAll(sql: """
            SELECT code, count(DISTINCT user_id) FROM grade_diagnostics WHERE exercise_id = 1 GROUP BY code ORDER BY code
            """).map { "\(try $0.get(0, as: String.self)) \(try $0.get(1, as: Int.self))" }
        let talliedCodes = try AnalyticsQueries.diagnostics(exerciseID: 1, courseID: 1, db).sorted { $0.code < $1.code }
            .map { "\($0.code) \($0.students)" }
        XCTAssertEqual(talliedCodes, directCodes)
        let directScores = try db.fetchAll(sql: """
            SELECT user_id, count(*), max(score * (1 - late_penalty)),
                min(CASE WHEN max_score > 0 AND score >= max_score THEN attempt END) FROM submissions GROUP BY user_id ORDER BY user_id
            """).map { "\(try $0.get(0, as: Int64.self)) \(try $0.get(1, as: Int.self)) \(try $0.get(2, as: Double.self)) \(try $0.get(3, as: Int?.self) ?? 0)" }
        let summarized = try AnalyticsQueries.studentScores(exerciseID: 1, courseID: 1, db)
            .map { "\($0.userID) \($0.attempts) \($0.bestCounted) \($0.firstFullAttempt ?? 0)" }
        XCTAssertEqual(summarized, directScores)
    }

    func testDiagnosticCodesNameTheKindAndTheScenarioOrNumber() {
        XCTAssertEqual(DiagnosticCode.classify("In portrait:\nUnable to simultaneously satisfy constraints."), "conflict in portrait")
        XCTAssertEqual(DiagnosticCode.classify("In 3.5-inch portrait: thing1 needs constraints for Y position"), "ambiguous in 3.5-inch portrait")
        XCTAssertEqual(DiagnosticCode.classify("line 6:5: magic number 20 in 'x'"), "magic number 20")
        XCTAssertEqual(DiagnosticCode.classify("line 2: 'width == 80' fixes the width of label 'a', which has an intrinsic content size (1x1): it will be"), "pinned size")
        XCTAssertEqual(DiagnosticCode.classify("3:1: unknown view 'thing3'"), "unreadable")
        XCTAssertEqual(DiagnosticCode.classify("$.children[0].magnitude: expected a number"), "unreadable")
        XCTAssertEqual(DiagnosticCode.classify("12:3: not graded: a gesture recognizer"), "not graded")
        XCTAssertEqual(DiagnosticCode.classify("something new"), "other")
    }
}
