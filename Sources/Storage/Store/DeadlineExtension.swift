import Foundation
import SQLite

/// A per-student deadline extension for one exercise.
public struct DeadlineExtension: Sendable, Equatable, Codable {
    public var userID: Int64
    public var exerciseID: Int64
    /// The student's own due date.
    public var dueAt: Date
    /// The student's own hard close, if any.
    public var closesAt: Date?
    public var grantedBy: Int64?
    public var reason: String
    public var createdAt: Date

    public init(userID: Int64, exerciseID: Int64, dueAt: Date, closesAt: Date?, grantedBy: Int64?, reason: String, createdAt: Date) {
        self.userID = userID
        self.exerciseID = exerciseID
        self.dueAt = dueAt
        self.closesAt = closesAt
        self.grantedBy = grantedBy
        self.reason = reason
        self.createdAt = createdAt
    }

    /// The longest reason accepted.
    public static let maxReasonLength = 500
    private static let columns = "user_id, exercise_id, due_at, closes_at, granted_by, reason, created_at"

    /// The student's extension for an exercise, or nil.
    public static func find(userID: Int64, exerciseID: Int64, _ db: Connection) throws -> DeadlineExtension? {
        try db.fetchOne(DeadlineExtension.self, sql: "SELECT \(columns) FROM extensions WHERE user_id = ? AND exercise_id = ?",
                        arguments: [userID, exerciseID])
    }

    /// Every extension of a course's exercises.
    public static func all(courseID: Int64, _ db: Connection) throws -> [DeadlineExtension] {
        try db.fetchAll(DeadlineExtension.self, sql: """
            SELECT \(columns) FROM extensions WHERE exercise_id IN (SELECT id FROM exercises WHERE course_id = ?)
            ORDER BY exercise_id, user_id
            """, arguments: [courseID])
    }

    /// Grants (or replaces) an extension.
    public static func grant(_ grant: DeadlineExtension, _ db: Connection) throws {
        guard grant.reason.count <= maxReasonLength else {
            throw ValidationError(field: "reason", message: "must be at most \(maxReasonLength) characters")
        }
        if let closesAt = grant.closesAt, closesAt < grant.dueAt {
            throw ValidationError(field: "closesAt", message: "must not be before dueAt")
        }
        try db.execute(sql: """
            INSERT INTO extensions (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, exercise_id) DO UPDATE SET due_at = excluded.due_at, closes_at = excluded.closes_at,
                granted_by = excluded.granted_by, reason = excluded.reason, created_at = excluded.created_at
            """, arguments: [grant.userID, grant.exerciseID, grant.dueAt, grant.closesAt, grant.grantedBy, grant.reason,
                             grant.createdAt])
    }
}

/// One entry of the append-only audit log of grade-affecting actions.
public struct AuditEntry: Sendable, Equatable, Codable {
    public var id: Int64
    public var at: Date
    public var actorUserID: Int64?
    public var courseID: Int64?
    /// What was done, e.g. `regrade.apply`, `extension.grant`, `role.change`.
    public var action: String
    /// What it was done to, e.g. `submission:12`, `user:7`.
    public var subject: String
    public var detailsJSON: String

    /// Appends an entry.
    public static func record(actorUserID: Int64?, courseID: Int64?, action: String, subject: String,
                              detailsJSON: String = "{}", at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO audit_log (at, actor_user_id, course_id, action, subject, details_json) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [date, actorUserID, courseID, action, subject, detailsJSON])
    }

    /// A page of a course's entries, newest first: those older than entry `before` (all when nil).
    public static func page(courseID: Int64, before: Int64?, limit: Int, _ db: Connection) throws -> [AuditEntry] {
        try db.fetchAll(AuditEntry.self, sql: """
            SELECT id, at, actor_user_id, course_id, action, subject, details_json FROM audit_log
            WHERE course_id = ? AND id < ? ORDER BY id DESC LIMIT ?
            """, arguments: [courseID, before ?? Int64.max, limit])
    }

    /// The newest entries of a course, newest first.
    public static func recent(courseID: Int64, limit: Int = 200, _ db: Connection) throws -> [AuditEntry] {
        try db.fetchAll(AuditEntry.self, sql: """
            SELECT id, at, actor_user_id, course_id, action, subject, details_json FROM audit_log
            WHERE course_id = ? ORDER BY id DESC LIMIT ?
            """, arguments: [courseID, limit])
    }
}
