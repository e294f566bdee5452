import Foundation
import Store

/// The late days a student has spent, replayed from their stored submissions in order: each late
/// submission spends the whole days it is late that the exercise has not already been given, as
/// far as the bank allows. A submission later than its exercise has days for pays the usual late
/// penalty for the days it is not covered. Deterministic for the same submissions and deadlines.
struct LateDayLedger: Sendable, Equatable {
    /// The course's bank.
    let bank: Int
    /// Days given to each exercise so far.
    private(set) var spent: [Int64: Int] = [:]
    /// Days spent over all exercises.
    private(set) var total = 0

    /// Days the student has left.
    var left: Int { max(0, bank - total) }

    init(bank: Int) {
        self.bank = max(0, bank)
    }

    /// Replays `timings` (oldest first) against each exercise's due date (`dueAt`, nil: never late).
    init(bank: Int, timings: [SubmissionTiming], dueAt: (Int64) -> Date?) {
        self.init(bank: bank)
        for timing in timings { spend(exerciseID: timing.exerciseID, at: timing.createdAt, dueAt: dueAt(timing.exerciseID)) }
    }

    /// Whole days `date` is after `dueAt` (0 when on time), at most 10,000.
    static func daysLate(_ date: Date, dueAt: Date?) -> Int {
        guard let dueAt, date > dueAt else { return 0 }
        return Int(min(10_000, (date.timeIntervalSince(dueAt) / 86_400).rounded(.up)))
    }

    /// Spends what a submission at `date` needs and returns the days the exercise now has.
    @discardableResult
    mutating func spend(exerciseID: Int64, at date: Date, dueAt: Date?) -> Int {
        let have = spent[exerciseID] ?? 0
        let needed = Self.daysLate(date, dueAt: dueAt)
        let more = min(max(0, needed - have), left)
        guard more > 0 else { return have }
        spent[exerciseID] = have + more
        total += more
        return have + more
    }

    /// Days given to one exercise.
    func days(for exerciseID: Int64) -> Int { spent[exerciseID] ?? 0 }
}
