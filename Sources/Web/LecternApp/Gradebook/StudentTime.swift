import Foundation
import SQLite
import Store

/// One student's time in a course: each exercise's deadlines with their accommodation and
/// extension applied, and the late days they have spent and have left.
struct StudentTime: Sendable {
    let bank: Int
    let accommodation: Accommodation?
    /// Extensions by exercise id.
    let extensions: [Int64: DeadlineExtension]
    /// The course's exercises' policies by id.
    let policies: [Int64: ExercisePolicy]
    /// Replayed over the stored submissions.
    let ledger: LateDayLedger

    /// Reads everything for `userID` in the course of `exerciseID` (or `courseID`).
    static func load(userID: Int64, courseID: Int64, _ db: Connection) throws -> StudentTime {
        let bank = try LateDayBank.days(courseID: courseID, db)
        let accommodation = try Accommodation.find(userID: userID, courseID: courseID, db)
        var extensions: [Int64: DeadlineExtension] = [:]
        for grant in try DeadlineExtension.all(userID: userID, courseID: courseID, db) { extensions[grant.exerciseID] = grant }
        var policies: [Int64: ExercisePolicy] = [:]
        for record in try ExerciseRecord.all(courseID: courseID, db) { policies[record.id] = record.policy }
        let timings = bank > 0 ? try SubmissionTiming.all(userID: userID, courseID: courseID, db) : []
        let ledger = LateDayLedger(bank: bank, timings: timings) { id in
            policies[id].flatMap { Self.window(policy: $0, extension: extensions[id], accommodation: accommodation).dueAt }
        }
        return StudentTime(bank: bank, accommodation: accommodation, extensions: extensions, policies: policies, ledger: ledger)
    }

    /// Reads everything for `userID` in the course that has `exerciseID`.
    static func load(userID: Int64, exerciseID: Int64, _ db: Connection) throws -> StudentTime {
        let courseID = try ExerciseRecord.find(id: exerciseID, db)?.courseID ?? -1
        return try load(userID: userID, courseID: courseID, db)
    }

    /// The exercise's window for a student: the accommodation stretches the exercise's deadlines,
    /// and an extension replaces them when it is later.
    static func window(policy: ExercisePolicy, extension grant: DeadlineExtension?, accommodation: Accommodation?) -> SubmissionWindow {
        guard let accommodation else { return SubmissionWindow(policy: policy, extension: grant) }
        var stretched = policy
        stretched.dueAt = policy.dueAt.map { accommodation.stretch($0, opensAt: policy.opensAt) }
        stretched.closesAt = policy.closesAt.map { accommodation.stretch($0, opensAt: policy.opensAt) }
        guard var grant else { return SubmissionWindow(policy: stretched, extension: nil) }
        if let due = stretched.dueAt, due > grant.dueAt { grant.dueAt = due }
        if let close = stretched.closesAt, let granted = grant.closesAt, close > granted { grant.closesAt = close }
        return SubmissionWindow(policy: stretched, extension: grant)
    }

    /// The window of one exercise for this student.
    func window(exerciseID: Int64, policy: ExercisePolicy) -> SubmissionWindow {
        Self.window(policy: policy, extension: extensions[exerciseID], accommodation: accommodation)
    }

    /// The late penalty of a new attempt at `now`, after spending the late days it needs.
    func latePenalty(exerciseID: Int64, policy: ExercisePolicy, at now: Date) -> Double {
        let window = window(exerciseID: exerciseID, policy: policy)
        var ledger = ledger
        let covered = ledger.spend(exerciseID: exerciseID, at: now, dueAt: window.dueAt)
        return window.latePenalty(at: now.addingTimeInterval(-TimeInterval(covered) * 86_400))
    }

    /// Late days the student has left.
    var lateDaysLeft: Int { ledger.left }
}
