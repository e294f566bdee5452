import Foundation
import SQLite

/// A course a user belongs to, with their role in it.
public struct Membership: Sendable, Equatable {
    public var course: Course
    public var role: CourseRole

    public init(course: Course, role: CourseRole) {
        self.course = course
        self.role = role
    }

    /// The courses a user is enrolled in, by slug.
    public static func all(userID: Int64, _ db: Connection) throws -> [Membership] {
        try db.fetchAll(sql: """
            SELECT courses.id, courses.slug, courses.title, courses.summary, courses.created_at, enrollments.role
            FROM enrollments JOIN courses ON courses.id = enrollments.course_id
            WHERE enrollments.user_id = ? ORDER BY courses.slug
            """, arguments: [userID]).map { row in
            Membership(course: try RowDecoder.decode(Course.self, from: row),
                       role: CourseRole(rawValue: try row.get("role")) ?? .student)
        }
    }
}

/// One of a user's submissions with where it was made, for "My work" and the home page.
public struct RecentSubmission: Sendable, Equatable {
    public var id: Int64
    public var courseSlug: String
    public var exerciseSlug: String
    public var exerciseTitle: String
    public var attempt: Int
    public var score: Double
    public var maxScore: Double
    public var latePenalty: Double
    public var createdAt: Date

    /// The score that counts: the score less the late penalty.
    public var countedScore: Double { score * (1 - latePenalty) }

    /// The user's submissions across every exercise, newest first.
    public static func all(userID: Int64, limit: Int = 200, _ db: Connection) throws -> [RecentSubmission] {
        try db.fetchAll(sql: """
            SELECT submissions.id, courses.slug AS course_slug, exercises.slug AS exercise_slug, exercises.title,
                   submissions.attempt, submissions.score, submissions.max_score, submissions.late_penalty, submissions.created_at
            FROM submissions JOIN exercises ON exercises.id = submissions.exercise_id
            JOIN courses ON courses.id = exercises.course_id
            WHERE submissions.user_id = ? ORDER BY submissions.created_at DESC, submissions.id DESC LIMIT ?
            """, arguments: [userID, max(1, min(limit, 1000))]).map { row in
            RecentSubmission(id: try row.get("id"), courseSlug: try row.get("course_slug"), exerciseSlug: try row.get("exercise_slug"),
                             exerciseTitle: try row.get("title"), attempt: try row.get("attempt"), score: try row.get("score"),
                             maxScore: try row.get("max_score"), latePenalty: try row.get("late_penalty"),
                             createdAt: try row.get("created_at"))
        }
    }
}
