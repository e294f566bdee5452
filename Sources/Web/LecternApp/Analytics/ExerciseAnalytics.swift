import Foundation
import Store

/// How a class did on one exercise, computed from the stored grades of the course's students:
/// counted scores (by the exercise's score policy, after late penalties), pass rates, the most
/// frequent diagnostics, and attempts and time to the first full score. Deterministic: every
/// list has a fixed order and nothing depends on dictionary order.
struct ExerciseAnalytics: Sendable, Equatable {
    /// Buckets of the score histogram: tenths of the full score, the last one including it.
    static let histogramBuckets = 10

    struct Rate: Sendable, Equatable {
        let name: String
        /// Students who passed it at least once, over students graded on it.
        let passRate: Double
        let students: Int
    }

    struct Diagnostic: Sendable, Equatable {
        let code: String
        /// Students who got it at least once.
        let count: Int
        /// One occurrence's text, without whose it is.
        let example: String
    }

    let exercise: ExerciseRecord
    /// The course's students.
    let students: Int
    /// Students with at least one stored attempt.
    let attempted: Int
    /// Usernames of the students without an attempt, by username.
    let notAttempted: [String]
    /// Counts per tenth of the full score.
    let histogram: [Int]
    let mean: Double?
    let median: Double?
    let scenarios: [Rate]
    let checks: [Rate]
    let diagnostics: [Diagnostic]
    /// Median attempt number of the first full score, over students who reached one.
    let attemptsToFullScoreMedian: Double?
    /// Median seconds from a student's first attempt to their first full score.
    let timeToFullScoreMedian: Double?
    /// Students who reached a full score.
    let reachedFullScore: Int

    /// Share of the students who attempted.
    var participation: Double { students == 0 ? 0 : Double(attempted) / Double(students) }

    /// The analytics from what the store holds: each student's standing (`scores`), the check and
    /// diagnostic tallies; `scenarioNames` says which checks are scenarios (the others are dynamics
    /// checks and style rules).
    static func compute(exercise: ExerciseRecord, students: [(id: Int64, username: String)], scores: [AnalyticsQueries.StudentScore],
                        checks: [AnalyticsQueries.CheckTally], diagnostics: [AnalyticsQueries.DiagnosticTally],
                        scenarioNames: [String]) -> ExerciseAnalytics {
        var byUser: [Int64: AnalyticsQueries.StudentScore] = [:]
        for score in scores { byUser[score.userID] = score }
        var counted: [Double] = []
        var attemptsToFull: [Double] = []
        var timeToFull: [Double] = []
        var notAttempted: [String] = []
        for student in students.sorted(by: { $0.username < $1.username }) {
            guard let mine = byUser[student.id], mine.attempts > 0 else {
                notAttempted.append(student.username)
                continue
            }
            counted.append(mine.counted(exercise.scorePolicy))
            if let attempt = mine.firstFullAttempt, let at = mine.firstFullAt {
                attemptsToFull.append(Double(attempt))
                timeToFull.append(max(0, at.timeIntervalSince(mine.firstAt)))
            }
        }
        var histogram = Array(repeating: 0, count: histogramBuckets)
        for score in counted {
            let fraction = exercise.points > 0 ? score / exercise.points : 0
            histogram[min(histogramBuckets - 1, max(0, Int((fraction * Double(histogramBuckets)).rounded(.down))))] += 1
        }
        let scenarioSet = Set(scenarioNames)
        let rates = checks.map { tally in
            Rate(name: tally.name, passRate: tally.students == 0 ? 0 : rounded(Double(tally.passed) / Double(tally.students)),
                 students: tally.students)
        }
        return ExerciseAnalytics(
            exercise: exercise, students: students.count, attempted: students.count - notAttempted.count, notAttempted: notAttempted,
            histogram: histogram, mean: mean(counted),
            median: median(counted), scenarios: rates.filter { scenarioSet.contains($0.name) },
            checks: rates.filter { !scenarioSet.contains($0.name) },
            diagnostics: diagnostics.map { Diagnostic(code: $0.code, count: $0.students, example: $0.example) },
            attemptsToFullScoreMedian: median(attemptsToFull), timeToFullScoreMedian: median(timeToFull),
            reachedFullScore: attemptsToFull.count)
    }

    /// The mean, summed in ascending order so that it never depends on the order of the rows, or nil when empty.
    static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return rounded(values.sorted().reduce(0, +) / Double(values.count))
    }

    /// The middle value (the mean of the two middle ones for an even count), or nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return rounded(sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2)
    }

    /// Four decimals, so that figures read the same everywhere.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
