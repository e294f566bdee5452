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
        let points = try await library.exercise(id: exercise.id, version: submission.exerciseVersion).map(FeedbackPolicy.checkPoints) ?? []
        return GradeView.student(checks, policy: policy, points: points, deadlinePassed: Self.deadlinePassed(exercise, grant, now: now))
    }

    /// The scenarios or checks of the current version held back from a student now (empty when none).
    func hiddenChecks(of exercise: ExerciseRecord, userID: Int64, now: Date = Date()) async throws -> [GradeView.Hidden] {
        let exerciseID = exercise.id
        let (stored, grant) = try await database.read { db in
            (try ExerciseFeedbackRecord.find(exerciseID: exerciseID, db), try DeadlineExtension.find(userID: userID, exerciseID: exerciseID, db))
        }
        let policy = FeedbackPolicy(stored)
        guard !policy.entries.isEmpty else { return [] }
        let points = FeedbackPolicy.checkPoints(try library.exercise(exercise))
        let checks = points.map { StoredCheck(name: $0.name, passed: true, points: $0.points, message: "") }
        return GradeView.student(checks, policy: policy, points: points, deadlinePassed: Self.deadlinePassed(exercise, grant, now: now)).hidden
    }

    /// Whether the exercise has closed for the student: their close, else their due date; never without either.
    static func deadlinePassed(_ exercise: ExerciseRecord, _ grant: DeadlineExtension?, now: Date) -> Bool {
        let window = SubmissionWindow(policy: exercise.policy, extension: grant)
        return (window.closesAt ?? window.dueAt).map { $0 <= now } ?? false
    }
}
