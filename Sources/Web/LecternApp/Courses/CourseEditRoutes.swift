import Foundation
import HTML
import HTTPServer
import JSON
import SQLite
import Store

/// `GET|POST /courses/:course/edit`: a course's instructors (and admins) change its title and
/// summary. The slug, part of every link to the course, stays.
struct CourseEditRoutes: Controller {
    let database: DatabasePool
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        router.group(middleware: [guards.staff]).get("/courses/:course/edit", use: form)
        router.group(middleware: [guards.staff, CSRFCheck.form]).post("/courses/:course/edit", maxBodyBytes: 16 * 1024, use: save)
    }

    func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let courseID = access.course.id
        let lateDays = try await database.read { db in try LateDayBank.days(courseID: courseID, db) }
        return CourseEditPage.response(access, title: access.course.title, summary: access.course.summary, lateDays: lateDays)
    }

    func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let form = try context.form
        let title = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let summary = (form["summary"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let course = access.course
        let actor = access.principal.user.id
        do {
            try await database.write { db in
                try Course.update(id: course.id, title: title, summary: summary, db)
                var details = JSONWriter()
                details.beginObject()
                details.field("title", title)
                details.endObject()
                try AuditEntry.record(actorUserID: actor, courseID: course.id, action: "course.update",
                                      subject: "course:\(course.slug)", detailsJSON: details.string, db)
            }
        } catch let error as ValidationError {
            return CourseEditPage.response(access, title: title, summary: summary,
                                           message: "The \(error.field) \(error.message).", status: .unprocessableContent)
        }
        return .redirect(to: "/courses/\(course.slug)")
    }
}

/// The course edit form.
enum CourseEditPage {
    static func response(_ access: CourseAccess, title: String, summary: String, message: String? = nil,
                         status: HTTPStatus = .ok, lateDays: Int? = nil) -> Response {
        let slug = access.course.slug
        return PageLayout.response(title: "Edit \(access.course.title)", userArea: UserArea(access.principal), status: status) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses/\(slug)")) { access.course.title } }
            h1 { "Edit the course" }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            form(.class("lecture-form"), .method("post"), .action("/courses/\(slug)/edit")) {
                CSRFField(access.principal)
                p(.class("field")) {
                    label(.for("course-title")) { "Title" }
                    input(.type("text"), .id("course-title"), .name("title"), .value(title), .flag("required"),
                          .attr("maxlength", String(NewCourse.maxTitleLength)))
                }
                p(.class("field")) {
                    label(.for("course-summary")) { "Summary" }
                    textarea(.id("course-summary"), .name("summary"), .attr("rows", "4"),
                             .attr("maxlength", String(NewCourse.maxSummaryLength))) { summary }
                }
                div(.class("actions")) { button(.type("submit")) { "Save" } }
            }
            if let lateDays {
                h2 { "Late days" }
                LateDaysForm(access, lateDays: lateDays, next: "edit")
                p { a(.href("/courses/\(slug)/time")) { "Accommodations and extensions in bulk" } }
            }
        }
    }
}
