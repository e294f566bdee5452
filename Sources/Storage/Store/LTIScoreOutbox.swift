import Foundation
import SQLite

/// A score waiting to be posted to a platform's line item, or posted, or given up on.
public struct LTIScorePost: Sendable, Equatable, Codable {
    /// Where a post stands.
    public enum Status: String, Sendable, Codable {
        case pending, sent, failed
    }

    public var id: Int64
    public var platformID: Int64
    public var userID: Int64
    public var exerciseID: Int64
    public var lineitemURL: String
    /// The user's id at the platform (`userId` of the score).
    public var subject: String
    public var scoreGiven: Double
    public var scoreMaximum: Double
    /// When the grade was recorded: the score's `timestamp`.
    public var scoredAt: Date
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Date
    public var lastError: String?
    public var createdAt: Date
    public var sentAt: Date?
}

/// A post with the names an instructor recognises, for the status page.
public struct LTIScorePostSummary: Sendable, Equatable, Codable {
    public var post: LTIScorePost
    public var username: String
    public var exerciseSlug: String
}

/// The durable outbox of AGS score posts (see ``LTIScorePost``).
public enum LTIScoreOutbox {
    static let columns = """
        lti_score_outbox.id, platform_id, lti_score_outbox.user_id, exercise_id, lineitem_url AS lineitemURL, subject, score_given,
        score_maximum, scored_at, status, attempts, next_attempt_at, last_error, lti_score_outbox.created_at, sent_at
        """

    /// Queues the latest score of a user's line item. A pending post of the same line item and
    /// user takes the new score instead (only the latest is sent); returns the post's id.
    @discardableResult
    public static func enqueue(platformID: Int64, userID: Int64, exerciseID: Int64, lineitemURL: String, subject: String,
                               scoreGiven: Double, scoreMaximum: Double, scoredAt: Date, now: Date = Date(), _ db: Connection) throws -> Int64 {
        if let pending = try db.fetchValue(Int64.self, sql: """
            SELECT id FROM lti_score_outbox WHERE lineitem_url = ? AND subject = ? AND status = 'pending' ORDER BY id DESC LIMIT 1
            """, arguments: [lineitemURL, subject]) {
            try db.execute(sql: """
                UPDATE lti_score_outbox SET score_given = ?, score_maximum = ?, scored_at = ?, platform_id = ?, user_id = ?,
                    exercise_id = ?, next_attempt_at = min(next_attempt_at, ?) WHERE id = ?
                """, arguments: [scoreGiven, scoreMaximum, scoredAt, platformID, userID, exerciseID, now, pending])
            return pending
        }
        try db.execute(sql: """
            INSERT INTO lti_score_outbox (platform_id, user_id, exercise_id, lineitem_url, subject, score_given, score_maximum, scored_at,
                status, attempts, next_attempt_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
            """, arguments: [platformID, userID, exerciseID, lineitemURL, subject, scoreGiven, scoreMaximum, scoredAt, now, now])
        return db.lastInsertedRowID
    }

    /// Pending posts due at `now`, oldest first, at most `limit`.
    public static func due(now: Date = Date(), limit: Int, _ db: Connection) throws -> [LTIScorePost] {
        try db.fetchAll(LTIScorePost.self, sql: """
            SELECT \(columns) FROM lti_score_outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?
            """, arguments: [now, max(1, limit)])
    }

    /// Marks a post delivered, unless a newer score replaced it meanwhile (then it stays pending
    /// and is sent again). Returns whether it was marked.
    @discardableResult
    public static func markSent(id: Int64, scoredAt: Date, at date: Date = Date(), _ db: Connection) throws -> Bool {
        try db.execute(sql: """
            UPDATE lti_score_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL
            WHERE id = ? AND status = 'pending' AND scored_at = ?
            """, arguments: [date, id, scoredAt])
        if db.changes == 0 {
            try db.execute(sql: "UPDATE lti_score_outbox SET attempts = attempts + 1 WHERE id = ?", arguments: [id])
            return false
        }
        return true
    }

    /// Records a failed attempt: retried at `retryAt`, or `failed` for good when `giveUp`.
    public static func markFailed(id: Int64, error: String, retryAt: Date, giveUp: Bool, _ db: Connection) throws {
        try db.execute(sql: """
            UPDATE lti_score_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
                status = CASE WHEN ? THEN 'failed' ELSE status END
            WHERE id = ? AND status = 'pending'
            """, arguments: [String(error.prefix(500)), retryAt, giveUp, id])
    }

    /// Puts failed posts of a course back in the queue, due now; returns how many.
    @discardableResult
    public static func retryFailed(courseID: Int64, now: Date = Date(), _ db: Connection) throws -> Int {
        try db.execute(sql: """
            UPDATE lti_score_outbox SET status = 'pending', next_attempt_at = ?
            WHERE status = 'failed' AND exercise_id IN (SELECT id FROM exercises WHERE course_id = ?)
            """, arguments: [now, courseID])
        return db.changes
    }

    /// The newest posts of a course's exercises with user and exercise names, at most `limit`.
    public static func recent(courseID: Int64, limit: Int = 200, _ db: Connection) throws -> [LTIScorePostSummary] {
        try db.fetchAll(sql: """
            SELECT \(columns), users.username, exercises.slug FROM lti_score_outbox
            JOIN users ON users.id = lti_score_outbox.user_id JOIN exercises ON exercises.id = lti_score_outbox.exercise_id
            WHERE exercises.course_id = ? ORDER BY lti_score_outbox.id DESC LIMIT ?
            """, arguments: [courseID, max(1, limit)]).map { row in
            LTIScorePostSummary(post: try RowDecoder.decode(LTIScorePost.self, from: row), username: try row.get("username"),
                                exerciseSlug: try row.get("slug"))
        }
    }

    /// Counts by status, for a course (every course when nil): pending, sent, failed.
    public static func counts(courseID: Int64? = nil, _ db: Connection) throws -> (pending: Int, sent: Int, failed: Int) {
        let rows: [Row]
        if let courseID {
            rows = try db.fetchAll(sql: """
                SELECT status, count(*) AS n FROM lti_score_outbox WHERE exercise_id IN (SELECT id FROM exercises WHERE course_id = ?)
                GROUP BY status ORDER BY status
                """, arguments: [courseID])
        } else {
            rows = try db.fetchAll(sql: "SELECT status, count(*) AS n FROM lti_score_outbox GROUP BY status ORDER BY status")
        }
        var counts = (pending: 0, sent: 0, failed: 0)
        for row in rows {
            let status: String = try row.get("status")
            let n: Int = try row.get("n")
            switch status {
            case "pending": counts.pending = n
            case "sent": counts.sent = n
            default: counts.failed = n
            }
        }
        return counts
    }
}

extension SubmissionScore {
    /// A user's submissions to one exercise, by id.
    public static func all(userID: Int64, exerciseID: Int64, _ db: Connection) throws -> [SubmissionScore] {
        try db.fetchAll(SubmissionScore.self, sql: """
            SELECT id, user_id, exercise_id, attempt, score, max_score, late_penalty, created_at FROM submissions
            WHERE user_id = ? AND exercise_id = ? ORDER BY id
            """, arguments: [userID, exerciseID])
    }
}
