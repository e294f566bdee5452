import Foundation
import SQLite

/// Where a regrade run is.
public enum RegradeStatus: String, Sendable, Codable, CaseIterable {
    /// Re-grading every submission; nothing counted changes.
    case dryRun = "dry-run"
    /// The dry run is complete: before and after can be compared.
    case ready
    /// Being applied in the background.
    case applying
    /// Applied: the new grades count, the old ones are in the history.
    case applied
    /// Thrown away.
    case discarded
    case failed
}

/// A regrade of every submission to one exercise against a (new) exercise version.
public struct RegradeRun: Sendable, Equatable, Codable {
    public var id: Int64
    public var exerciseID: Int64
    public var exerciseVersion: String
    public var graderVersion: String
    public var status: RegradeStatus
    public var total: Int
    public var done: Int
    public var error: String?
    public var createdBy: Int64?
    public var createdAt: Date
    public var finishedAt: Date?

    private static let columns = """
        id, exercise_id, exercise_version, grader_version, status, total, done, error, created_by, created_at, finished_at
        """

    /// The run with this id, or nil.
    public static func find(id: Int64, _ db: Connection) throws -> RegradeRun? {
        try db.fetchOne(RegradeRun.self, sql: "SELECT \(columns) FROM regrade_runs WHERE id = ?", arguments: [id])
    }

    /// The runs of an exercise, newest first.
    public static func all(exerciseID: Int64, _ db: Connection) throws -> [RegradeRun] {
        try db.fetchAll(RegradeRun.self, sql: "SELECT \(columns) FROM regrade_runs WHERE exercise_id = ? ORDER BY id DESC",
                        arguments: [exerciseID])
    }

    /// Starts a dry run over `total` submissions.
    public static func start(exerciseID: Int64, exerciseVersion: String, graderVersion: String, total: Int,
                             createdBy: Int64?, at date: Date = Date(), _ db: Connection) throws -> RegradeRun {
        try db.execute(sql: """
            INSERT INTO regrade_runs (exercise_id, exercise_version, grader_version, status, total, created_by, created_at)
            VALUES (?, ?, ?, 'dry-run', ?, ?, ?)
            """, arguments: [exerciseID, exerciseVersion, graderVersion, total, createdBy, date])
        return RegradeRun(id: db.lastInsertedRowID, exerciseID: exerciseID, exerciseVersion: exerciseVersion,
                          graderVersion: graderVersion, status: .dryRun, total: total, done: 0, error: nil,
                          createdBy: createdBy, createdAt: date, finishedAt: nil)
    }

    /// Stores dry-run results and advances the progress count.
    public static func addResults(runID: Int64, _ results: [RegradeResult], _ db: Connection) throws {
        for result in results {
            try db.execute(sql: """
                INSERT INTO regrade_results (run_id, submission_id, score, max_score, checks_json, diagnostics_json, pictures_json)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [runID, result.submissionID, result.score, result.maxScore, GradeJSON.encode(result.checks),
                                 GradeJSON.encode(result.diagnostics), result.pictures.map(GradeJSON.encode)])
        }
        try db.execute(sql: "UPDATE regrade_runs SET done = done + ? WHERE id = ?", arguments: [results.count, runID])
    }

    /// Moves a run to `status` when it is in `from`; false when it was not.
    @discardableResult
    public static func transition(runID: Int64, from: RegradeStatus, to status: RegradeStatus, error: String? = nil,
                                  resetProgress: Bool = false, at date: Date = Date(), _ db: Connection) throws -> Bool {
        let finished: Date? = [.ready, .applied, .discarded, .failed].contains(status) ? date : nil
        try db.execute(sql: """
            UPDATE regrade_runs SET status = ?, error = coalesce(?, error), finished_at = ?,
                done = CASE WHEN ? THEN 0 ELSE done END
            WHERE id = ? AND status = ?
            """, arguments: [status.rawValue, error, finished, resetProgress, runID, from.rawValue])
        return db.changes > 0
    }

    /// Marks every run still in progress (`dry-run` or `applying`) as failed with `reason`: after a
    /// restart nothing is working on them any more. Returns their ids.
    @discardableResult
    public static func failUnfinished(reason: String, at date: Date = Date(), _ db: Connection) throws -> [Int64] {
        let ids = try db.fetchAll(sql: "SELECT id FROM regrade_runs WHERE status IN ('dry-run', 'applying') ORDER BY id")
            .map { try $0.get(0, as: Int64.self) }
        try db.execute(sql: """
            UPDATE regrade_runs SET status = 'failed', error = ?, finished_at = ? WHERE status IN ('dry-run', 'applying')
            """, arguments: [reason, date])
        return ids
    }

    /// Advances the progress count while applying.
    public static func advance(runID: Int64, by count: Int, _ db: Connection) throws {
        try db.execute(sql: "UPDATE regrade_runs SET done = done + ? WHERE id = ?", arguments: [count, runID])
    }

    /// The dry-run results of a run, by submission id.
    /// - Throws: ``UnreadableGrade`` for a result whose checks, diagnostics or pictures cannot be read.
    public static func results(runID: Int64, _ db: Connection) throws -> [RegradeResult] {
        try db.fetchAll(sql: """
            SELECT submission_id, score, max_score, checks_json, diagnostics_json, pictures_json FROM regrade_results
            WHERE run_id = ? ORDER BY submission_id
            """, arguments: [runID]).map { row throws -> RegradeResult in
            let submissionID: Int64 = try row.get(0)
            let score: Double = try row.get(1), maxScore: Double = try row.get(2)
            let checks: String = try row.get(3), diagnostics: String = try row.get(4), pictures: String? = try row.get(5)
            do throws(GradeJSON.Malformed) {
                return RegradeResult(submissionID: submissionID, score: score, maxScore: maxScore,
                                     checks: try GradeJSON.checks(checks), diagnostics: try GradeJSON.diagnostics(diagnostics),
                                     pictures: try pictures.map { json throws(GradeJSON.Malformed) in try GradeJSON.pictures(json) })
            } catch {
                throw UnreadableGrade(submissionID: submissionID, reason: "its result in regrade \(runID): \(error)")
            }
        }
    }
}

/// One submission's grade in a regrade run: what applying the run makes its grade.
public struct RegradeResult: Sendable, Equatable {
    public var submissionID: Int64
    public var score: Double
    public var maxScore: Double
    public var checks: [StoredCheck]
    public var diagnostics: [String]
    /// The pictures drawn with it; nil when none were.
    public var pictures: [StoredPicture]?

    public init(submissionID: Int64, score: Double, maxScore: Double, checks: [StoredCheck], diagnostics: [String],
                pictures: [StoredPicture]?) {
        self.submissionID = submissionID
        self.score = score
        self.maxScore = maxScore
        self.checks = checks
        self.diagnostics = diagnostics
        self.pictures = pictures
    }
}
