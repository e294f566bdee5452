import Foundation
import JSON
import SQLite

/// A grade's checks and diagnostics as rows (`grade_checks`, `grade_diagnostics`), kept in step
/// with the submission's current grade: written when a submission is stored and replaced when a
/// regrade replaces its grade. Analytics query these rows instead of parsing JSON text.
public enum GradeFacts {
    /// Most diagnostics stored per grade (the rest are only in the grade's JSON).
    public static let maxDiagnostics = 200
    /// Most checks stored per grade.
    public static let maxChecks = 500

    /// Replaces the rows of a submission's grade.
    /// With `summarizing` (the default), the student's summary rows for the exercise follow.
    public static func record(submissionID: Int64, exerciseID: Int64, userID: Int64, checksJSON: String,
                              diagnosticsJSON: String, summarizing: Bool = true, _ db: Connection) throws {
        try forget(submissionID: submissionID, db)
        let limits = JSONLimits(maxBytes: 16 << 20)
        let checks = (try? JSONParser.parse(checksJSON, limits: limits))?.arrayValue ?? []
        for (position, check) in checks.prefix(maxChecks).enumerated() {
            try db.execute(sql: """
                INSERT INTO grade_checks (submission_id, position, exercise_id, user_id, name, passed, points)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [submissionID, position, exerciseID, userID, check["name"]?.stringValue ?? "",
                                 (check["passed"]?.boolValue ?? false) ? 1 : 0, check["points"]?.doubleValue ?? 0])
        }
        let diagnostics = (try? JSONParser.parse(diagnosticsJSON, limits: limits))?.arrayValue ?? []
        for (position, diagnostic) in diagnostics.compactMap(\.stringValue).prefix(maxDiagnostics).enumerated() {
            try db.execute(sql: """
                INSERT INTO grade_diagnostics (submission_id, position, exercise_id, user_id, code, text) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [submissionID, position, exerciseID, userID, DiagnosticCode.classify(diagnostic),
                                 String(diagnostic.prefix(DiagnosticCode.maxExampleLength))])
        }
        if summarizing { try summarize(exerciseID: exerciseID, userID: userID, db) }
    }

    /// Recomputes a student's per-exercise summary rows from their grades' rows.
    static func summarize(exerciseID: Int64, userID: Int64, _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM grade_check_students WHERE exercise_id = ? AND user_id = ?", arguments: [exerciseID, userID])
        try db.execute(sql: """
            INSERT INTO grade_check_students (exercise_id, user_id, name, position, passed)
            SELECT ?1, ?2, name, min(position), max(passed) FROM grade_checks WHERE exercise_id = ?1 AND user_id = ?2 GROUP BY name
            """, arguments: [exerciseID, userID])
        try db.execute(sql: "DELETE FROM grade_diagnostic_students WHERE exercise_id = ? AND user_id = ?", arguments: [exerciseID, userID])
        try db.execute(sql: """
            INSERT INTO grade_diagnostic_students (exercise_id, user_id, code, first_submission_id)
            SELECT ?1, ?2, code, min(submission_id) FROM grade_diagnostics WHERE exercise_id = ?1 AND user_id = ?2 GROUP BY code
            """, arguments: [exerciseID, userID])
        try summarizeScores(exerciseID: exerciseID, userID: userID, db)
    }

    /// Recomputes a student's attempts, best and last counted score and first full score at an exercise.
    static func summarizeScores(exerciseID: Int64, userID: Int64, _ db: Connection) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO grade_student_scores
                (exercise_id, user_id, attempts, best_counted, last_counted, first_at, first_full_attempt, first_full_at)
            SELECT ?1, ?2, count(*), max(score * (1 - late_penalty)),
                (SELECT score * (1 - late_penalty) FROM submissions WHERE exercise_id = ?1 AND user_id = ?2 ORDER BY attempt DESC LIMIT 1),
                (SELECT created_at FROM submissions WHERE exercise_id = ?1 AND user_id = ?2 ORDER BY attempt LIMIT 1),
                (SELECT attempt FROM submissions WHERE exercise_id = ?1 AND user_id = ?2 AND max_score > 0 AND score >= max_score
                 ORDER BY attempt LIMIT 1),
                (SELECT created_at FROM submissions WHERE exercise_id = ?1 AND user_id = ?2 AND max_score > 0 AND score >= max_score
                 ORDER BY attempt LIMIT 1)
            FROM submissions WHERE exercise_id = ?1 AND user_id = ?2 HAVING count(*) > 0
            """, arguments: [exerciseID, userID])
    }

    /// Drops the rows of a submission's grade.
    public static func forget(submissionID: Int64, _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM grade_checks WHERE submission_id = ?", arguments: [submissionID])
        try db.execute(sql: "DELETE FROM grade_diagnostics WHERE submission_id = ?", arguments: [submissionID])
    }

    /// Writes the rows of every stored grade that has none (the migration that made the tables).
    static func backfill(_ db: Connection) throws {
        let cursor = try db.cursor(sql: """
            SELECT id, exercise_id, user_id, checks_json, diagnostics_json FROM submissions
            WHERE id NOT IN (SELECT submission_id FROM grade_checks) ORDER BY id
            """)
        var pending: [(Int64, Int64, Int64, String, String)] = []
        while let row = try cursor.next() {
            pending.append((try row.get(0), try row.get(1), try row.get(2), try row.get(3), try row.get(4)))
        }
        cursor.finish()
        for (id, exerciseID, userID, checks, diagnostics) in pending {
            try record(submissionID: id, exerciseID: exerciseID, userID: userID, checksJSON: checks, diagnosticsJSON: diagnostics,
                       summarizing: false, db)
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO grade_check_students (exercise_id, user_id, name, position, passed)
            SELECT exercise_id, user_id, name, min(position), max(passed) FROM grade_checks GROUP BY exercise_id, user_id, name
            """)
        try db.execute(sql: """
            INSERT OR REPLACE INTO grade_diagnostic_students (exercise_id, user_id, code, first_submission_id)
            SELECT exercise_id, user_id, code, min(submission_id) FROM grade_diagnostics GROUP BY exercise_id, user_id, code
            """)
        let pairs = try db.fetchAll(sql: "SELECT DISTINCT exercise_id, user_id FROM submissions ORDER BY exercise_id, user_id")
            .map { (try $0.get(0, as: Int64.self), try $0.get(1, as: Int64.self)) }
        for (exerciseID, userID) in pairs { try summarizeScores(exerciseID: exerciseID, userID: userID, db) }
    }
}
