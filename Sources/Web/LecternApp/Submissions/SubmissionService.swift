import Foundation
import Grading
import HTTPServer
import SQLite
import Store
import Threads

/// Accepting a submission: the deadline and attempt rules, an attempt reserved before grading,
/// grading in the fair queue, and the durable commit that comes before any acknowledgement.
struct SubmissionService: Sendable {
    let database: DatabasePool
    let library: ExerciseLibrary
    let queue: GradingQueue

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

    /// A submission that could not be graded (unreadable, disallowed, or over a grading limit):
    /// answered with 422 and its diagnostics; no attempt is used.
    struct Unreadable: Error, Sendable {
        let diagnostics: [String]

        var message: String {
            "The submission could not be graded and did not use an attempt: fix what the diagnostics say and submit again."
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
    ///
    /// In order: the user's one place in the grading queue (else 429 at once); in one write
    /// transaction, an identical earlier submission answers, or the rules are checked and the
    /// attempt reserved; grading with pictures; in one write transaction, the graded submission
    /// replaces the reservation. A submission that cannot be graded releases its reservation.
    /// - Throws: ``HTTPError`` 403 (not open, closed), 409 (no attempts left), 429 (cooldown, or a
    ///   submission of the user already in grading), 503 (grading queue full); ``Unreadable``.
    func submit(_ text: String, form: SubmissionForm? = nil, to record: ExerciseRecord, by userID: Int64,
                now: Date = Date()) async throws -> Outcome {
        let place = try queue.admit(userID: userID)
        defer { queue.release(place) }
        let hash = SubmissionText.hash(text)
        let exerciseID = record.id
        let version = record.version
        let policy = record.policy
        let admission: Admission = try await database.write { db in
            if let same = try SubmissionRecord.identical(userID: userID, exerciseID: exerciseID, normalizedHash: hash,
                                                         exerciseVersion: version, db) {
                return .identical(same)
            }
            let penalty = try Self.admit(policy: policy, userID: userID, exerciseID: exerciseID, now: now, db)
            return .reserved(try SubmissionReservation.reserve(userID: userID, exerciseID: exerciseID, latePenalty: penalty,
                                                               at: now, db))
        }
        let reservation: SubmissionReservation
        switch admission {
        case .identical(let same): return .reused(same)
        case .reserved(let taken): reservation = taken
        }

        let report: GradeReport
        do {
            let exercise = try library.exercise(record)
            report = try await queue.run(place) {
                Grader.grade(exercise, submission: text, form: form, options: queue.options(pictures: true))
            }
        } catch {
            _ = try? await database.write { db in try SubmissionReservation.release(id: reservation.id, db) }
            throw error
        }
        guard report.outcome == .graded else {
            try await database.write { db in try SubmissionReservation.release(id: reservation.id, db) }
            throw Unreadable(diagnostics: report.diagnostics)
        }
        let grade = StoredGrade(report)
        let pictures = GradeArtifacts.Pictures(graderVersion: GraderVersion.current, json: StoredPictures.json(report.pictures))
        do {
            return try await database.write { db in
                let created = try SubmissionRecord.insert(userID: userID, exerciseID: exerciseID, text: text, normalizedHash: hash,
                                                          grade: grade, latePenalty: reservation.latePenalty,
                                                          at: reservation.reservedAt, replacing: reservation.id, db)
                try GradeArtifacts.savePictures(pictures, submissionID: created.id, db)
                try GradeRecordedHook.gradeRecorded(userID: userID, exerciseID: exerciseID, db)
                return .created(created)
            }
        } catch {
            _ = try? await database.write { db in try SubmissionReservation.release(id: reservation.id, db) }
            throw error
        }
    }

    /// What the admission transaction decided: answer from an identical stored submission, or
    /// grade in the attempt it reserved.
    private enum Admission: Sendable {
        case identical(SubmissionRecord)
        case reserved(SubmissionReservation)
    }

    /// The late penalty a new attempt gets now, or the refusal as an ``HTTPError``.
    @discardableResult
    static func admit(policy: ExercisePolicy, userID: Int64, exerciseID: Int64, now: Date, _ db: Connection) throws -> Double {
        let time = try StudentTime.load(userID: userID, exerciseID: exerciseID, db)
        let attempts = try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db)
        switch time.window(exerciseID: exerciseID, policy: policy).decide(attempts: attempts, now: now) {
        case .accept:
            return time.latePenalty(exerciseID: exerciseID, policy: policy, at: now)
        case .refuse(let refusal):
            throw refusal.httpError
        }
    }

    /// The pictures of a stored submission's grade: read from the store; a grade stored without
    /// them (before pictures were kept, or replaced by a regrade) has them drawn once, in the
    /// viewer's place in the grading queue, and stored. While the viewer has another job in the
    /// queue (or the queue is full), none are drawn and the page goes without.
    func pictures(for submission: SubmissionRecord, viewerID: Int64) async throws -> [GradePicture] {
        let submissionID = submission.id
        if let stored = try await database.read({ db in try GradeArtifacts.pictures(submissionID: submissionID, db) }) {
            return StoredPictures.pictures(stored.json)
        }
        guard let exercise = try await library.exercise(id: submission.exerciseID, version: submission.exerciseVersion) else {
            return []
        }
        let text = submission.text
        let report: GradeReport
        do {
            report = try await queue.run(for: viewerID) { Grader.grade(exercise, submission: text, options: queue.options(pictures: true)) }
        } catch let busy as HTTPError where [429, 503].contains(busy.status.code) {
            return []  // the viewer is grading something else, or the queue is full: the page shows the grade without pictures
        } catch is ThreadPoolError {
            return []  // the grading threads' queue is full or stopping: the same
        }
        let pictures = GradeArtifacts.Pictures(graderVersion: GraderVersion.current, json: StoredPictures.json(report.pictures))
        let score = submission.score
        let checks = submission.checksJSON
        try await database.write { db in
            // Only for the grade they were drawn from: a regrade in between leaves them undrawn.
            guard let current = try SubmissionRecord.find(id: submissionID, db), current.score == score,
                  current.checksJSON == checks else { return }
            try GradeArtifacts.savePictures(pictures, submissionID: submissionID, db)
        }
        return report.pictures
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
