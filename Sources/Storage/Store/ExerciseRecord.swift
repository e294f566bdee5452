import Foundation
import SQLite

/// Which of a student's submissions counts for an exercise.
public enum ScorePolicy: String, Sendable, Codable, CaseIterable {
    /// The highest counted score.
    case best
    /// The most recent submission.
    case last
}

/// An exercise of a course as stored: its current version and definition, and its deadline and
/// attempt policy.
public struct ExerciseRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var courseID: Int64
    public var slug: String
    public var title: String
    /// `layout` or `dynamics`.
    public var kind: String
    /// Display order in the course.
    public var position: Int
    /// The content hash of the current definition.
    public var version: String
    /// The full score.
    public var points: Double
    /// The current definition (the exercise's files, as written by the loader).
    public var definitionJSON: String
    public var opensAt: Date?
    /// After this, submissions are late.
    public var dueAt: Date?
    /// After this, submissions are refused (hard close).
    public var closesAt: Date?
    /// Fraction of the score taken per started day late.
    public var latePenaltyPerDay: Double
    /// The largest fraction a late penalty takes.
    public var latePenaltyCap: Double
    /// Most attempts a student gets, or nil for no limit.
    public var maxAttempts: Int?
    /// Seconds a student waits between attempts.
    public var cooldownSeconds: Int
    public var scorePolicy: ScorePolicy
    public var updatedAt: Date
}

/// The fields the loader sets when it stores an exercise definition.
public struct ExerciseDefinition: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var kind: String
    public var position: Int
    public var version: String
    public var points: Double
    public var definitionJSON: String

    public init(slug: String, title: String, kind: String, position: Int, version: String, points: Double, definitionJSON: String) {
        self.slug = slug
        self.title = title
        self.kind = kind
        self.position = position
        self.version = version
        self.points = points
        self.definitionJSON = definitionJSON
    }
}

/// What storing a definition did.
public enum ExerciseUpsert: Sendable, Equatable {
    case created
    case updated(previousVersion: String)
    case unchanged
}

/// The deadline and attempt policy of an exercise, as an instructor sets it.
public struct ExercisePolicy: Sendable, Equatable {
    public var opensAt: Date?
    public var dueAt: Date?
    public var closesAt: Date?
    public var latePenaltyPerDay: Double
    public var latePenaltyCap: Double
    public var maxAttempts: Int?
    public var cooldownSeconds: Int
    public var scorePolicy: ScorePolicy

    public init(opensAt: Date? = nil, dueAt: Date? = nil, closesAt: Date? = nil, latePenaltyPerDay: Double = 0,
                latePenaltyCap: Double = 0, maxAttempts: Int? = nil, cooldownSeconds: Int = 0, scorePolicy: ScorePolicy = .best) {
        self.opensAt = opensAt
        self.dueAt = dueAt
        self.closesAt = closesAt
        self.latePenaltyPerDay = latePenaltyPerDay
        self.latePenaltyCap = latePenaltyCap
        self.maxAttempts = maxAttempts
        self.cooldownSeconds = cooldownSeconds
        self.scorePolicy = scorePolicy
    }
}

extension ExerciseRecord {
    private static let columns = """
        id, course_id, slug, title, kind, position, version, points, definition_json, opens_at, due_at, closes_at,
        late_penalty_per_day, late_penalty_cap, max_attempts, cooldown_seconds, score_policy, updated_at
        """

    /// The policy part of the record.
    public var policy: ExercisePolicy {
        ExercisePolicy(opensAt: opensAt, dueAt: dueAt, closesAt: closesAt, latePenaltyPerDay: latePenaltyPerDay,
                       latePenaltyCap: latePenaltyCap, maxAttempts: maxAttempts, cooldownSeconds: cooldownSeconds,
                       scorePolicy: scorePolicy)
    }

    /// The exercises of a course, by position then slug.
    public static func all(courseID: Int64, _ db: Connection) throws -> [ExerciseRecord] {
        try db.fetchAll(ExerciseRecord.self, sql: "SELECT \(columns) FROM exercises WHERE course_id = ? ORDER BY position, slug",
                        arguments: [courseID])
    }

    /// The exercise of a course with this slug, or nil.
    public static func find(courseID: Int64, slug: String, _ db: Connection) throws -> ExerciseRecord? {
        try db.fetchOne(ExerciseRecord.self, sql: "SELECT \(columns) FROM exercises WHERE course_id = ? AND slug = ?",
                        arguments: [courseID, slug])
    }

    /// The exercise with this id, or nil.
    public static func find(id: Int64, _ db: Connection) throws -> ExerciseRecord? {
        try db.fetchOne(ExerciseRecord.self, sql: "SELECT \(columns) FROM exercises WHERE id = ?", arguments: [id])
    }

    /// The definition of one version of an exercise (current or past), or nil.
    public static func definition(exerciseID: Int64, version: String, _ db: Connection) throws -> String? {
        try db.fetchValue(String.self, sql: "SELECT definition_json FROM exercise_versions WHERE exercise_id = ? AND version = ?",
                          arguments: [exerciseID, version])
    }

    /// Stores a definition: creates the exercise, or makes a new version current (keeping every
    /// previous version in `exercise_versions`); the policy is left as the instructor set it.
    @discardableResult
    public static func upsert(courseID: Int64, _ definition: ExerciseDefinition, at date: Date = Date(),
                              _ db: Connection) throws -> ExerciseUpsert {
        try Slug.validate(definition.slug)
        let existing = try find(courseID: courseID, slug: definition.slug, db)
        let outcome: ExerciseUpsert
        let id: Int64
        if let existing {
            guard existing.version != definition.version || existing.title != definition.title
                || existing.position != definition.position else { return .unchanged }
            try db.execute(sql: """
                UPDATE exercises SET title = ?, kind = ?, position = ?, version = ?, points = ?, definition_json = ?, updated_at = ?
                WHERE id = ?
                """, arguments: [definition.title, definition.kind, definition.position, definition.version, definition.points,
                                 definition.definitionJSON, date, existing.id])
            id = existing.id
            outcome = existing.version == definition.version ? .unchanged : .updated(previousVersion: existing.version)
        } else {
            try db.execute(sql: """
                INSERT INTO exercises (course_id, slug, title, kind, position, version, points, definition_json, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [courseID, definition.slug, definition.title, definition.kind, definition.position,
                                 definition.version, definition.points, definition.definitionJSON, date])
            id = db.lastInsertedRowID
            outcome = .created
        }
        try db.execute(sql: """
            INSERT INTO exercise_versions (exercise_id, version, definition_json, recorded_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (exercise_id, version) DO NOTHING
            """, arguments: [id, definition.version, definition.definitionJSON, date])
        return outcome
    }

    /// Sets the deadline and attempt policy of an exercise.
    public static func setPolicy(_ policy: ExercisePolicy, exerciseID: Int64, at date: Date = Date(), _ db: Connection) throws {
        guard (0...1).contains(policy.latePenaltyPerDay), (0...1).contains(policy.latePenaltyCap) else {
            throw ValidationError(field: "latePenalty", message: "must be between 0 and 1")
        }
        guard policy.maxAttempts.map({ $0 > 0 }) ?? true, policy.cooldownSeconds >= 0 else {
            throw ValidationError(field: "attempts", message: "maxAttempts must be positive and cooldownSeconds not negative")
        }
        try db.execute(sql: """
            UPDATE exercises SET opens_at = ?, due_at = ?, closes_at = ?, late_penalty_per_day = ?, late_penalty_cap = ?,
            max_attempts = ?, cooldown_seconds = ?, score_policy = ?, updated_at = ? WHERE id = ?
            """, arguments: [policy.opensAt, policy.dueAt, policy.closesAt, policy.latePenaltyPerDay, policy.latePenaltyCap,
                             policy.maxAttempts, policy.cooldownSeconds, policy.scorePolicy.rawValue, date, exerciseID])
    }
}
