import Foundation
import HTTPServer
import SQLite
import Store

/// The admin page of LTI platforms, and the instructors' page of a course's LMS links and score
/// posts with its two actions (roster import, sending failed scores again).
struct LTIAdminRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let runtime = context.lti

        @Sendable func admin(_ request: Request, form: FormParameters? = nil) async throws -> Principal {
            let principal = try await auth.requirePrincipal(for: request)
            guard principal.user.isAdmin else { throw HTTPError.forbidden("LTI platforms are for site admins.") }
            try principal.checkCSRF(request, form: form)
            return principal
        }

        router.get("/admin/lti") { request, _ in
            let principal = try await admin(request)
            let (platforms, courses) = try await database.read { db in (try LTIPlatform.all(db), try Course.all(db)) }
            return LTIPages.admin(platforms: platforms, courses: courses, principal: principal, origin: LTIWeb.origin(of: request))
        }

        router.post("/admin/lti/platforms", maxBodyBytes: 64 * 1024) { request, _ in
            let form = try request.form()
            _ = try await admin(request, form: form)
            let registration = try LTIRegistration.validate(
                issuer: form["issuer"] ?? "", clientID: form["clientId"] ?? "", deploymentID: form["deploymentId"] ?? "",
                authURL: form["authUrl"] ?? "", tokenURL: form["tokenUrl"] ?? "", jwksURL: form["jwksUrl"] ?? "")
            let courseSlug = form["course"].flatMap { $0.isEmpty ? nil : $0 }
            try await database.write { db in _ = try LTIRegistration.add(registration, courseSlug: courseSlug, db) }
            return .redirect(to: "/admin/lti")
        }

        router.post("/admin/lti/platforms/:id/remove", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            _ = try await admin(request, form: form)
            guard let id = Int64(try context.parameters.require("id")) else { throw HTTPError.notFound("No such platform.") }
            guard try await database.write({ db in try LTIPlatform.delete(id: id, db) }) else { throw HTTPError.notFound("No such platform.") }
            runtime.forget(platformID: id)
            return .redirect(to: "/admin/lti")
        }

        @Sendable func staff(_ request: Request, _ context: RequestContext, form: FormParameters? = nil) async throws -> CourseAccess {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            try access.requireStaff()
            try principal.checkCSRF(request, form: form)
            return access
        }

        @Sendable func page(_ access: CourseAccess, notice: String? = nil) async throws -> Response {
            let courseID = access.course.id
            let (contexts, posts, counts) = try await database.read { db in
                (try LTIContextLink.all(courseID: courseID, db), try LTIScoreOutbox.recent(courseID: courseID, db),
                 try LTIScoreOutbox.counts(courseID: courseID, db))
            }
            return LTIPages.course(access, contexts: contexts, posts: posts, counts: counts, notice: notice)
        }

        router.get("/courses/:course/lti") { request, context in try await page(try await staff(request, context)) }

        router.post("/courses/:course/lti/roster", maxBodyBytes: 4096) { request, context in
            let access = try await staff(request, context, form: try request.form())
            let summary = try await RosterImport(runtime: runtime).run(course: access.course)
            return try await page(access, notice: "Roster imported: \(summary.members) members, \(summary.enrolled) enrolled, \(summary.skipped) skipped.")
        }

        router.post("/courses/:course/lti/retry", maxBodyBytes: 4096) { request, context in
            let access = try await staff(request, context, form: try request.form())
            let courseID = access.course.id
            let count = try await database.write { db in try LTIScoreOutbox.retryFailed(courseID: courseID, db) }
            return try await page(access, notice: "\(count) failed score(s) queued again.")
        }
    }
}
