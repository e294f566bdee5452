import Foundation
import Grading
import HTTPServer
import SQLite
import Store

/// Accepting a submission: the deadline and attempt rules, an attempt reserved before grading,
/// grading in the fair queue, and the durable commit that comes before any acknowledgement.
///
/// One submission is two write transactions around one grading: the first finds the exercise,
/// answers an identical earlier submission from its stored grade or checks the rules and reserves
/// the attempt (reading what the answer's view of the grade needs on the way); the second stores
/// the submission with its grade's rows and pictures in place of the reservation.
struct SubmissionService: Sendable {
    let database: DatabasePool
    let library: ExerciseLibrary
    let queue: GradingQueue

    /// What a submission led to, with what its answer shows.
    struct Outcome: Sendable {
        /// A new attempt graded and committed (`created`), or the stored grade of the same normalised
        /// text against this exercise version (`reused`: no attempt used).
        let submission: SubmissionRecord
        let reused: Bool
        /// The exercise submitted to.
        let exercise: ExerciseRecord
        /// The grade's checks and diagnostics.
        let grade: GradeDetails
        /// What the submitter's view of the grade depends on.
        let viewInputs: GradeViewing.Inputs
    }

    /// A submission that could not be graded (unreadable, disallowed, or over a grading limit):
    /// answered with 422 and its diagnostics; no attempt is used.
    struct Unreadable: Error, Sendable {
        let diagnostics: [String]

        var message: String {
            "The submission could not be graded and did not use an attempt: fix what the diagnostics say and submit again."
        }
    }

    /// The exercise `slug` of the course as `access` sees it: 404 when it does not exist, or (with
    /// `publishedOnly`) is unpublished and the viewer is not staff.
    func exercise(slug: String, in access: CourseAccess, publishedOnly: Bool = true) async throws -> ExerciseRecord {
        let courseID = access.course.id, isStaff = access.isStaff || !publishedOnly
        let record = try await database.read { db in try ExerciseVisibility.find(courseID: courseID, slug: slug, isStaff: isStaff, db) }
        guard let record else { throw AccessError.noExercise(slug, in: access.course.slug) }
        return record
    }

    /// Grades and stores `text` as the user's next attempt at the exercise `slug`, or answers from
    /// the stored grade of an identical earlier submission.
    ///
    /// In order: the user's one place in the grading queue (else refused at once); in one write
    /// transaction, the exercise, then an identical earlier submission answers, or the rules are
    /// checked and the attempt reserved; grading with pictures; in one write transaction, the graded
    /// submission with its grade's rows replaces the reservation. A submission that cannot be graded
    /// releases its reservation.
    /// - Throws: ``GradingRefusal`` (a submission of the user in grading, or the queue full),
    ///   ``SubmissionWindow/Refusal`` (not open, closed, no attempts left, cooling down),
    ///   ``AccessError/noExercise(_:in:)``, ``Unreadable``.
    func submit(_ text: String, form: SubmissionForm? = nil, slug: String, in access: CourseAccess,
                now: Date = Date()) async throws -> Outcome {
        let userID = access.principal.user.id
        let place = try queue.admit(userID: userID)
        defer { queue.release(place) }
        let hash = SubmissionText.hash(text)
        let courseID = access.course.id, isStaff = access.isStaff
        let admission: Admission? = try await database.write { db in
            guard let record = try ExerciseVisibility.find(courseID: courseID, slug: slug, isStaff: isStaff, db) else { return nil }
            let inputs = try GradeViewing.Inputs.read(exerciseID: record.id, userID: userID, db)
            if let same = try SubmissionRecord.identical(userID: userID, exerciseID: record.id, normalizedHash: hash,
                                                         exerciseVersion: record.version, db) {
                return .identical(Outcome(submission: same, reused: true, exercise: record,
                                          grade: try GradeDetails.find(submissionID: same.id, pictures: false, db), viewInputs: inputs))
            }
            let penalty = try Self.admit(policy: record.policy, userID: userID, exerciseID: record.id, now: now, db)
            let reservation = try SubmissionReservation.reserve(userID: userID, exerciseID: record.id, latePenalty: penalty, at: now, db)
            return .reserved(record, reservation, inputs)
        }
        let record: ExerciseRecord, reservation: SubmissionReservation, inputs: GradeViewing.Inputs
        switch admission {
        case nil: throw AccessError.noExercise(slug, in: access.course.slug)
        case .identical(let outcome)?: return outcome
        case .reserved(let found, let taken, let read)?: (record, reservation, inputs) = (found, taken, read)
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
        let grade = StoredGrade(report, keepingPictures: true)
        let exerciseID = record.id
        do {
            let created = try await database.write { db in
                let created = try SubmissionRecord.insert(userID: userID, exerciseID: exerciseID, text: text, normalizedHash: hash,
                                                          grade: grade, latePenalty: reservation.latePenalty,
                                                          at: reservation.reservedAt, replacing: reservation.id, db)
                try GradeRecordedHook.gradeRecorded(userID: userID, exerciseID: exerciseID, db)
                return created
            }
            return Outcome(submission: created, reused: false, exercise: record,
                           grade: GradeDetails(checks: grade.checks, diagnostics: grade.diagnostics.map(StoredDiagnostic.init),
                                               pictures: grade.pictures),
                           viewInputs: inputs)
        } catch {
            _ = try? await database.write { db in try SubmissionReservation.release(id: reservation.id, db) }
            throw error
        }
    }

    /// What the admission transaction decided: answer from an identical stored submission, or
    /// grade in the attempt it reserved.
    private enum Admission: Sendable {
        case identical(Outcome)
        case reserved(ExerciseRecord, SubmissionReservation, GradeViewing.Inputs)
    }

    /// The late penalty a new attempt gets now.
    /// - Throws: ``SubmissionWindow/Refusal`` when the rules refuse it.
    @discardableResult
    static func admit(policy: ExercisePolicy, userID: Int64, exerciseID: Int64, now: Date, _ db: Connection) throws -> Double {
        let time = try StudentTime.load(userID: userID, exerciseID: exerciseID, db)
        let attempts = try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db)
        switch time.window(exerciseID: exerciseID, policy: policy).decide(attempts: attempts, now: now) {
        case .accept:
            return time.latePenalty(exerciseID: exerciseID, policy: policy, at: now)
        case .refuse(let refusal):
            throw refusal
        }
    }
}
