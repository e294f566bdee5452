import Foundation
import SQLite
import Store

/// The observer grade recording calls, in the transaction that records or changes a grade: when
/// the student launched the exercise from an LMS with a line item, the score that now counts is
/// queued in the LTI outbox (in the same transaction, so a committed grade always has its post).
/// Students who never launched through LTI cost one indexed read.
enum GradeRecordedHook {
    /// Queues the counted score of `userID` on `exerciseID` for each of their line items.
    static func gradeRecorded(userID: Int64, exerciseID: Int64, now: Date = Date(), _ db: Connection) throws {
        let targets = try LTIGradeTarget.all(userID: userID, exerciseID: exerciseID, db)
        guard !targets.isEmpty, let exercise = try ExerciseRecord.find(id: exerciseID, db) else { return }
        let scores = try SubmissionScore.all(userID: userID, exerciseID: exerciseID, db)
        guard let counted = Gradebook.counted(scores, policy: exercise.scorePolicy) else { return }
        for target in targets {
            try LTIScoreOutbox.enqueue(platformID: target.platformID, userID: userID, exerciseID: exerciseID,
                                       lineitemURL: target.lineitemURL, subject: target.subject,
                                       scoreGiven: counted.countedScore, scoreMaximum: counted.maxScore, scoredAt: now, now: now, db)
        }
    }
}
