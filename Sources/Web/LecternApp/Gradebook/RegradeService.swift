import Foundation
import Grading
import HTTPServer
import JSON
import SQLite
import Store
import Threads

/// Regrades: a dry run re-grades every stored submission of an exercise against its current
/// version and keeps the results aside; applying copies each old grade to the history and puts the
/// new one in place, in the background with progress; discarding forgets the dry run.
struct RegradeService: Sendable {
    /// Submissions graded or applied per database transaction.
    static let batchSize = 100

    let database: DatabasePool
    let library: ExerciseLibrary
    let workers: WorkerPool
    /// Where verification grades, in the place of the user who asked for it.
    let queue: GradingQueue

    /// Starts a dry run of `record` in the background and returns it; with `onlyUserID`, of that
    /// student's submissions alone (a regrade request about one student's work).
    func startDryRun(_ record: ExerciseRecord, by actor: User, onlyUserID: Int64? = nil) async throws -> RegradeRun {
        let exercise = try library.exercise(record)
        let exerciseID = record.id
        let version = record.version
        let actorID = actor.id
        let (run, submissions) = try await database.write { db in
            let submissions = try SubmissionRecord.all(exerciseID: exerciseID, db).filter { onlyUserID == nil || $0.userID == onlyUserID }
            let run = try RegradeRun.start(exerciseID: exerciseID, exerciseVersion: version, graderVersion: GraderVersion.current,
                                           total: submissions.count, createdBy: actorID, db)
            return (run, submissions.map { (id: $0.id, text: $0.text) })
        }
        let runID = run.id
        Task.detached {
            do {
                var start = 0
                while start < submissions.count {
                    let batch = Array(submissions[start..<min(start + Self.batchSize, submissions.count)])
                    let results = try await workers.run {
                        batch.map { item in
                            // With pictures: applying the run stores them with the new grade, so viewing never grades.
                            let grade = StoredGrade(Grader.grade(exercise, submission: item.text, options: queue.options(pictures: true)),
                                                    keepingPictures: true)
                            return RegradeResult(submissionID: item.id, score: grade.score, maxScore: grade.maxScore,
                                                 checks: grade.checks, diagnostics: grade.diagnostics, pictures: grade.pictures)
                        }
                    }
                    try await database.write { db in try RegradeRun.addResults(runID: runID, results, db) }
                    start += batch.count
                }
                try await database.write { db in try RegradeRun.transition(runID: runID, from: .dryRun, to: .ready, db) }
            } catch {
                _ = try? await database.write { db in
                    try RegradeRun.transition(runID: runID, from: .dryRun, to: .failed, error: "\(error)", db)
                }
            }
        }
        return run
    }

    /// Applies a ready dry run in the background. Returns false when the run is not ready.
    func apply(runID: Int64, courseID: Int64, by actor: User) async throws -> Bool {
        let actorID = actor.id
        let started: [RegradeResult]? = try await database.write { db in
            guard try RegradeRun.transition(runID: runID, from: .ready, to: .applying, resetProgress: true, db) else { return nil }
            return try RegradeRun.results(runID: runID, db)
        }
        guard let results = started else { return false }
        Task.detached {
            do {
                var start = 0
                var changed = 0
                while start < results.count {
                    let batch = Array(results[start..<min(start + Self.batchSize, results.count)])
                    changed += try await database.write { db in
                        guard let run = try RegradeRun.find(id: runID, db) else { return 0 }
                        var changed = 0
                        for result in batch {
                            guard let current = try SubmissionRecord.find(id: result.submissionID, db) else { continue }
                            let checks = try? GradeDetails.find(submissionID: result.submissionID, pictures: false, db).checks
                            if current.score != result.score || checks != result.checks { changed += 1 }
                            let grade = StoredGrade(exerciseVersion: run.exerciseVersion, graderVersion: run.graderVersion,
                                                    score: result.score, maxScore: result.maxScore, checks: result.checks,
                                                    diagnostics: result.diagnostics, pictures: result.pictures)
                            try SubmissionRecord.replaceGrade(submissionID: result.submissionID, with: grade, regradeRunID: runID, db)
                            try GradeRecordedHook.gradeRecorded(userID: current.userID, exerciseID: current.exerciseID, db)
                        }
                        try RegradeRun.advance(runID: runID, by: batch.count, db)
                        return changed
                    }
                    start += batch.count
                }
                let scoresChanged = changed
                try await database.write { db in
                    try RegradeRun.transition(runID: runID, from: .applying, to: .applied, db)
                    try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "regrade.apply", subject: "regrade:\(runID)",
                                          detailsJSON: "{\"submissions\":\(results.count),\"changed\":\(scoresChanged)}", db)
                }
            } catch {
                _ = try? await database.write { db in
                    try RegradeRun.transition(runID: runID, from: .applying, to: .failed, error: "\(error)", db)
                }
            }
        }
        return true
    }

    /// Throws a ready dry run away. Returns false when the run is not ready.
    func discard(runID: Int64, courseID: Int64, by actor: User) async throws -> Bool {
        let actorID = actor.id
        return try await database.write { db in
            guard try RegradeRun.transition(runID: runID, from: .ready, to: .discarded, db) else { return false }
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "regrade.discard", subject: "regrade:\(runID)", db)
            return true
        }
    }

    /// Per student, the counted score of the exercise before and after the run's results.
    struct Comparison: Sendable {
        let username: String
        let displayName: String
        let before: Double?
        let after: Double?
    }

    /// The before/after comparison of a run, by username.
    func comparison(run: RegradeRun) async throws -> [Comparison] {
        let runID = run.id
        let exerciseID = run.exerciseID
        return try await database.read { db in
            guard let exercise = try ExerciseRecord.find(id: exerciseID, db) else { return [] }
            let scores = try SubmissionScore.all(courseID: exercise.courseID, db).filter { $0.exerciseID == exerciseID }
            let results = try RegradeRun.results(runID: runID, db)
            let overrides = Dictionary(results.map { ($0.submissionID, $0.score) }, uniquingKeysWith: { first, _ in first })
            let userIDs = Set(scores.map(\.userID)).sorted()
            let users = try userIDs.compactMap { try User.find(id: $0, db) }
            let before = Gradebook.build(students: users, exercises: [exercise], scores: scores)
            let after = Gradebook.build(students: users, exercises: [exercise], scores: scores, scoreOverrides: overrides)
            return zip(before.rows, after.rows).map { old, new in
                Comparison(username: old.student.username, displayName: old.student.displayName,
                           before: old.cells.first?.counted, after: new.cells.first?.counted)
            }
        }
    }

    /// Re-grades a stored submission with the exercise version it was graded against and says
    /// whether the stored grade (`stored`, its rows) reproduces exactly. The outcome is stored with
    /// the grade: asking again reads it (a regrade that replaces the grade drops it), so verifying
    /// grades at most once per grade and grader. The grading runs in `userID`'s place in the grading
    /// queue. A stored grade that cannot be read does not reproduce.
    func verify(_ submission: SubmissionRecord, stored: Result<GradeDetails, UnreadableGrade>,
                for userID: Int64) async throws -> (reproduced: Bool, recomputed: StoredGrade?) {
        let submissionID = submission.id
        let grader = GraderVersion.current
        if let verification = try await database.read({ db in
            try GradeArtifacts.verification(submissionID: submissionID, graderVersion: grader, db)
        }) {
            let recomputed = verification.recomputedScore.map { score in
                StoredGrade(exerciseVersion: submission.exerciseVersion, graderVersion: verification.graderVersion, score: score,
                            maxScore: submission.maxScore, checks: verification.recomputedChecks ?? [], diagnostics: [])
            }
            return (verification.reproduced, recomputed)
        }
        guard let exercise = try await library.exercise(id: submission.exerciseID, version: submission.exerciseVersion) else {
            return (false, nil)
        }
        let text = submission.text
        let grade = try await queue.run(for: userID) {
            StoredGrade(Grader.grade(exercise, submission: text, options: queue.options(pictures: false)), keepingPictures: false)
        }
        let details = try? stored.get()
        let same = grade.score == submission.score && grade.maxScore == submission.maxScore
            && grade.checks == details?.checks && grade.diagnostics == details?.diagnostics.map(\.text)
            && SubmissionText.hash(text) == submission.normalizedHash
        let verification = GradeArtifacts.Verification(graderVersion: grader, reproduced: same, recomputedScore: grade.score,
                                                       recomputedChecks: grade.checks, verifiedAt: Date())
        let score = submission.score
        let checks = details?.checks
        try await database.write { db in
            guard let current = try SubmissionRecord.find(id: submissionID, db), current.score == score,
                  (try? GradeDetails.find(submissionID: submissionID, pictures: false, db).checks) == checks else { return }
            try GradeArtifacts.saveVerification(verification, submissionID: submissionID, db)
        }
        return (same, grade)
    }
}
