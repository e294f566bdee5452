import Foundation
import Grading
import SQLite
import Store

/// Reads what analytics need, in one read transaction per exercise.
struct AnalyticsService: Sendable {
    let database: DatabasePool
    let library: ExerciseLibrary

    /// The analytics of one exercise of a course.
    func exercise(_ record: ExerciseRecord) async throws -> ExerciseAnalytics {
        let scenarioNames: [String]
        if case .layout(let layout) = try library.exercise(record).definition {
            scenarioNames = layout.scenarios.map(\.name)
        } else {
            scenarioNames = []
        }
        let courseID = record.courseID
        let exerciseID = record.id
        return try await database.read { db in
            ExerciseAnalytics.compute(exercise: record, students: try AnalyticsQueries.students(courseID: courseID, db),
                                      scores: try AnalyticsQueries.studentScores(exerciseID: exerciseID, courseID: courseID, db),
                                      checks: try AnalyticsQueries.checks(exerciseID: exerciseID, courseID: courseID, db),
                                      diagnostics: try AnalyticsQueries.diagnostics(exerciseID: exerciseID, courseID: courseID, db),
                                      scenarioNames: scenarioNames)
        }
    }

    /// One exercise's line in the course overview.
    struct Summary: Sendable, Equatable {
        let exercise: ExerciseRecord
        let students: Int
        let attempted: Int
        let mean: Double?
        let median: Double?

        var participation: Double { students == 0 ? 0 : Double(attempted) / Double(students) }
    }

    /// Every exercise's mean, median and participation, in course order.
    func course(_ courseID: Int64) async throws -> [Summary] {
        try await database.read { db in try Self.course(courseID, db) }
    }

    /// The course overview inside a read transaction.
    static func course(_ courseID: Int64, _ db: Connection) throws -> [Summary] {
        let students = try AnalyticsQueries.students(courseID: courseID, db).count
        let counted = try AnalyticsQueries.countedScores(courseID: courseID, db)
        return try ExerciseRecord.all(courseID: courseID, db).map { record in
            let pair = counted[record.id] ?? ([], [])
            let scores = record.scorePolicy == .best ? pair.best : pair.last
            return Summary(exercise: record, students: students, attempted: scores.count, mean: ExerciseAnalytics.mean(scores),
                           median: ExerciseAnalytics.median(scores))
        }
    }
}
