import Foundation
import SQLite

/// What an exercise's analytics are computed from, read from the typed grade rows and the
/// submissions' score columns (each query reads one index).
public enum AnalyticsQueries {
    /// One stored attempt's score.
    public struct Attempt: Sendable, Equatable, Codable {
        public var userID: Int64
        public var attempt: Int
        public var score: Double
        public var maxScore: Double
        public var latePenalty: Double
        public var createdAt: Date

        public init(userID: Int64, attempt: Int, score: Double, maxScore: Double, latePenalty: Double, createdAt: Date) {
            self.userID = userID
            self.attempt = attempt
            self.score = score
            self.maxScore = maxScore
            self.latePenalty = latePenalty
            self.createdAt = createdAt
        }
    }

    /// How many students a check was graded for, and how many passed it at least once.
    public struct CheckTally: Sendable, Equatable {
        public var name: String
        /// The check's place in the report.
        public var position: Int
        public var students: Int
        public var passed: Int
    }

    /// How many students got a diagnostic code at least once, and the first such diagnostic.
    public struct DiagnosticTally: Sendable, Equatable {
        public var code: String
        public var students: Int
        public var example: String
    }

    /// The students of the course, whose work the analytics describe (not the instructors').
    private static let students = "user_id IN (SELECT user_id FROM enrollments WHERE course_id = ? AND role = 'student')"

    /// The course's students (id and username), by username.
    public static func students(courseID: Int64, _ db: Connection) throws -> [(id: Int64, username: String)] {
        try db.fetchAll(sql: """
            SELECT users.id, users.username FROM enrollments JOIN users ON users.id = enrollments.user_id
            WHERE enrollments.course_id = ? AND enrollments.role = 'student' ORDER BY users.username
            """, arguments: [courseID]).map { (try $0.get(0), try $0.get(1)) }
    }

    /// One student's standing at an exercise.
    public struct StudentScore: Sendable, Equatable {
        public var userID: Int64
        public var attempts: Int
        /// The highest score after late penalties.
        public var bestCounted: Double
        /// The latest attempt's score after its late penalty.
        public var lastCounted: Double
        public var firstAt: Date
        /// The attempt that first had full marks, and when.
        public var firstFullAttempt: Int?
        public var firstFullAt: Date?

        public init(userID: Int64, attempts: Int, bestCounted: Double, lastCounted: Double, firstAt: Date,
                    firstFullAttempt: Int?, firstFullAt: Date?) {
            self.userID = userID
            self.attempts = attempts
            self.bestCounted = bestCounted
            self.lastCounted = lastCounted
            self.firstAt = firstAt
            self.firstFullAttempt = firstFullAttempt
            self.firstFullAt = firstFullAt
        }

        /// The counted score under `policy`.
        public func counted(_ policy: ScorePolicy) -> Double { policy == .best ? bestCounted : lastCounted }
    }

    /// Per exercise of the course, its students' best and last counted scores (one pair per student
    /// who attempted), by exercise id.
    public static func countedScores(courseID: Int64, _ db: Connection) throws -> [Int64: (best: [Double], last: [Double])] {
        var result: [Int64: (best: [Double], last: [Double])] = [:]
        let cursor = try db.cursor(sql: """
            SELECT exercise_id, best_counted, last_counted FROM grade_student_scores
            WHERE exercise_id IN (SELECT id FROM exercises WHERE course_id = ?1) AND \(students.replacingOccurrences(of: "?", with: "?1"))
            """, arguments: [courseID])
        defer { cursor.finish() }
        while let row = try cursor.next() {
            let id: Int64 = try row.get(0)
            result[id, default: ([], [])].best.append(try row.get(1))
            result[id, default: ([], [])].last.append(try row.get(2))
        }
        return result
    }

    /// Every student of the course who attempted the exercise, by user id.
    public static func studentScores(exerciseID: Int64, courseID: Int64, _ db: Connection) throws -> [StudentScore] {
        try db.fetchAll(sql: """
            SELECT user_id, attempts, best_counted, last_counted, first_at, first_full_attempt, first_full_at FROM grade_student_scores
            WHERE exercise_id = ? AND \(students) ORDER BY user_id
            """, arguments: [exerciseID, courseID]).map { row in
            StudentScore(userID: try row.get(0), attempts: try row.get(1), bestCounted: try row.get(2), lastCounted: try row.get(3),
                         firstAt: try row.get(4), firstFullAttempt: try row.get(5, as: Int?.self), firstFullAt: try row.get(6, as: Date?.self))
        }
    }

    /// Every attempt of the course's students at the exercise, by user then attempt.
    public static func attempts(exerciseID: Int64, courseID: Int64, _ db: Connection) throws -> [Attempt] {
        // Read by position: tens of thousands of rows, where decoding by column name would cost more than the query.
        try db.fetchAll(sql: """
            SELECT user_id, attempt, score, max_score, late_penalty, created_at FROM submissions
            WHERE exercise_id = ? AND \(students) ORDER BY user_id, attempt
            """, arguments: [exerciseID, courseID]).map { row in
            Attempt(userID: try row.get(0), attempt: try row.get(1), score: try row.get(2), maxScore: try row.get(3),
                    latePenalty: try row.get(4), createdAt: try row.get(5))
        }
    }

    /// Per check name, in report order.
    public static func checks(exerciseID: Int64, courseID: Int64, _ db: Connection) throws -> [CheckTally] {
        try db.fetchAll(sql: """
            SELECT name, min(position), count(*), sum(passed)
            FROM grade_check_students WHERE exercise_id = ? AND \(students) GROUP BY name ORDER BY min(position), name
            """, arguments: [exerciseID, courseID]).map { row in
            CheckTally(name: try row.get(0), position: try row.get(1), students: try row.get(2), passed: try row.get(3))
        }
    }

    /// The `limit` codes most students got, most first (then by code), each with the text of its
    /// earliest occurrence.
    public static func diagnostics(exerciseID: Int64, courseID: Int64, limit: Int = 20, _ db: Connection) throws -> [DiagnosticTally] {
        let rows = try db.fetchAll(sql: """
            SELECT code, count(*) AS students, min(first_submission_id) FROM grade_diagnostic_students
            WHERE exercise_id = ? AND \(students) GROUP BY code ORDER BY students DESC, code LIMIT ?
            """, arguments: [exerciseID, courseID, limit])
        return try rows.map { row in
            let code: String = try row.get(0)
            let example = try db.fetchValue(String.self, sql: """
                SELECT text FROM grade_diagnostics WHERE submission_id = ? AND code = ? ORDER BY position LIMIT 1
                """, arguments: [try row.get(2, as: Int64.self), code]) ?? ""
            return DiagnosticTally(code: code, students: try row.get(1), example: String(example.prefix(DiagnosticCode.maxExampleLength)))
        }
    }
}
