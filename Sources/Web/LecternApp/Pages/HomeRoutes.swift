import Foundation
import HTML
import HTTPServer
import SQLite
import Store

/// `GET /` (the home page) and `GET /my-work` (a student's every attempt).
struct HomeRoutes: Controller {
    let database: DatabasePool
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        router.get("/", use: home)
        router.group(middleware: [guards.signedIn]).get("/my-work", use: myWork)
    }

    /// The courses for a visitor; a signed-in user's own courses, exercises and latest attempts.
    func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let principal = try? await context.optionalPrincipal else {
            let courses = try await database.read { db in try Course.all(db) }
            return HomePage.Visitor.response(courses: courses, userArea: UserArea(nil))
        }
        let userID = principal.user.id
        let isAdmin = principal.user.isAdmin
        let (cards, others, recent) = try await database.read { db in
            let memberships = try Membership.all(userID: userID, db)
            var cards: [HomePage.CourseCard] = []
            for membership in memberships {
                let listed = try ExerciseVisibility.visible(try ExerciseRecord.all(courseID: membership.course.id, db),
                                                            courseID: membership.course.id, isStaff: membership.role != .student, db)
                let hiding = membership.role == .student ? try ScoreHiding.hiddenExerciseIDs(userID: userID, exercises: listed, db) : []
                let exercises = try listed.map { record in
                    let attempts = membership.role == .student ? try SubmissionRecord.all(userID: userID, exerciseID: record.id, db) : []
                    var standing = HomePage.ExerciseStanding(record: record, best: attempts.map(\.countedScore).max(), attempts: attempts.count)
                    standing.hidesScore = hiding.contains(record.id)
                    return standing
                }
                cards.append(HomePage.CourseCard(membership: membership, exercises: exercises,
                                                 lectureCount: try Lecture.count(courseID: membership.course.id, db)))
            }
            let enrolled = Set(memberships.map(\.course.id))
            var others = try Course.all(db).filter { !enrolled.contains($0.id) }
            if isAdmin {
                // Admins act as instructors everywhere: every course gets its links.
                for course in others {
                    cards.append(HomePage.CourseCard(membership: Membership(course: course, role: .instructor),
                                                     exercises: try ExerciseRecord.all(courseID: course.id, db).map {
                                                         HomePage.ExerciseStanding(record: $0, best: nil, attempts: 0)
                                                     },
                                                     lectureCount: try Lecture.count(courseID: course.id, db)))
                }
                others = []
            }
            let recent = try RecentSubmission.all(userID: userID, limit: 5, db)
            return (cards, others, (recent, try ScoreHiding.hiddenKeys(userID: userID, isAdmin: isAdmin, submissions: recent, db)))
        }
        return HomePage.SignedIn.response(principal, cards: cards, otherCourses: others, recent: recent.0, now: Date(), hiddenScores: recent.1)
    }

    /// A student's every attempt.
    func myWork(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let userID = principal.user.id
        let (submissions, hidden) = try await database.read { db in
            let submissions = try RecentSubmission.all(userID: userID, limit: 500, db)
            return (submissions, try ScoreHiding.hiddenKeys(userID: userID, isAdmin: principal.user.isAdmin, submissions: submissions, db))
        }
        return HomePage.MyWork.response(principal, submissions: submissions, hiddenScores: hidden)
    }
}
