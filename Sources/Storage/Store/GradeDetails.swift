import SQLite

/// What a stored grade says beyond its score: its checks, diagnostics and pictures, read as typed
/// rows (`grade_checks`, `grade_diagnostics`, `grade_pictures`). The submission row counts each,
/// so a grade whose rows went missing or hold a value of the wrong type is an ``UnreadableGrade``,
/// never a grade with fewer checks.
public struct GradeDetails: Sendable, Equatable {
    /// Every check, in the grade's order.
    public var checks: [StoredCheck]
    /// Every diagnostic, in the grade's order.
    public var diagnostics: [StoredDiagnostic]
    /// The pictures drawn with the grade; nil when none were kept for it (graded before pictures
    /// were stored, or not read).
    public var pictures: [StoredPicture]?

    public init(checks: [StoredCheck], diagnostics: [StoredDiagnostic], pictures: [StoredPicture]?) {
        self.checks = checks
        self.diagnostics = diagnostics
        self.pictures = pictures
    }

    /// The details of a submission's current grade, with its pictures when `pictures` is true.
    /// - Throws: ``UnreadableGrade`` when they cannot be read; `SQLiteError` when the database fails.
    public static func find(submissionID: Int64, pictures: Bool = true, _ db: Connection) throws -> GradeDetails {
        guard let found = try all(submissionIDs: [submissionID], pictures: pictures, db)[submissionID] else {
            throw UnreadableGrade(submissionID: submissionID, reason: "no such submission")
        }
        return try found.get()
    }

    /// Submissions read per batch of statements (well under SQLite's limit on bound parameters).
    public static let batchSize = 500

    /// The details of several submissions' grades by submission id (without pictures unless asked), in
    /// four statements per ``batchSize`` submissions; each is read on its own, so one unreadable grade
    /// does not hide the others.
    public static func all(submissionIDs: [Int64], pictures: Bool = false,
                           _ db: Connection) throws -> [Int64: Result<GradeDetails, UnreadableGrade>] {
        let ids = Array(Set(submissionIDs)).sorted()
        var result: [Int64: Result<GradeDetails, UnreadableGrade>] = [:]
        var start = 0
        while start < ids.count {
            let chunk = Array(ids[start..<min(start + batchSize, ids.count)])
            result.merge(try batch(chunk, pictures: pictures, db)) { first, _ in first }
            start += chunk.count
        }
        return result
    }

    /// ``all(submissionIDs:pictures:_:)`` for at most ``batchSize`` distinct, sorted ids.
    private static func batch(_ ids: [Int64], pictures: Bool,
                              _ db: Connection) throws -> [Int64: Result<GradeDetails, UnreadableGrade>] {
        let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let arguments = StatementArguments(positional: ids.map(\.databaseValue))
        var counts: [Int64: (checks: Int?, diagnostics: Int?, pictures: Int?)] = [:]
        for row in try db.fetchAll(sql: """
            SELECT id, check_count, diagnostic_count, picture_count FROM submissions WHERE id IN (\(list))
            """, arguments: arguments) {
            counts[try row.get(0, as: Int64.self)] = (try row.get(1, as: Int?.self), try row.get(2, as: Int?.self),
                                                      try row.get(3, as: Int?.self))
        }
        var problems: [Int64: String] = [:]
        func rows<T>(_ table: String, _ columns: String, _ decode: (Row, Int) throws(RowDecodingError) -> T) throws -> [Int64: [T]] {
            var found: [Int64: [T]] = [:]
            for row in try db.fetchAll(sql: """
                SELECT submission_id, \(columns) FROM \(table) WHERE submission_id IN (\(list)) ORDER BY submission_id, position
                """, arguments: arguments) {
                let id: Int64 = try row.get(0)
                do throws(RowDecodingError) {
                    found[id, default: []].append(try decode(row, 1))
                } catch {
                    problems[id] = problems[id] ?? "\(table): \(error)"
                }
            }
            return found
        }
        let checks = try rows("grade_checks", StoredCheck.columns, StoredCheck.init(row:offset:))
        let diagnostics = try rows("grade_diagnostics", StoredDiagnostic.columns, StoredDiagnostic.init(row:offset:))
        let drawn = pictures ? try rows("grade_pictures", StoredPicture.columns, StoredPicture.init(row:offset:)) : [:]
        var result: [Int64: Result<GradeDetails, UnreadableGrade>] = [:]
        for id in ids {
            guard let count = counts[id] else { continue }
            let details = GradeDetails(checks: checks[id] ?? [], diagnostics: diagnostics[id] ?? [],
                                       pictures: pictures ? count.pictures.map { _ in drawn[id] ?? [] } : nil)
            let problem = problems[id]
                ?? mismatch("checks", stored: count.checks, read: details.checks.count)
                ?? mismatch("diagnostics", stored: count.diagnostics, read: details.diagnostics.count)
                ?? (pictures ? count.pictures.flatMap { mismatch("pictures", stored: $0, read: details.pictures?.count ?? 0) } : nil)
            result[id] = problem.map { .failure(UnreadableGrade(submissionID: id, reason: $0)) } ?? .success(details)
        }
        return result
    }

    /// Why `read` rows of a grade's `part` do not match the `stored` count, or nil when they do.
    private static func mismatch(_ part: String, stored: Int?, read: Int) -> String? {
        guard let stored else { return "its \(part) were not converted when grades became typed rows" }
        return stored == read ? nil : "\(read) of its \(stored) \(part) are stored"
    }
}
