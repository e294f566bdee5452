import Foundation
import Grading
import HTTPServer
import JSON
import SQLite
import Store
import Threads

/// Writing a course's exercises: every save is checked as `lectern exercises check` checks a
/// folder (the same `ExerciseValidator`), stored as a new version, and shown to students only once
/// published. Publishing a new version of an exercise with submissions starts the dry-run regrade.
struct ExerciseAuthoringService: Sendable {
    /// An exercise that does not pass the checks: every problem, by field.
    struct Invalid: Error, Sendable {
        let errors: [ExerciseFieldError]
    }

    /// Content that passed the checks, ready to store.
    struct Checked: Sendable {
        let exercise: Exercise
        let definition: ExerciseDefinition
    }

    /// What publishing did.
    struct Published: Sendable {
        let version: String
        /// The version students saw before, when this replaced one.
        let previousVersion: String?
        /// The dry-run regrade started because the exercise has submissions.
        let regrade: RegradeRun?
    }

    /// The reference and examples graded, for the preview.
    struct Preview: Sendable {
        struct Run: Sendable {
            /// `reference` or the example's name.
            let name: String
            let report: GradeReport
            /// For an example: the score and messages it must get, and whether it gets them.
            let expectedScore: Int?
            let matches: Bool
        }

        let exercise: Exercise?
        let errors: [ExerciseFieldError]
        let runs: [Run]
    }

    let database: DatabasePool
    /// Checks and previews grade the reference and every example: CPU work, off the event loops.
    let workers: WorkerPool
    let options: @Sendable (Bool) -> GradeOptions
    let regrades: RegradeService
    /// The shipped exercises folder, read only.
    let libraryDirectory: String

    /// Checks `source` as `lectern exercises check` does.
    /// - Throws: ``Invalid`` with every problem, by field.
    func check(_ source: ExerciseSource) async throws -> Checked {
        let files = ExerciseFiles(source.files())
        let (exercise, errors) = try await workers.run { ExerciseValidator.validate(files: files) }
        guard let exercise, errors.isEmpty else { throw Invalid(errors: errors.map(source.fieldError)) }
        return Checked(exercise: exercise, definition: ExerciseDefinition(
            slug: exercise.slug, title: exercise.title, kind: exercise.kind.rawValue, position: 0, version: exercise.version,
            points: Double(exercise.points), definitionJSON: ExerciseStorage.definitionJSON(files: files.contents)))
    }

    /// Creates an unpublished exercise in `course`.
    func create(_ source: ExerciseSource, in course: Course, by user: User) async throws -> ExerciseRecord {
        guard Slug.isValid(source.slug) else {
            throw Invalid(errors: [ExerciseFieldError("exercise.slug", "expected 1 to 64 lowercase letters, digits and dashes")])
        }
        let checked = try await check(source)
        let courseID = course.id, userID = user.id
        do {
            return try await database.write { db in
                let record = try ExerciseAuthoring.create(courseID: courseID, checked.definition, by: userID, db)
                try AuditEntry.record(actorUserID: userID, courseID: courseID, action: "exercise.create",
                                      subject: "exercise:\(record.id)", detailsJSON: Self.details(record.slug, checked.definition.version), db)
                return record
            }
        } catch let error as ValidationError {
            throw Invalid(errors: [ExerciseFieldError(error.field, error.message)])
        }
    }

    /// Saves a new version of `record`: its draft when students see the exercise, else its current version.
    func save(_ source: ExerciseSource, to record: ExerciseRecord, by user: User) async throws -> ExerciseAuthoringState {
        guard source.slug == record.slug else {
            throw Invalid(errors: [ExerciseFieldError("exercise.slug", "must stay \(record.slug); duplicate the exercise to change it")])
        }
        let previous = try await latest(record).source
        let checked = try await check(source.keepingOtherFiles(of: previous))
        let userID = user.id
        return try await database.write { db in
            let state = try ExerciseAuthoring.save(record, checked.definition, by: userID, db)
            try AuditEntry.record(actorUserID: userID, courseID: record.courseID, action: "exercise.save",
                                  subject: "exercise:\(record.id)", detailsJSON: Self.details(record.slug, checked.definition.version), db)
            return state
        }
    }

    /// Publishes the latest saved version, checked again (the grader may have changed since it was saved).
    /// A new version of an exercise that has submissions starts the dry-run regrade.
    func publish(_ record: ExerciseRecord, by user: User) async throws -> Published {
        let (source, _) = try await latest(record)
        let checked = try await check(source)
        let userID = user.id
        let (previous, submissions) = try await database.write { db in
            let previous = try ExerciseAuthoring.publish(record, checked.definition, by: userID, db)
            try AuditEntry.record(actorUserID: userID, courseID: record.courseID, action: "exercise.publish",
                                  subject: "exercise:\(record.id)", detailsJSON: Self.details(record.slug, checked.definition.version), db)
            return (previous, try ExerciseAuthoring.submissionCount(exerciseID: record.id, db))
        }
        var regrade: RegradeRun?
        if previous != nil, submissions > 0 {
            let recordID = record.id
            if let updated = try await database.read({ db in try ExerciseRecord.find(id: recordID, db) }) {
                regrade = try await regrades.startDryRun(updated, by: user)
            }
        }
        return Published(version: checked.definition.version, previousVersion: previous, regrade: regrade)
    }

    /// Hides an exercise from students again.
    func unpublish(_ record: ExerciseRecord, by user: User) async throws {
        let userID = user.id
        try await database.write { db in
            try ExerciseAuthoring.unpublish(exerciseID: record.id, by: userID, db)
            try AuditEntry.record(actorUserID: userID, courseID: record.courseID, action: "exercise.unpublish",
                                  subject: "exercise:\(record.id)", db)
        }
    }

    /// Deletes an exercise that has no grades.
    /// - Throws: ``ExerciseInUse`` (409) when it has submissions or regrades.
    func delete(_ record: ExerciseRecord, by user: User) async throws {
        let userID = user.id
        do {
            try await database.write { db in
                try ExerciseAuthoring.delete(exerciseID: record.id, db)
                try AuditEntry.record(actorUserID: userID, courseID: record.courseID, action: "exercise.delete",
                                      subject: "exercise:\(record.id)", detailsJSON: Self.details(record.slug, record.version), db)
            }
        } catch let error as ValidationError {
            throw ExerciseInUse(slug: record.slug, reason: error.message)
        }
    }

    /// A new unpublished exercise with the latest content of `record` under another slug.
    func duplicate(_ record: ExerciseRecord, as slug: String, in course: Course, by user: User) async throws -> ExerciseRecord {
        var source = try await latest(record).source
        source.exercise = Self.renamed(source.exercise, slug: slug, title: nil)
        return try await create(source, in: course, by: user)
    }

    /// The exercises of the shipped library folder, sorted by slug, with the errors of those that do not load.
    func library() async throws -> ExerciseCatalog {
        let directory = libraryDirectory
        return try await workers.run {
            (try? ExerciseDirectory.loadCatalog(directory)) ?? ExerciseCatalog(exercises: [], errors: [])
        }
    }

    /// Copies a library exercise into `course` (unpublished), under `slug` or its own.
    /// - Throws: ``HTTPError`` 404 when the library has no such exercise.
    func copy(librarySlug: String, as slug: String?, into course: Course, by user: User) async throws -> ExerciseRecord {
        let directory = libraryDirectory
        guard Slug.isValid(librarySlug), let folder = ExerciseDirectory.locate(librarySlug, in: directory) else {
            throw HTTPError.notFound("The library has no exercise \(librarySlug).")
        }
        var source: ExerciseSource
        do {
            source = try ExerciseSource(files: ExerciseFiles(try ExerciseDirectory.files(inExercise: folder)))
        } catch {
            throw HTTPError.notFound("The library's exercise \(librarySlug) cannot be read: \(error)")
        }
        if let slug, !slug.isEmpty { source.exercise = Self.renamed(source.exercise, slug: slug, title: nil) }
        return try await create(source, in: course, by: user)
    }

    /// The latest saved content of an exercise (its draft, else its current version) and its state.
    func latest(_ record: ExerciseRecord) async throws -> (source: ExerciseSource, state: ExerciseAuthoringState) {
        let recordID = record.id
        let (state, json) = try await database.read { db in
            let state = try ExerciseAuthoring.state(exerciseID: recordID, db)
            let version = state.draftVersion ?? record.version
            return (state, try ExerciseRecord.definition(exerciseID: recordID, version: version, db) ?? record.definitionJSON)
        }
        do {
            return (try ExerciseSource(files: ExerciseFiles(try ExerciseStorage.files(definitionJSON: json))), state)
        } catch {
            throw HTTPError(.internalServerError, message: "The stored exercise \(record.slug) cannot be read.")
        }
    }

    /// Grades the reference and every example of `source` in every scenario, with pictures, without storing anything.
    func preview(_ source: ExerciseSource) async throws -> Preview {
        let files = ExerciseFiles(source.files())
        let options = options(true)
        return try await workers.run {
            let exercise: Exercise
            do throws(ExerciseError) {
                exercise = try Exercise.load(files: files)
            } catch {
                return Preview(exercise: nil, errors: [source.fieldError(error)], runs: [])
            }
            let errors = ExerciseValidator.findings(in: exercise).map(source.fieldError)
            let reference = Grader.grade(exercise, submission: exercise.reference, options: options)
            var runs = [Preview.Run(name: "reference", report: reference, expectedScore: exercise.points, matches: reference.isFullMarks)]
            for example in exercise.examples {
                let report = Grader.grade(exercise, submission: example.submission, options: options)
                let matches = report.score == example.expectedScore && report.failedChecks.map(\.message) == example.expectedMessages
                runs.append(Preview.Run(name: example.name, report: report, expectedScore: example.expectedScore, matches: matches))
            }
            return Preview(exercise: exercise, errors: errors, runs: runs)
        }
    }

    /// `exercise` with another slug (and title, when given).
    static func renamed(_ exercise: JSONValue, slug: String, title: String?) -> JSONValue {
        guard var object = exercise.objectValue else { return exercise }
        object["slug"] = .string(slug)
        if let title { object["title"] = .string(title) }
        return .object(object)
    }

    private static func details(_ slug: String, _ version: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("slug", slug)
        json.field("version", version)
        json.endObject()
        return json.string
    }
}
