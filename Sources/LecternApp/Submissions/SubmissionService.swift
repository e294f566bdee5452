import Foundation
import Grading
import HTTPServer
import SQLite
import Store

/// Accepting a submission: the deadline and attempt rules, grading on the worker pool, and the
/// durable commit that comes before any acknowledgement.
struct SubmissionService: Sendable {
    let database: DatabasePool
    let library: ExerciseLibrary
    let workers: WorkerPool

    /// What a submission led to.
    enum Outcome: Sendable {
        /// A new attempt, graded and committed.
        case created(SubmissionRecord)
        /// The same normalised text was already graded against this exercise version: its stored
        /// grade answers, no attempt is used.
        case reused(SubmissionRecord)

        var submission: SubmissionRecord {
            switch self {
            case .created(let record), .reused(let record): record
            }
        }
    }

    /// The exercise `slug` of the course, or 404.
    func exercise(slug: String, in course: Course) async throws -> ExerciseRecord {
        let courseID = course.id
        guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
            throw HTTPError.notFound("No exercise \(slug) in \(course.slug).")
        }
        return record
    }

    /// Grades and stores `text` as the user's next attempt at `exercise`, or answers from the
    /// stored grade of an identical earlier submission.
    /// - Throws: ``HTTPError`` 403 (not open, closed), 409 (no attempts left), 429 (cooldown),
    ///   503 (grading queue full).
    func submit(_ text: String, to record: ExerciseRecord, by userID: Int64, now: Date = Date()) async throws -> Outcome {
        let hash = SubmissionText.hash(text)
        let exerciseID = record.id
        let version = record.version
        let policy = record.policy
        let precheck: SubmissionRecord? = try await database.read { db in
            if let same = try SubmissionRecord.identical(userID: userID, exerciseID: exerciseID, normalizedHash: hash,
                                                         exerciseVersion: version, db) {
                return same
            }
            try Self.admit(policy: policy, userID: userID, exerciseID: exerciseID, now: now, db)
            return nil
        }
        if let precheck { return .reused(precheck) }

        let exercise = try library.exercise(record)
        let grade = try await workers.run {
            StoredGrade(Grader.grade(exercise, submission: text, options: GradeOptions(pictures: false)))
        }
        return try await database.write { db in
            // Decided again inside the write transaction: concurrent submissions of one user are serialised here.
            if let same = try SubmissionRecord.identical(userID: userID, exerciseID: exerciseID, normalizedHash: hash,
                                                         exerciseVersion: version, db) {
                return .reused(same)
            }
            let penalty = try Self.admit(policy: policy, userID: userID, exerciseID: exerciseID, now: now, db)
            return .created(try SubmissionRecord.insert(userID: userID, exerciseID: exerciseID, text: text, normalizedHash: hash,
                                                        grade: grade, latePenalty: penalty, at: now, db))
        }
    }

    /// The late penalty a new attempt gets now, or the refusal as an ``HTTPError``.
    @discardableResult
    static func admit(policy: ExercisePolicy, userID: Int64, exerciseID: Int64, now: Date, _ db: Connection) throws -> Double {
        let grant = try DeadlineExtension.find(userID: userID, exerciseID: exerciseID, db)
        let attempts = try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db)
        switch SubmissionWindow(policy: policy, extension: grant).decide(attempts: attempts, now: now) {
        case .accept(let penalty):
            return penalty
        case .refuse(let refusal):
            throw refusal.httpError
        }
    }

    /// The full report of a stored submission (with pictures), recomputed with the exercise version
    /// it was graded against: grading is deterministic, so it is what the student saw.
    func report(for submission: SubmissionRecord, pictures: Bool = true) async throws -> GradeReport? {
        guard let exercise = try await library.exercise(id: submission.exerciseID, version: submission.exerciseVersion) else {
            return nil
        }
        let text = submission.text
        return try await workers.run { Grader.grade(exercise, submission: text, options: GradeOptions(pictures: pictures)) }
    }
}

extension SubmissionWindow.Refusal {
    /// The refusal as an HTTP error.
    var httpError: HTTPError {
        switch self {
        case .notOpen, .closed:
            return HTTPError(.forbidden, code: "closed", message: message)
        case .noAttemptsLeft:
            return HTTPError(.conflict, code: "no_attempts_left", message: message)
        case .coolingDown(let seconds):
            var headers = HTTPHeaders()
            headers.add("Retry-After", String(seconds))
            return HTTPError(.tooManyRequests, code: "cooldown", message: message, headers: headers)
        }
    }
}
