import Foundation
import SQLite

/// Where a regrade request is.
public enum RegradeRequestStatus: String, Sendable, Codable, CaseIterable {
    /// Waiting in the instructors' queue.
    case open
    /// An instructor replied.
    case answered
}

/// A student's request to have one submission looked at again, and the instructor's answer.
public struct RegradeRequest: Sendable, Equatable, Codable {
    public var id: Int64
    public var submissionID: Int64
    public var userID: Int64
    public var exerciseID: Int64
    public var message: String
    public var status: RegradeRequestStatus
    public var reply: String?
    public var repliedBy: Int64?
    public var repliedAt: Date?
    /// The dry-run regrade started with the answer, if any.
    public var regradeRunID: Int64?
    public var createdAt: Date

    /// The longest message or reply accepted.
    public static let maxMessageLength = 2000
    /// Most requests a student may have waiting per exercise.
    public static let maxOpenPerExercise = 3
    /// Most requests listed in a queue.
    public static let maxListed = 500

    private static let columns = """
        id, submission_id, user_id, exercise_id, message, status, reply, replied_by, replied_at, regrade_run_id, created_at
        """

    /// The request with this id, or nil.
    public static func find(id: Int64, _ db: Connection) throws -> RegradeRequest? {
        try db.fetchOne(RegradeRequest.self, sql: "SELECT \(columns) FROM regrade_requests WHERE id = ?", arguments: [id])
    }

    /// The requests about a submission, oldest first.
    public static func all(submissionID: Int64, _ db: Connection) throws -> [RegradeRequest] {
        try db.fetchAll(RegradeRequest.self, sql: "SELECT \(columns) FROM regrade_requests WHERE submission_id = ? ORDER BY id",
                        arguments: [submissionID])
    }

    /// The requests about a course's exercises: open ones first (oldest first), then answered ones
    /// (newest first), at most `maxListed`.
    public static func all(courseID: Int64, _ db: Connection) throws -> [RegradeRequest] {
        try db.fetchAll(RegradeRequest.self, sql: """
            SELECT \(columns) FROM regrade_requests WHERE exercise_id IN (SELECT id FROM exercises WHERE course_id = ?)
            ORDER BY status = 'answered', CASE WHEN status = 'open' THEN id ELSE -id END LIMIT ?
            """, arguments: [courseID, maxListed])
    }

    /// Files a request, checking the message, the exercise's cut-off and the number waiting.
    public static func file(submissionID: Int64, userID: Int64, exerciseID: Int64, message: String, at date: Date = Date(),
                            _ db: Connection) throws -> RegradeRequest {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxMessageLength else {
            throw ValidationError(field: "message", message: "must be 1 to \(maxMessageLength) characters")
        }
        if let closesAt = try cutoff(exerciseID: exerciseID, db), date > closesAt {
            throw ValidationError(field: "message", message: "regrade requests for this exercise closed at \(closesAt)")
        }
        let waiting = try db.fetchValue(Int.self, sql: """
            SELECT count(*) FROM regrade_requests WHERE user_id = ? AND exercise_id = ? AND status = 'open'
            """, arguments: [userID, exerciseID]) ?? 0
        guard waiting < maxOpenPerExercise else {
            throw ValidationError(field: "message", message: "at most \(maxOpenPerExercise) requests per exercise may wait for an answer")
        }
        try db.execute(sql: """
            INSERT INTO regrade_requests (submission_id, user_id, exercise_id, message, status, created_at) VALUES (?, ?, ?, ?, 'open', ?)
            """, arguments: [submissionID, userID, exerciseID, trimmed, date])
        return RegradeRequest(id: db.lastInsertedRowID, submissionID: submissionID, userID: userID, exerciseID: exerciseID,
                              message: trimmed, status: .open, reply: nil, repliedBy: nil, repliedAt: nil, regradeRunID: nil,
                              createdAt: date)
    }

    /// Answers a request (again, if it was answered: the newest reply stands).
    public static func answer(id: Int64, reply: String, by userID: Int64, regradeRunID: Int64?, at date: Date = Date(),
                              _ db: Connection) throws {
        let trimmed = reply.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxMessageLength else {
            throw ValidationError(field: "reply", message: "must be 1 to \(maxMessageLength) characters")
        }
        try db.execute(sql: """
            UPDATE regrade_requests SET status = 'answered', reply = ?, replied_by = ?, replied_at = ?,
                regrade_run_id = coalesce(?, regrade_run_id)
            WHERE id = ?
            """, arguments: [trimmed, userID, date, regradeRunID, id])
    }

    /// The time after which students may no longer ask about an exercise, or nil (no cut-off).
    public static func cutoff(exerciseID: Int64, _ db: Connection) throws -> Date? {
        try db.fetchValue(Date.self, sql: "SELECT closes_at FROM regrade_request_cutoffs WHERE exercise_id = ?", arguments: [exerciseID])
    }

    /// Sets (or with nil removes) an exercise's cut-off.
    public static func setCutoff(exerciseID: Int64, closesAt: Date?, _ db: Connection) throws {
        guard let closesAt else {
            try db.execute(sql: "DELETE FROM regrade_request_cutoffs WHERE exercise_id = ?", arguments: [exerciseID])
            return
        }
        try db.execute(sql: """
            INSERT INTO regrade_request_cutoffs (exercise_id, closes_at) VALUES (?, ?)
            ON CONFLICT (exercise_id) DO UPDATE SET closes_at = excluded.closes_at
            """, arguments: [exerciseID, closesAt])
    }
}
