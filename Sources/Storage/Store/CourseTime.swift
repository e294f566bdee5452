import Foundation
import SQLite

/// A course's bank of late days: how many whole days each student may be late, in total, without
/// a late penalty. 0 (the default) means none.
public enum LateDayBank {
    /// The largest bank accepted.
    public static let maxDays = 365

    /// The course's bank (0 when none was set).
    public static func days(courseID: Int64, _ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT days FROM course_late_days WHERE course_id = ?", arguments: [courseID]) ?? 0
    }

    /// Sets the course's bank.
    public static func set(days: Int, courseID: Int64, at date: Date = Date(), _ db: Connection) throws {
        guard (0...maxDays).contains(days) else {
            throw ValidationError(field: "lateDays", message: "must be a whole number from 0 to \(maxDays)")
        }
        try db.execute(sql: """
            INSERT INTO course_late_days (course_id, days, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (course_id) DO UPDATE SET days = excluded.days, updated_at = excluded.updated_at
            """, arguments: [courseID, days, date])
    }
}

/// A student's accommodation in a course: every deadline of the course is stretched by
/// `timeMultiplier` (applied to the time from the exercise's opening to each deadline) and then
/// moved by `extraSeconds`.
public struct Accommodation: Sendable, Equatable, Codable {
    public var userID: Int64
    public var courseID: Int64
    /// 1 (no change) to 10.
    public var timeMultiplier: Double
    /// 0 to one year.
    public var extraSeconds: Int
    public var reason: String
    public var grantedBy: Int64?
    public var createdAt: Date

    public init(userID: Int64, courseID: Int64, timeMultiplier: Double, extraSeconds: Int, reason: String,
                grantedBy: Int64?, createdAt: Date) {
        self.userID = userID
        self.courseID = courseID
        self.timeMultiplier = timeMultiplier
        self.extraSeconds = extraSeconds
        self.reason = reason
        self.grantedBy = grantedBy
        self.createdAt = createdAt
    }

    /// The largest multiplier accepted.
    public static let maxMultiplier = 10.0
    /// The most extra time accepted: one year.
    public static let maxExtraSeconds = 365 * 86_400
    private static let columns = "user_id, course_id, time_multiplier, extra_seconds, reason, granted_by, created_at"

    /// The deadline `deadline` of an exercise opening at `opensAt`, as it applies to this student.
    public func stretch(_ deadline: Date, opensAt: Date?) -> Date {
        var stretched = deadline
        if let opensAt, deadline > opensAt, timeMultiplier > 1 {
            stretched = opensAt.addingTimeInterval(deadline.timeIntervalSince(opensAt) * timeMultiplier)
        }
        return stretched.addingTimeInterval(TimeInterval(extraSeconds))
    }

    /// The student's accommodation in the course, or nil.
    public static func find(userID: Int64, courseID: Int64, _ db: Connection) throws -> Accommodation? {
        try db.fetchOne(Accommodation.self, sql: "SELECT \(columns) FROM accommodations WHERE course_id = ? AND user_id = ?",
                        arguments: [courseID, userID])
    }

    /// Every accommodation of a course, by user id.
    public static func all(courseID: Int64, _ db: Connection) throws -> [Accommodation] {
        try db.fetchAll(Accommodation.self, sql: "SELECT \(columns) FROM accommodations WHERE course_id = ? ORDER BY user_id",
                        arguments: [courseID])
    }

    /// Grants (or replaces) an accommodation; one with multiplier 1 and no extra time removes it.
    public static func grant(_ accommodation: Accommodation, _ db: Connection) throws {
        guard accommodation.timeMultiplier.isFinite, (1...maxMultiplier).contains(accommodation.timeMultiplier) else {
            throw ValidationError(field: "timeMultiplier", message: "must be a number from 1 to \(Int(maxMultiplier))")
        }
        guard (0...maxExtraSeconds).contains(accommodation.extraSeconds) else {
            throw ValidationError(field: "extraMinutes", message: "must be from 0 to \(maxExtraSeconds / 60) minutes")
        }
        guard accommodation.reason.count <= DeadlineExtension.maxReasonLength else {
            throw ValidationError(field: "reason", message: "must be at most \(DeadlineExtension.maxReasonLength) characters")
        }
        if accommodation.timeMultiplier == 1, accommodation.extraSeconds == 0 {
            try db.execute(sql: "DELETE FROM accommodations WHERE course_id = ? AND user_id = ?",
                           arguments: [accommodation.courseID, accommodation.userID])
            return
        }
        try db.execute(sql: """
            INSERT INTO accommodations (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (course_id, user_id) DO UPDATE SET time_multiplier = excluded.time_multiplier,
                extra_seconds = excluded.extra_seconds, reason = excluded.reason, granted_by = excluded.granted_by,
                created_at = excluded.created_at
            """, arguments: [accommodation.userID, accommodation.courseID, accommodation.timeMultiplier, accommodation.extraSeconds,
                             accommodation.reason, accommodation.grantedBy, accommodation.createdAt])
    }
}

/// When a student submitted to which exercise of a course, for the late-day ledger.
public struct SubmissionTiming: Sendable, Equatable, Codable {
    public var exerciseID: Int64
    public var createdAt: Date

    public init(exerciseID: Int64, createdAt: Date) {
        self.exerciseID = exerciseID
        self.createdAt = createdAt
    }

    /// The student's stored submissions to the course's exercises, oldest first.
    public static func all(userID: Int64, courseID: Int64, _ db: Connection) throws -> [SubmissionTiming] {
        try db.fetchAll(SubmissionTiming.self, sql: """
            SELECT exercise_id, created_at FROM submissions
            WHERE user_id = ? AND exercise_id IN (SELECT id FROM exercises WHERE course_id = ?)
            ORDER BY created_at, id
            """, arguments: [userID, courseID])
    }
}

extension DeadlineExtension {
    /// A student's extensions in a course.
    public static func all(userID: Int64, courseID: Int64, _ db: Connection) throws -> [DeadlineExtension] {
        try db.fetchAll(DeadlineExtension.self, sql: """
            SELECT user_id, exercise_id, due_at, closes_at, granted_by, reason, created_at FROM extensions
            WHERE user_id = ? AND exercise_id IN (SELECT id FROM exercises WHERE course_id = ?) ORDER BY exercise_id
            """, arguments: [userID, courseID])
    }
}

extension SubmissionScore {
    /// One student's submissions to a course's exercises, by id.
    public static func all(userID: Int64, courseID: Int64, _ db: Connection) throws -> [SubmissionScore] {
        try db.fetchAll(SubmissionScore.self, sql: """
            SELECT id, user_id, exercise_id, attempt, score, max_score, late_penalty, created_at FROM submissions
            WHERE user_id = ? AND exercise_id IN (SELECT id FROM exercises WHERE course_id = ?) ORDER BY id
            """, arguments: [userID, courseID])
    }
}
