import HTTPServer
import SQLite
import Store

/// Finding a submission for a viewer: its owner, the instructors of its course and admins see it;
/// to everyone else it does not exist (404).
enum SubmissionAccess {
    static func load(id: Int64, for principal: Principal, database: DatabasePool) async throws -> (SubmissionPage.Content, isStaff: Bool) {
        let viewer = principal.user
        let found: (SubmissionPage.Content, Bool)? = try await database.read { db in
            guard let submission = try SubmissionRecord.find(id: id, db),
                  let exercise = try ExerciseRecord.find(id: submission.exerciseID, db),
                  let course = try Course.find(id: exercise.courseID, db),
                  let owner = try User.find(id: submission.userID, db) else { return nil }
            let role = try User.role(userID: viewer.id, courseID: course.id, db)
            let isStaff = viewer.isAdmin || role == .instructor
            guard isStaff || owner.id == viewer.id else { return nil }
            let history = isStaff ? try SubmissionRecord.history(submissionID: id, db) : []
            return (SubmissionPage.Content(submission: submission, exercise: exercise, course: course, owner: owner, history: history), isStaff)
        }
        guard let found else { throw HTTPError.notFound("No submission \(id).") }
        return found
    }
}
