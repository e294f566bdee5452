import Foundation
import HTTPServer
import SQLite
import Store

/// Finding a submission for a viewer: its owner, the instructors of its course and admins see it;
/// to everyone else it does not exist (404). Everything its page or JSON shows is read in the same
/// read transaction: the submission, exercise, course and owner, the grade's rows, what the
/// viewer's view of the grade depends on, and on request the regrade requests and the exercise
/// version's definition when it is not loaded yet.
enum SubmissionAccess {
    /// What to read besides the submission and its grade's checks and diagnostics.
    struct Extras: OptionSet, Sendable {
        let rawValue: Int
        /// The grade's pictures.
        static let pictures = Extras(rawValue: 1)
        /// The regrade requests about the submission and the exercise's cut-off for them.
        static let regradeRequests = Extras(rawValue: 2)
        /// The definition of the exercise version graded against, when `library` lacks it.
        static let definition = Extras(rawValue: 4)
    }

    static func load(id: Int64, for principal: Principal, database: DatabasePool, library: ExerciseLibrary? = nil,
                     extras: Extras = []) async throws -> (SubmissionPage.Content, isStaff: Bool) {
        let viewer = principal.user
        let found: (SubmissionPage.Content, Bool, String?)? = try await database.read { db in
            guard let submission = try SubmissionRecord.find(id: id, db),
                  let exercise = try ExerciseRecord.find(id: submission.exerciseID, db),
                  let course = try Course.find(id: exercise.courseID, db),
                  let owner = try User.find(id: submission.userID, db) else { return nil }
            let role = try User.role(userID: viewer.id, courseID: course.id, db)
            let isStaff = viewer.isAdmin || role == .instructor
            guard isStaff || owner.id == viewer.id else { return nil }
            let history = isStaff ? try SubmissionRecord.history(submissionID: id, db) : []
            let grade: Result<GradeDetails, UnreadableGrade>
            do {
                grade = .success(try GradeDetails.find(submissionID: id, pictures: extras.contains(.pictures), db))
            } catch let unreadable as UnreadableGrade {
                grade = .failure(unreadable)
            }
            let inputs = isStaff ? nil : try GradeViewing.Inputs.read(exerciseID: exercise.id, userID: submission.userID, db)
            let requests = extras.contains(.regradeRequests)
                ? (try RegradeRequest.all(submissionID: id, db), try RegradeRequest.cutoff(exerciseID: exercise.id, db)) : nil
            let definition = extras.contains(.definition)
                && library?.cached(id: exercise.id, version: submission.exerciseVersion) == nil
                ? try ExerciseRecord.definition(exerciseID: exercise.id, version: submission.exerciseVersion, db) : nil
            return (SubmissionPage.Content(submission: submission, exercise: exercise, course: course, owner: owner, history: history,
                                           grade: grade, viewInputs: inputs, regradeRequests: requests), isStaff, definition)
        }
        guard let (content, isStaff, definition) = found else { throw HTTPError.notFound("No submission \(id).") }
        if let definition, let library {
            try library.exercise(id: content.exercise.id, version: content.submission.exerciseVersion, definitionJSON: definition)
        }
        return (content, isStaff)
    }
}
