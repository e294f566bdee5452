import SQLite
import Store

extension Gradebook {
    /// The whole gradebook of `course`: its students, exercises and counted scores, in one read.
    static func load(_ course: Course, from database: DatabasePool) async throws -> Gradebook {
        let courseID = course.id
        return try await database.read { db in
            Gradebook.build(students: try User.members(courseID: courseID, role: .student, db),
                            exercises: try ExerciseRecord.all(courseID: courseID, db),
                            scores: try SubmissionScore.all(courseID: courseID, db))
        }
    }
}
