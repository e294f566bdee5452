import JSON
import SQLite

/// The backfill of migration 0016, as it shipped: rows for the checks (without messages, at most
/// 500) and diagnostics (at most 200, each cut to an example's length) of every grade that had
/// none, parsed from the JSON columns of that schema, then the summaries. Kept apart from
/// ``GradeFacts``, which writes today's schema, so that an old database migrates as it always did;
/// migration 0020 then rewrites every grade's rows in full.
enum GradeFactsBackfill0016 {
    private static let maxChecks = 500
    private static let maxDiagnostics = 200

    static func run(_ db: Connection) throws {
        let cursor = try db.cursor(sql: """
            SELECT id, exercise_id, user_id, checks_json, diagnostics_json FROM submissions
            WHERE id NOT IN (SELECT submission_id FROM grade_checks) ORDER BY id
            """)
        var pending: [(Int64, Int64, Int64, String, String)] = []
        while let row = try cursor.next() {
            pending.append((try row.get(0), try row.get(1), try row.get(2), try row.get(3), try row.get(4)))
        }
        cursor.finish()
        let limits = JSONLimits(maxBytes: 16 << 20)
        for (submissionID, exerciseID, userID, checksJSON, diagnosticsJSON) in pending {
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
        }
        try GradeFacts.summarizeAll(db)
    }
}
