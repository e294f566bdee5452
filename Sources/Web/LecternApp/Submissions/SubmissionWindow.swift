import Foundation
import Store

/// Whether a student may submit now, and at what late penalty: the exercise's deadline and
/// attempt policy with the student's extension applied.
struct SubmissionWindow: Sendable, Equatable {
    /// Opening time.
    let opensAt: Date?
    /// The student's due date (their extension's, else the exercise's).
    let dueAt: Date?
    /// The student's hard close (their extension's, else the exercise's but never before their due date).
    let closesAt: Date?
    let policy: ExercisePolicy

    init(policy: ExercisePolicy, extension grant: DeadlineExtension?) {
        self.policy = policy
        opensAt = policy.opensAt
        dueAt = grant?.dueAt ?? policy.dueAt
        if let grant {
            closesAt = grant.closesAt ?? policy.closesAt.map { max($0, grant.dueAt) }
        } else {
            closesAt = policy.closesAt
        }
    }

    /// Why a submission is refused.
    enum Refusal: Sendable, Equatable {
        case notOpen(opensAt: Date)
        case closed(closedAt: Date)
        case noAttemptsLeft(limit: Int)
        case coolingDown(retryAfter: Int)

        /// For the student.
        var message: String {
            switch self {
            case .notOpen(let date): "This exercise opens on \(PageFormat.dateTime(date))."
            case .closed(let date): "This exercise closed on \(PageFormat.dateTime(date)); submissions are no longer accepted."
            case .noAttemptsLeft(let limit): "You have used all \(limit) attempts at this exercise."
            case .coolingDown(let seconds): "Wait \(seconds) more second\(seconds == 1 ? "" : "s") before your next attempt."
            }
        }
    }

    /// The decision for a new attempt at `now` after `attempts`.
    enum Decision: Sendable, Equatable {
        case accept(latePenalty: Double)
        case refuse(Refusal)
    }

    func decide(attempts: AttemptSummary, now: Date) -> Decision {
        if let opensAt, now < opensAt { return .refuse(.notOpen(opensAt: opensAt)) }
        if let closesAt, now > closesAt { return .refuse(.closed(closedAt: closesAt)) }
        if let limit = policy.maxAttempts, attempts.count >= limit { return .refuse(.noAttemptsLeft(limit: limit)) }
        if policy.cooldownSeconds > 0, let lastAt = attempts.lastAt {
            let wait = lastAt.addingTimeInterval(TimeInterval(policy.cooldownSeconds)).timeIntervalSince(now)
            if wait > 0 { return .refuse(.coolingDown(retryAfter: Int(wait.rounded(.up)))) }
        }
        return .accept(latePenalty: latePenalty(at: now))
    }

    /// The late penalty at `now`: per started day after the due date, up to the cap.
    func latePenalty(at now: Date) -> Double {
        guard let dueAt, now > dueAt else { return 0 }
        let days = min(10_000, (now.timeIntervalSince(dueAt) / 86_400).rounded(.up))
        return min(policy.latePenaltyCap, policy.latePenaltyPerDay * days)
    }

    /// The rules in words, shown before the student submits.
    func summary(attempts: AttemptSummary) -> [String] {
        var lines: [String] = []
        if let opensAt { lines.append("Opens \(PageFormat.dateTime(opensAt)).") }
        if let dueAt {
            var due = "Due \(PageFormat.dateTime(dueAt))."
            if policy.latePenaltyPerDay > 0 {
                due += " Late submissions lose \(PageFormat.percent(policy.latePenaltyPerDay)) per day, at most \(PageFormat.percent(policy.latePenaltyCap))."
            }
            lines.append(due)
        } else {
            lines.append("No due date.")
        }
        if let closesAt { lines.append("Closes \(PageFormat.dateTime(closesAt)): no submissions after that.") }
        if let limit = policy.maxAttempts {
            lines.append("Attempts: \(attempts.count) of \(limit) used.")
        } else {
            lines.append("Attempts: \(attempts.count) used, no limit.")
        }
        if policy.cooldownSeconds > 0 { lines.append("Wait \(policy.cooldownSeconds) s between attempts.") }
        lines.append(policy.scorePolicy == .best ? "Your best score counts." : "Your last submission counts.")
        lines.append("Submitting exactly the same text again shows its grade without using an attempt.")
        return lines
    }
}
