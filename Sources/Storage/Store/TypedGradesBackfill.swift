import SQLite

/// Migration 0020's conversion of the grades stored as JSON text into typed rows: every
/// submission's checks, diagnostics and pictures are read strictly and written through
/// ``GradeFacts``; a part that cannot be read is left without rows and without a count, so it reads
/// as unreadable instead of empty. Then every student's summaries are recomputed.
enum TypedGradesBackfill {
    /// Submissions converted per query.
    private static let batchSize = 500

    static func run(_ db: Connection) throws {
        var last: Int64 = 0
        while true {
            let rows = try db.fetchAll(sql: """
                SELECT s.id, s.exercise_id, s.user_id, s.checks_json, s.diagnostics_json, p.pictures_json
                FROM submissions s LEFT JOIN submission_pictures p ON p.submission_id = s.id
                WHERE s.id > ? ORDER BY s.id LIMIT ?
                """, arguments: [last, batchSize])
            guard let final = rows.last else { break }
            for row in rows {
                let checks = try? GradeJSON.checks(row.get(3, as: String.self))
                let diagnostics = try? GradeJSON.diagnostics(row.get(4, as: String.self))
                let pictures = try row.get(5, as: String?.self).flatMap { json in try? GradeJSON.pictures(json) }
                try GradeFacts.write(submissionID: try row.get(0), exerciseID: try row.get(1), userID: try row.get(2),
                                     checks: checks, diagnostics: diagnostics, pictures: pictures, db)
            }
            last = try final.get(0)
        }
        try GradeFacts.summarizeAll(db)
    }
}
