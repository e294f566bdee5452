import Foundation
import SQLite

/// Where an exercise of a course came from, whether its students see it, and the version saved in
/// the editor but not yet published.
///
/// An exercise without a row in `exercise_authoring` was loaded from the shipped library folder: it
/// is published and the loader keeps it up to date. Saving one in the editor makes it the course's
/// own copy (`origin` `course`), which the loader never touches again.
public struct ExerciseAuthoringState: Sendable, Equatable, Codable {
    /// `library` (kept in step with the shipped folder) or `course` (the course's own).
    public var origin: String
    /// Whether students see the exercise.
    public var published: Bool
    /// A saved version that students do not see yet; nil when the current version is the latest.
    public var draftVersion: String?

    /// The state of an exercise the loader put in a course.
    public static let library = ExerciseAuthoringState(origin: "library", published: true, draftVersion: nil)

    /// Whether the course owns the exercise (the loader leaves it alone).
    public var isCourseOwned: Bool { origin == "course" }
}

/// Storing exercises written or edited in a course: create, save a version, publish, delete.
public enum ExerciseAuthoring {
    /// The state of an exercise (the library's default when it has no row).
    public static func state(exerciseID: Int64, _ db: Connection) throws -> ExerciseAuthoringState {
        try db.fetchOne(ExerciseAuthoringState.self, sql: """
            SELECT origin, published, draft_version FROM exercise_authoring WHERE exercise_id = ?
            """, arguments: [exerciseID]) ?? .library
    }

    /// The exercises of a course that students do not see, by id.
    public static func unpublishedIDs(courseID: Int64, _ db: Connection) throws -> [Int64] {
        try db.fetchAll(Int64.self, sql: """
            SELECT a.exercise_id FROM exercise_authoring a JOIN exercises e ON e.id = a.exercise_id
            WHERE e.course_id = ? AND a.published = 0 ORDER BY a.exercise_id
            """, arguments: [courseID])
    }

    /// Creates an unpublished exercise owned by the course; its first version is its draft.
    /// - Throws: ``ValidationError`` on `exercise.slug` when the course already has that slug.
    @discardableResult
    public static func create(courseID: Int64, _ definition: ExerciseDefinition, by userID: Int64?, at date: Date = Date(),
                              _ db: Connection) throws -> ExerciseRecord {
        try Slug.validate(definition.slug, field: "exercise.slug")
        guard try ExerciseRecord.find(courseID: courseID, slug: definition.slug, db) == nil else {
            throw ValidationError(field: "exercise.slug", message: "this course already has an exercise \(definition.slug)")
        }
        let position = try db.fetchValue(Int.self, sql: "SELECT coalesce(max(position) + 1, 0) FROM exercises WHERE course_id = ?",
                                          arguments: [courseID]) ?? 0
        var placed = definition
        placed.position = position
        try ExerciseRecord.upsert(courseID: courseID, placed, at: date, db)
        guard let record = try ExerciseRecord.find(courseID: courseID, slug: definition.slug, db) else {
            throw ValidationError(field: "exercise.slug", message: "was not stored")
        }
        try db.execute(sql: """
            INSERT INTO exercise_authoring (exercise_id, origin, published, draft_version, updated_by, updated_at)
            VALUES (?, 'course', 0, ?, ?, ?)
            """, arguments: [record.id, definition.version, userID, date])
        return record
    }

    /// Saves a new version of an exercise as the course's own. An unpublished exercise takes it as its
    /// current version; a published one keeps its current version for students and holds the new one
    /// as its draft until it is published. Returns the state after saving.
    @discardableResult
    public static func save(_ record: ExerciseRecord, _ definition: ExerciseDefinition, by userID: Int64?, at date: Date = Date(),
                            _ db: Connection) throws -> ExerciseAuthoringState {
        var state = try state(exerciseID: record.id, db)
        try storeVersion(exerciseID: record.id, definition, at: date, db)
        if state.published {
            state.draftVersion = definition.version == record.version ? nil : definition.version
        } else {
            try makeCurrent(record, definition, at: date, db)
            state.draftVersion = definition.version
        }
        state.origin = "course"
        try writeState(exerciseID: record.id, state, by: userID, at: date, db)
        return state
    }

    /// Publishes `definition` (the draft, validated by the caller) as the exercise's current version;
    /// students see the exercise from now on. Returns the version it replaces, when it differs.
    @discardableResult
    public static func publish(_ record: ExerciseRecord, _ definition: ExerciseDefinition, by userID: Int64?, at date: Date = Date(),
                               _ db: Connection) throws -> String? {
        var state = try state(exerciseID: record.id, db)
        try storeVersion(exerciseID: record.id, definition, at: date, db)
        try makeCurrent(record, definition, at: date, db)
        let previous = state.published && record.version != definition.version ? record.version : nil
        state.published = true
        state.draftVersion = nil
        try writeState(exerciseID: record.id, state, by: userID, at: date, db)
        return previous
    }

    /// Hides a published exercise from students again (its grades stay).
    public static func unpublish(exerciseID: Int64, by userID: Int64?, at date: Date = Date(), _ db: Connection) throws {
        var state = try state(exerciseID: exerciseID, db)
        state.published = false
        try writeState(exerciseID: exerciseID, state, by: userID, at: date, db)
    }

    /// How many submissions an exercise has (every attempt of every student).
    public static func submissionCount(exerciseID: Int64, _ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM submissions WHERE exercise_id = ?", arguments: [exerciseID]) ?? 0
    }

    /// Deletes an exercise and its versions. Grades are never deleted, so an exercise with
    /// submissions or regrades is refused.
    /// - Throws: ``ValidationError`` on `exercise` when the exercise has submissions or regrades.
    public static func delete(exerciseID: Int64, _ db: Connection) throws {
        let submissions = try submissionCount(exerciseID: exerciseID, db)
        let regrades = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM regrade_runs WHERE exercise_id = ?",
                                         arguments: [exerciseID]) ?? 0
        guard submissions == 0, regrades == 0 else {
            throw ValidationError(field: "exercise", message: "has \(submissions) submissions and \(regrades) regrades, "
                                  + "whose grades are kept; unpublish it instead")
        }
        try db.execute(sql: "DELETE FROM exercises WHERE id = ?", arguments: [exerciseID])
    }

    private static func storeVersion(exerciseID: Int64, _ definition: ExerciseDefinition, at date: Date, _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO exercise_versions (exercise_id, version, definition_json, recorded_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (exercise_id, version) DO NOTHING
            """, arguments: [exerciseID, definition.version, definition.definitionJSON, date])
    }

    private static func makeCurrent(_ record: ExerciseRecord, _ definition: ExerciseDefinition, at date: Date, _ db: Connection) throws {
        try db.execute(sql: """
            UPDATE exercises SET title = ?, kind = ?, version = ?, points = ?, definition_json = ?, updated_at = ? WHERE id = ?
            """, arguments: [definition.title, definition.kind, definition.version, definition.points, definition.definitionJSON,
                             date, record.id])
    }

    private static func writeState(exerciseID: Int64, _ state: ExerciseAuthoringState, by userID: Int64?, at date: Date,
                                   _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO exercise_authoring (exercise_id, origin, published, draft_version, updated_by, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (exercise_id) DO UPDATE SET origin = excluded.origin, published = excluded.published,
                draft_version = excluded.draft_version, updated_by = excluded.updated_by, updated_at = excluded.updated_at
            """, arguments: [exerciseID, state.origin, state.published ? 1 : 0, state.draftVersion, userID, date])
    }
}

/// What students see of an exercise's grades, as stored: `visibility_json` maps scenario or check
/// names to `now`, `afterDeadline` or `never`; `feedback` is `full`, `hint` or `passFail`.
public struct ExerciseFeedbackRecord: Sendable, Equatable, Codable {
    public var visibilityJSON: String
    public var feedback: String

    public init(visibilityJSON: String = "{}", feedback: String = "full") {
        self.visibilityJSON = visibilityJSON
        self.feedback = feedback
    }

    /// The stored policy, or everything shown in full when none was set.
    public static func find(exerciseID: Int64, _ db: Connection) throws -> ExerciseFeedbackRecord {
        try db.fetchOne(ExerciseFeedbackRecord.self, sql: "SELECT visibility_json, feedback FROM exercise_feedback WHERE exercise_id = ?",
                        arguments: [exerciseID]) ?? ExerciseFeedbackRecord()
    }

    /// Sets the policy of an exercise.
    /// - Throws: ``ValidationError`` on `feedback` for an unknown level.
    public static func set(_ record: ExerciseFeedbackRecord, exerciseID: Int64, _ db: Connection) throws {
        guard ["full", "hint", "passFail"].contains(record.feedback) else {
            throw ValidationError(field: "feedback", message: "must be full, hint or passFail")
        }
        try db.execute(sql: """
            INSERT INTO exercise_feedback (exercise_id, visibility_json, feedback) VALUES (?, ?, ?)
            ON CONFLICT (exercise_id) DO UPDATE SET visibility_json = excluded.visibility_json, feedback = excluded.feedback
            """, arguments: [exerciseID, record.visibilityJSON, record.feedback])
    }
}
