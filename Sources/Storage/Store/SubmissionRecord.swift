import Foundation
import SQLite

/// A stored submission with its grade and the grade's provenance.
public struct SubmissionRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var userID: Int64
    public var exerciseID: Int64
    /// 1 for the user's first attempt at the exercise, then 2, 3, …
    public var attempt: Int
    /// The text as submitted.
    public var text: String
    /// SHA-256 (hex) of the normalised text.
    public var normalizedHash: String
    /// The exercise version the grade was computed against.
    public var exerciseVersion: String
    /// The grader that computed it.
    public var graderVersion: String
    public var score: Double
    public var maxScore: Double
    /// Fraction of the score taken for lateness (0 when on time).
    public var latePenalty: Double
    public var createdAt: Date

    /// The score that counts: the score less the late penalty.
    public var countedScore: Double { score * (1 - latePenalty) }
}

/// How many attempts a user has made at an exercise, and when the last one was.
public struct AttemptSummary: Sendable, Equatable {
    public var count: Int
    public var lastAt: Date?

    public init(count: Int, lastAt: Date?) {
        self.count = count
        self.lastAt = lastAt
    }
}

extension SubmissionRecord {
    static let columns = """
        submissions.id, submissions.user_id, submissions.exercise_id, submissions.attempt, submissions.text,
        submissions.normalized_hash, submissions.exercise_version, submissions.grader_version, submissions.score,
        submissions.max_score, submissions.late_penalty, submissions.created_at
        """

    /// The submission with this id, or nil.
    public static func find(id: Int64, _ db: Connection) throws -> SubmissionRecord? {
        try db.fetchOne(SubmissionRecord.self, sql: "SELECT \(columns) FROM submissions WHERE id = ?", arguments: [id])
    }

    /// A user's submissions to an exercise, newest first, at most `limit`.
    public static func all(userID: Int64, exerciseID: Int64, limit: Int = 500, _ db: Connection) throws -> [SubmissionRecord] {
        try db.fetchAll(SubmissionRecord.self, sql: """
            SELECT \(columns) FROM submissions WHERE user_id = ? AND exercise_id = ? ORDER BY attempt DESC LIMIT ?
            """, arguments: [userID, exerciseID, limit])
    }

    /// Every submission to an exercise, by id.
    public static func all(exerciseID: Int64, _ db: Connection) throws -> [SubmissionRecord] {
        try db.fetchAll(SubmissionRecord.self, sql: "SELECT \(columns) FROM submissions WHERE exercise_id = ? ORDER BY id",
                        arguments: [exerciseID])
    }

    /// The user's earlier submission of the same normalised text graded against the same exercise
    /// version, or nil.
    public static func identical(userID: Int64, exerciseID: Int64, normalizedHash: String, exerciseVersion: String,
                                 _ db: Connection) throws -> SubmissionRecord? {
        try db.fetchOne(SubmissionRecord.self, sql: """
            SELECT \(columns) FROM submissions
            WHERE user_id = ? AND exercise_id = ? AND normalized_hash = ? AND exercise_version = ?
            ORDER BY attempt LIMIT 1
            """, arguments: [userID, exerciseID, normalizedHash, exerciseVersion])
    }

    /// The user's attempts at an exercise: stored submissions and attempts reserved for grading.
    public static func attempts(userID: Int64, exerciseID: Int64, _ db: Connection) throws -> AttemptSummary {
        guard let row = try db.fetchOne(sql: """
            SELECT count(*), max(at) FROM (
                SELECT created_at AS at FROM submissions WHERE user_id = ?1 AND exercise_id = ?2
                UNION ALL
                SELECT reserved_at AS at FROM submission_reservations WHERE user_id = ?1 AND exercise_id = ?2)
            """, arguments: [userID, exerciseID]) else { return AttemptSummary(count: 0, lastAt: nil) }
        return AttemptSummary(count: try row.get(0), lastAt: try row.get(1, as: Date?.self))
    }

    /// Stores a new graded submission as the user's next attempt, with its grade's rows
    /// (``GradeFacts``). With `replacing`, the reservation is released in the same transaction and the
    /// attempt takes its place.
    public static func insert(userID: Int64, exerciseID: Int64, text: String, normalizedHash: String, grade: StoredGrade,
                              latePenalty: Double, at date: Date = Date(), replacing reservation: Int64? = nil,
                              _ db: Connection) throws -> SubmissionRecord {
        if let reservation { try SubmissionReservation.release(id: reservation, db) }
        let attempt = try attempts(userID: userID, exerciseID: exerciseID, db).count + 1
        try db.execute(sql: """
            INSERT INTO submissions (user_id, exercise_id, attempt, text, normalized_hash, exercise_version, grader_version,
                score, max_score, late_penalty, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [userID, exerciseID, attempt, text, normalizedHash, grade.exerciseVersion, grade.graderVersion,
                             grade.score, grade.maxScore, latePenalty, date])
        let id = db.lastInsertedRowID
        try GradeFacts.record(submissionID: id, exerciseID: exerciseID, userID: userID, grade: grade, db)
        return SubmissionRecord(id: id, userID: userID, exerciseID: exerciseID, attempt: attempt, text: text,
                                normalizedHash: normalizedHash, exerciseVersion: grade.exerciseVersion,
                                graderVersion: grade.graderVersion, score: grade.score, maxScore: grade.maxScore,
                                latePenalty: latePenalty, createdAt: date)
    }

    /// Replaces a submission's grade, first copying the previous one to `grade_history` (its checks
    /// and diagnostics as JSON text there: an archive, not read back). The verification of the
    /// previous grade is dropped; its pictures are replaced by the new grade's (none when it has none).
    public static func replaceGrade(submissionID: Int64, with grade: StoredGrade, regradeRunID: Int64?,
                                    at date: Date = Date(), _ db: Connection) throws {
        guard let owner = try db.fetchOne(sql: "SELECT exercise_id, user_id FROM submissions WHERE id = ?",
                                          arguments: [submissionID]) else { return }
        try GradeArtifacts.forget(submissionID: submissionID, db)
        let archived: (checks: String, diagnostics: String)
        do {
            let previous = try GradeDetails.find(submissionID: submissionID, pictures: false, db)
            archived = (GradeJSON.encode(previous.checks), GradeJSON.encode(previous.diagnostics.map(\.text)))
        } catch let unreadable as UnreadableGrade {
            // The grade being replaced could not be read: the archive says so instead of inventing one.
            let note = GradeJSON.encode([unreadable.description])
            archived = (note, note)
        }
        try db.execute(sql: """
            INSERT INTO grade_history (submission_id, exercise_version, grader_version, score, max_score, late_penalty,
                checks_json, diagnostics_json, regrade_run_id, recorded_at)
            SELECT id, exercise_version, grader_version, score, max_score, late_penalty, ?, ?, ?, ?
            FROM submissions WHERE id = ?
            """, arguments: [archived.checks, archived.diagnostics, regradeRunID, date, submissionID])
        try db.execute(sql: """
            UPDATE submissions SET exercise_version = ?, grader_version = ?, score = ?, max_score = ? WHERE id = ?
            """, arguments: [grade.exerciseVersion, grade.graderVersion, grade.score, grade.maxScore, submissionID])
        try GradeFacts.record(submissionID: submissionID, exerciseID: try owner.get(0), userID: try owner.get(1), grade: grade, db)
    }

    /// The earlier grades of a submission, oldest first.
    public static func history(submissionID: Int64, _ db: Connection) throws -> [GradeHistoryEntry] {
        try db.fetchAll(GradeHistoryEntry.self, sql: """
            SELECT exercise_version, grader_version, score, max_score, late_penalty, regrade_run_id, recorded_at
            FROM grade_history WHERE submission_id = ? ORDER BY id
            """, arguments: [submissionID])
    }

    /// Number of submissions.
    public static func count(_ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM submissions") ?? 0
    }
}

/// A grade a submission had before a regrade replaced it.
public struct GradeHistoryEntry: Sendable, Equatable, Codable {
    public var exerciseVersion: String
    public var graderVersion: String
    public var score: Double
    public var maxScore: Double
    public var latePenalty: Double
    public var regradeRunID: Int64?
    public var recordedAt: Date
}

/// The grade-relevant fields of a submission, for the gradebook.
public struct SubmissionScore: Sendable, Equatable, Codable {
    public var id: Int64
    public var userID: Int64
    public var exerciseID: Int64
    public var attempt: Int
    public var score: Double
    public var maxScore: Double
    public var latePenalty: Double
    public var createdAt: Date

    public init(id: Int64, userID: Int64, exerciseID: Int64, attempt: Int, score: Double, maxScore: Double,
                latePenalty: Double, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.exerciseID = exerciseID
        self.attempt = attempt
        self.score = score
        self.maxScore = maxScore
        self.latePenalty = latePenalty
        self.createdAt = createdAt
    }

    /// The score less the late penalty.
    public var countedScore: Double { score * (1 - latePenalty) }

    /// Every submission to the exercises of a course, by id.
    public static func all(courseID: Int64, _ db: Connection) throws -> [SubmissionScore] {
        try db.fetchAll(SubmissionScore.self, sql: """
            SELECT id, user_id, exercise_id, attempt, score, max_score, late_penalty, created_at FROM submissions
            WHERE exercise_id IN (SELECT id FROM exercises WHERE course_id = ?) ORDER BY id
            """, arguments: [courseID])
    }
}
