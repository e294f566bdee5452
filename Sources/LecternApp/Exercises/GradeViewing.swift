import Foundation
import SQLite
import Store

/// Decides what a viewer sees of a stored grade: staff everything; the student who submitted it
/// what the exercise's feedback policy shows them now.
struct GradeViewing: Sendable {
    let database: DatabasePool
    let library: ExerciseLibrary

    /// The view of `submission` of `exercise` for a viewer.
    func view(_ submission: SubmissionRecord, of exercise: ExerciseRecord, isStaff: Bool, now: Date = Date()) async throws -> GradeView {
        let checks = StoredGradeParts.checks(submission.checksJSON)
        if isStaff { return .everything(checks) }
        let exerciseID = exercise.id, userID = submission.userID
        let (stored, grant) = try await database.read { db in
            (try ExerciseFeedbackRecord.find(exerciseID: exerciseID, db), try DeadlineExtension.find(userID: userID, exerciseID: exerciseID, db))
        }
        let policy = FeedbackPolicy(stored)
        if policy == FeedbackPolicy(ExerciseFeedbackRecord()) { return .everything(checks) }
        let window = SubmissionWindow(policy: exercise.policy, extension: grant)
        let points = try await library.exercise(id: exercise.id, version: submission.exerciseVersion).map(FeedbackPolicy.checkPoints) ?? []
        let deadline = window.closesAt ?? window.dueAt
        return GradeView.student(checks, policy: policy, points: points, deadlinePassed: deadline.map { $0 <= now } ?? false)
    }
}
