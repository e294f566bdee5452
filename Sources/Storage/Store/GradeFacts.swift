import Foundation
import JSON
import SQLite

/// A grade's checks, diagnostics and pictures as rows (`grade_checks`, `grade_diagnostics`,
/// `grade_pictures`), kept in step with the submission's current grade: written with the
/// submission and replaced when a regrade replaces its grade. They are the grade itself (pages and
/// the API read them through ``GradeDetails``) and the class tools' facts (analytics query them and
/// the per-student summaries made from them): one source, not two. The submission row counts each
/// part, so rows that go missing are noticed.
public enum GradeFacts {
    /// Rows written per multi-row `INSERT`.
    static let rowsPerStatement = 50

    /// Replaces the rows of a submission's grade and its counts. Pictures that are nil leave the
    /// grade without pictures. With `summarizing` (the default), the student's summary rows for the
    /// exercise follow.
    public static func record(submissionID: Int64, exerciseID: Int64, userID: Int64, grade: StoredGrade,
                              summarizing: Bool = true, _ db: Connection) throws {
        try write(submissionID: submissionID, exerciseID: exerciseID, userID: userID, checks: grade.checks,
                  diagnostics: grade.diagnostics, pictures: grade.pictures, db)
        if summarizing { try summarize(exerciseID: exerciseID, userID: userID, db) }
    }

    /// Replaces the rows of a submission's grade and its counts; a part that is nil gets no rows and
    /// no count (for checks and diagnostics: unreadable; for pictures: none kept).
    static func write(submissionID: Int64, exerciseID: Int64, userID: Int64, checks: [StoredCheck]?, diagnostics: [String]?,
                      pictures: [StoredPicture]?, _ db: Connection) throws {
        try forget(submissionID: submissionID, db)
        try insert(into: "grade_checks (submission_id, position, exercise_id, user_id, name, passed, points, message)",
                   (checks ?? []).enumerated().map { position, check in
                       [submissionID, position, exerciseID, userID, check.name, check.passed, check.points, check.message]
                   }, db)
        try insert(into: "grade_diagnostics (submission_id, position, exercise_id, user_id, code, text)",
                   (diagnostics ?? []).enumerated().map { position, text in
                       [submissionID, position, exerciseID, userID, DiagnosticCode.classify(text), text]
                   }, db)
        try insert(into: "grade_pictures (submission_id, position, name, title, svg)",
                   (pictures ?? []).enumerated().map { position, picture in
                       [submissionID, position, picture.name, picture.title, picture.svg]
                   }, db)
        try db.execute(sql: "UPDATE submissions SET check_count = ?, diagnostic_count = ?, picture_count = ? WHERE id = ?",
                       arguments: [checks?.count, diagnostics?.count, pictures?.count, submissionID])
    }

    /// Inserts `rows` (each the same number of values) into `target`, a few dozen rows per statement.
    private static func insert(into target: String, _ rows: [[any DatabaseValueConvertible]], _ db: Connection) throws {
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + rowsPerStatement, rows.count)]
            let placeholders = "(" + Array(repeating: "?", count: chunk[start].count).joined(separator: ", ") + ")"
            try db.execute(sql: "INSERT INTO \(target) VALUES " + Array(repeating: placeholders, count: chunk.count).joined(separator: ", "),
                           arguments: StatementArguments(values: chunk.flatMap { $0 }))
            start += chunk.count
        }
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
        try db.execute(sql: "DELETE FROM grade_pictures WHERE submission_id = ?", arguments: [submissionID])
    }

    /// Recomputes every student's summary rows from all grades' rows (after a backfill).
    static func summarizeAll(_ db: Connection) throws {
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
