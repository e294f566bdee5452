import Foundation
import SQLite
import Store

/// Totals that would give away a check held back from a student: an exercise whose policy hides a
/// scenario or check from them now shows them no score in lists (home page, "My work"), only on
/// each result, counted by what is shown.
enum ScoreHiding {
    /// Of `exercises`, the ids whose totals the student `userID` does not see at `now`.
    static func hiddenExerciseIDs(userID: Int64, exercises: [ExerciseRecord], now: Date = Date(), _ db: Connection) throws -> [Int64] {
        var hidden: [Int64] = []
        for exercise in exercises {
            let policy = FeedbackPolicy(try ExerciseFeedbackRecord.find(exerciseID: exercise.id, db))
            let values = policy.entries.map(\.visibility)
            if values.contains(.never) {
                hidden.append(exercise.id)
            } else if values.contains(.afterDeadline) {
                let grant = try DeadlineExtension.find(userID: userID, exerciseID: exercise.id, db)
                if !GradeViewing.deadlinePassed(exercise, grant, now: now) { hidden.append(exercise.id) }
            }
        }
        return hidden
    }

    /// The `course/exercise` slugs of `submissions` whose totals the user does not see now (none for
    /// admins, none in the courses they teach).
    static func hiddenKeys(userID: Int64, isAdmin: Bool, submissions: [RecentSubmission], now: Date = Date(),
                           _ db: Connection) throws -> [String] {
        guard !isAdmin else { return [] }
        var keys: [String] = []
        var seen: [String] = []
        for submission in submissions {
            let key = "\(submission.courseSlug)/\(submission.exerciseSlug)"
            guard !seen.contains(key) else { continue }
            seen.append(key)
            guard let course = try Course.find(slug: submission.courseSlug, db),
                  let exercise = try ExerciseRecord.find(courseID: course.id, slug: submission.exerciseSlug, db),
                  try User.role(userID: userID, courseID: course.id, db) != .instructor else { continue }
            if try !hiddenExerciseIDs(userID: userID, exercises: [exercise], now: now, db).isEmpty { keys.append(key) }
        }
        return keys
    }
}
