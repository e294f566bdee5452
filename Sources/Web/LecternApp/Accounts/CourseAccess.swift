import HTTPServer
import SQLite
import Store

/// A signed-in user's standing in one course: what they may see and do there.
struct CourseAccess: Sendable {
    let course: Course
    let principal: Principal
    /// The user's role, nil for an admin who is not enrolled.
    let role: CourseRole?

    /// Instructors of the course and site admins.
    var isStaff: Bool { principal.user.isAdmin || role == .instructor }

    /// The access of `principal` to the course `slug`. A course that does not exist and a course
    /// the user is not part of look the same: ``AccessError/noCourse(_:)`` (404), so the existence
    /// of a course does not leak.
    static func resolve(courseSlug: String, principal: Principal, database: DatabasePool) async throws -> CourseAccess {
        let userID = principal.user.id
        let found: (Course, CourseRole?)? = try await database.read { db in
            guard let course = try Course.find(slug: courseSlug, db) else { return nil }
            return (course, try User.role(userID: userID, courseID: course.id, db))
        }
        guard let (course, role) = found, role != nil || principal.user.isAdmin else {
            throw AccessError.noCourse(courseSlug)
        }
        return CourseAccess(course: course, principal: principal, role: role)
    }

    /// Throws ``AccessError/notStaff`` (403) unless the user teaches the course (or is an admin).
    func requireStaff() throws(AccessError) {
        guard isStaff else { throw AccessError.notStaff }
    }
}
