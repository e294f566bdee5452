import Foundation
import SQLite
import Store

/// Decides what a viewer sees of a stored grade: staff everything; the student who submitted it
/// what the exercise's feedback policy shows them now. What it needs from the database is read
/// with the grade, in the caller's transaction (``Inputs``).
struct GradeViewing: Sendable {
    let library: ExerciseLibrary

    /// The stored facts a student's view depends on: the exercise's feedback policy and the
    /// student's deadline extension.
    struct Inputs: Sendable {
        let feedback: ExerciseFeedbackRecord
        let grant: DeadlineExtension?

        /// Reads them for `userID`'s view of `exerciseID`.
        static func read(exerciseID: Int64, userID: Int64, _ db: Connection) throws -> Inputs {
            Inputs(feedback: try ExerciseFeedbackRecord.find(exerciseID: exerciseID, db),
                   grant: try DeadlineExtension.find(userID: userID, exerciseID: exerciseID, db))
        }
    }

    /// The view of the `checks` of `submission` (to `exercise`) for a viewer.
    func view(_ checks: [StoredCheck], of submission: SubmissionRecord, exercise: ExerciseRecord, isStaff: Bool,
              inputs: Inputs, now: Date = Date()) async throws -> GradeView {
        if isStaff { return .everything(checks) }
        let policy = FeedbackPolicy(inputs.feedback)
        if policy == FeedbackPolicy(ExerciseFeedbackRecord()) { return .everything(checks) }
        let points = try await library.exercise(id: exercise.id, version: submission.exerciseVersion).map(FeedbackPolicy.checkPoints) ?? []
        return GradeView.student(checks, policy: policy, points: points,
                                 deadlinePassed: Self.deadlinePassed(exercise, inputs.grant, now: now))
    }

    /// The scenarios or checks of the current version held back from a student now (empty when none).
    func hiddenChecks(of exercise: ExerciseRecord, inputs: Inputs, now: Date = Date()) throws -> [GradeView.Hidden] {
        let policy = FeedbackPolicy(inputs.feedback)
        guard !policy.entries.isEmpty else { return [] }
        let points = FeedbackPolicy.checkPoints(try library.exercise(exercise))
        let checks = points.map { StoredCheck(name: $0.name, passed: true, points: $0.points, message: "") }
        return GradeView.student(checks, policy: policy, points: points,
                                 deadlinePassed: Self.deadlinePassed(exercise, inputs.grant, now: now)).hidden
    }

    /// Whether the exercise has closed for the student: their close, else their due date; never without either.
    static func deadlinePassed(_ exercise: ExerciseRecord, _ grant: DeadlineExtension?, now: Date) -> Bool {
        let window = SubmissionWindow(policy: exercise.policy, extension: grant)
        return (window.closesAt ?? window.dueAt).map { $0 <= now } ?? false
    }
}
