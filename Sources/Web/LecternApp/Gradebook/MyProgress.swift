import Foundation
import HTML
import SQLite
import Store

/// A student's standing in each exercise of a course, for the course page: the score that
/// counts, attempts left, their own deadline, and the late days they have left.
struct MyProgress: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        let exercise: ExerciseRecord
        /// The counted score, nil before a first attempt.
        let counted: Double?
        let attempts: Int
        /// nil: no limit.
        let attemptsLeft: Int?
        /// The student's own due date (with accommodation and extension), nil for none.
        let dueAt: Date?
        /// Late days given to this exercise.
        let lateDaysSpent: Int
        /// The exercise holds checks back from the student now, so its total is not shown (`ScoreHiding`).
        let scoreHidden: Bool
    }

    let rows: [Row]
    /// The course's bank (0: the course has no late days).
    let lateDays: Int
    let lateDaysLeft: Int

    /// Reads the progress of `userID` in the course's `exercises` (those the student may see).
    static func load(userID: Int64, courseID: Int64, exercises: [ExerciseRecord], _ db: Connection) throws -> MyProgress {
        let time = try StudentTime.load(userID: userID, courseID: courseID, db)
        var byExercise: [Int64: [SubmissionScore]] = [:]
        for score in try SubmissionScore.all(userID: userID, courseID: courseID, db) { byExercise[score.exerciseID, default: []].append(score) }
        let hidden = try ScoreHiding.hiddenExerciseIDs(userID: userID, exercises: exercises, db)
        let rows = try exercises.map { record in
            let mine = byExercise[record.id] ?? []
            let attempts = try SubmissionRecord.attempts(userID: userID, exerciseID: record.id, db).count
            return Row(exercise: record, counted: Gradebook.counted(mine, policy: record.scorePolicy)?.countedScore, attempts: attempts,
                       attemptsLeft: record.maxAttempts.map { max(0, $0 - attempts) },
                       dueAt: time.window(exerciseID: record.id, policy: record.policy).dueAt,
                       lateDaysSpent: time.ledger.days(for: record.id), scoreHidden: hidden.contains(record.id))
        }
        return MyProgress(rows: rows, lateDays: time.bank, lateDaysLeft: time.lateDaysLeft)
    }

    /// The "My progress" section.
    func html(courseSlug: String) -> HTML {
        section(.class("my-progress"), .aria("labelledby", "my-progress")) {
            h2(.id("my-progress")) { "My progress" }
            if lateDays > 0 {
                p(.class("late-days")) {
                    "Late days left: "
                    strong { "\(lateDaysLeft) of \(lateDays)" }
                    ". A late submission spends the whole days it is late automatically."
                }
            }
            ScrollingTable(label: "Scores, attempts and due dates") {
                table {
                    thead { tr { th { "Exercise" }; th { "Best counted score" }; th { "Attempts left" }; th { "Due" }; th { "Late days used" } } }
                    tbody {
                        for row in rows {
                            tr {
                                td { a(.href("/courses/\(courseSlug)/exercises/\(row.exercise.slug)")) { row.exercise.title } }
                                td(.class("number")) {
                                    if row.scoreHidden, row.counted != nil {
                                        "on each result (some checks are held back)"
                                    } else {
                                        row.counted.map { "\(PageFormat.score($0)) / \(PageFormat.score(row.exercise.points))" } ?? "not attempted"
                                    }
                                }
                                td(.class("number")) { row.attemptsLeft.map(String.init) ?? "no limit" }
                                td { row.dueAt.map(PageFormat.dateTime) ?? "no due date" }
                                td(.class("number")) { String(row.lateDaysSpent) }
                            }
                        }
                    }
                }
            }
        }
    }
}
