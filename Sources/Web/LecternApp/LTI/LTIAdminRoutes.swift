import Foundation
import HTTPServer
import SQLite
import Store

/// The admin page of LTI platforms, and the instructors' page of a course's LMS links and score
/// posts with its two actions (roster import, sending failed scores again).
struct LTIAdminRoutes: Controller {
    let database: DatabasePool
    let runtime: LTIRuntime
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        runtime = context.lti
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let admins = RequireSiteAdmin(message: "LTI platforms are for site admins.")
        router.group(middleware: [guards.signedIn, admins]).get("/admin/lti", use: platforms)
        let adminForms = router.group(middleware: [guards.signedIn, admins, CSRFCheck.form])
        adminForms.post("/admin/lti/platforms", maxBodyBytes: 64 * 1024, use: addPlatform)
        adminForms.post("/admin/lti/platforms/:id/remove", maxBodyBytes: 4096, use: removePlatform)
        router.group(middleware: [guards.staff]).get("/courses/:course/lti", use: coursePage)
        let staffForms = router.group(middleware: [guards.staff, CSRFCheck.form])
        staffForms.post("/courses/:course/lti/roster", maxBodyBytes: 4096, use: importRoster)
        staffForms.post("/courses/:course/lti/retry", maxBodyBytes: 4096, use: retryScores)
    }

    // MARK: Platforms (site admins)

    func platforms(_ request: Request, context: AppRequestContext) async throws -> Response {
        let principal = try context.principal
        let (platforms, courses) = try await database.read { db in (try LTIPlatform.all(db), try Course.all(db)) }
        return LTIPages.Platforms.response(platforms: platforms, courses: courses, principal: principal, origin: LTIWeb.origin(of: request))
    }

    func addPlatform(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let registration = try LTIRegistration.validate(
            issuer: form["issuer"] ?? "", clientID: form["clientId"] ?? "", deploymentID: form["deploymentId"] ?? "",
            authURL: form["authUrl"] ?? "", tokenURL: form["tokenUrl"] ?? "", jwksURL: form["jwksUrl"] ?? "")
        let courseSlug = form["course"].flatMap { $0.isEmpty ? nil : $0 }
        try await database.write { db in _ = try LTIRegistration.add(registration, courseSlug: courseSlug, db) }
        return .redirect(to: "/admin/lti")
    }

    func removePlatform(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = Int64(try context.parameters.require("id")) else { throw HTTPError.notFound("No such platform.") }
        guard try await database.write({ db in try LTIPlatform.delete(id: id, db) }) else { throw HTTPError.notFound("No such platform.") }
        runtime.forget(platformID: id)
        return .redirect(to: "/admin/lti")
    }

    // MARK: A course's LMS links (instructors)

    func coursePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await coursePage(try context.course)
    }

    func importRoster(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let summary = try await RosterImport(runtime: runtime).run(course: access.course)
        return try await coursePage(access, notice: "Roster imported: \(summary.members) members, \(summary.enrolled) enrolled, \(summary.skipped) skipped.")
    }

    func retryScores(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let courseID = access.course.id
        let count = try await database.write { db in try LTIScoreOutbox.retryFailed(courseID: courseID, db) }
        return try await coursePage(access, notice: "\(count) failed score(s) queued again.")
    }

    /// The course's LMS links and recent score posts, with `notice` on top.
    private func coursePage(_ access: CourseAccess, notice: String? = nil) async throws -> Response {
        let courseID = access.course.id
        let (contexts, posts, counts) = try await database.read { db in
            (try LTIContextLink.all(courseID: courseID, db), try LTIScoreOutbox.recent(courseID: courseID, db),
             try LTIScoreOutbox.counts(courseID: courseID, db))
        }
        return LTIPages.CourseGrades.response(access, contexts: contexts, posts: posts, counts: counts, notice: notice)
    }
}
