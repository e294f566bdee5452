import Foundation
import Grading
import HTTPServer
import SQLite
import Store
import Threads

/// Pairs of students whose work on an exercise is the same or nearly so, for an instructor to
/// review (never a penalty). Each student's counted submission is compared with every other's by
/// fingerprint (`SubmissionFingerprint`). Left out: work equal to the reference or the starter,
/// and work no longer than the reference, which everyone who solves it writes alike. Bounded:
/// at most `maxCompared` students (by username), at most `maxPairs` pairs reported.
struct SimilarityService: Sendable {
    /// Most students compared: 400 give about 80,000 comparisons of a few dozen elements.
    static let maxCompared = 400
    /// Most pairs reported.
    static let maxPairs = 200
    /// Pairs at least this similar are reported.
    static let threshold = 0.8

    let database: DatabasePool
    let library: ExerciseLibrary
    let workers: WorkerPool

    struct Pair: Sendable, Equatable {
        /// Usernames, `a` before `b`.
        let a: String
        let b: String
        let score: Double
        /// The submissions compared, `a`'s then `b`'s.
        let submissions: [Int64]
        let texts: [String]
    }

    struct Report: Sendable {
        let exercise: ExerciseRecord
        let pairs: [Pair]
        /// Students whose counted submission was compared.
        let compared: Int
        /// Students left out: work equal to the reference or starter, or no longer than the reference.
        let excluded: Int
        /// Students beyond `maxCompared`, not compared.
        let skipped: Int
    }

    func report(_ record: ExerciseRecord) async throws -> Report {
        let exercise = try library.exercise(record)
        let courseID = record.courseID
        let exerciseID = record.id
        let (candidates, skipped): ([(username: String, id: Int64, text: String)], Int) = try await database.read { db in
            let students = try User.members(courseID: courseID, role: .student, db)
            let names = Dictionary(uniqueKeysWithValues: students.map { ($0.id, $0.username) })
            var byUser: [Int64: [SubmissionScore]] = [:]
            for attempt in try AnalyticsQueries.attempts(exerciseID: exerciseID, courseID: courseID, db) {
                byUser[attempt.userID, default: []].append(SubmissionScore(
                    id: 0, userID: attempt.userID, exerciseID: exerciseID, attempt: attempt.attempt, score: attempt.score,
                    maxScore: attempt.maxScore, latePenalty: attempt.latePenalty, createdAt: attempt.createdAt))
            }
            var chosen: [(String, Int64, String)] = []
            var skipped = 0
            for student in students.sorted(by: { $0.username < $1.username }) {
                guard let mine = byUser[student.id], let counted = Gradebook.counted(mine, policy: record.scorePolicy) else { continue }
                guard chosen.count < Self.maxCompared else {
                    skipped += 1
                    continue
                }
                guard let submission = try SubmissionRecord.all(userID: student.id, exerciseID: exerciseID, db)
                    .first(where: { $0.attempt == counted.attempt }) else { continue }
                chosen.append((names[student.id] ?? student.username, submission.id, submission.text))
            }
            return (chosen, skipped)
        }
        let compared = candidates
        return try await workers.run {
            let reference = SubmissionFingerprint.make(exercise, text: exercise.reference)
            let starter = SubmissionFingerprint.make(exercise, text: exercise.starter)
            let shortest = (reference?.size ?? 0) + 1
            var kept: [(username: String, id: Int64, text: String, fingerprint: SubmissionFingerprint)] = []
            for candidate in compared {
                guard let fingerprint = SubmissionFingerprint.make(exercise, text: candidate.text), fingerprint != reference,
                      fingerprint != starter, fingerprint.size >= shortest else { continue }
                kept.append((candidate.username, candidate.id, candidate.text, fingerprint))
            }
            var pairs: [Pair] = []
            for i in kept.indices {
                for j in kept.indices where j > i {
                    let score = kept[i].fingerprint.similarity(to: kept[j].fingerprint)
                    guard score >= Self.threshold else { continue }
                    pairs.append(Pair(a: kept[i].username, b: kept[j].username, score: (score * 1000).rounded() / 1000,
                                      submissions: [kept[i].id, kept[j].id], texts: [kept[i].text, kept[j].text]))
                }
            }
            pairs.sort { $0.score != $1.score ? $0.score > $1.score : ($0.a != $1.a ? $0.a < $1.a : $0.b < $1.b) }
            return Report(exercise: record, pairs: Array(pairs.prefix(Self.maxPairs)), compared: compared.count,
                          excluded: compared.count - kept.count, skipped: skipped)
        }
    }
}
