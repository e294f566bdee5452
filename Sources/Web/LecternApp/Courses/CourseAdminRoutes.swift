import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// What instructors change about their course: exercise deadlines and attempt rules, per-student
/// extensions, enrollments and roster imports, and the audit log of these actions. Admins create
/// courses.
struct CourseAdminRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator

        @Sendable func staffAccess(_ request: Request, _ context: RequestContext, form: FormParameters? = nil) async throws -> CourseAccess {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            try access.requireStaff()
            try principal.checkCSRF(request, form: form)
            return access
        }

        @Sendable func savePolicy(_ policy: ExercisePolicy, of record: ExerciseRecord, _ access: CourseAccess) async throws {
            let actorID = access.principal.user.id
            let courseID = access.course.id
            try await database.write { db in
                try ExerciseRecord.setPolicy(policy, exerciseID: record.id, db)
                try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "policy.change", subject: "exercise:\(record.id)",
                                      detailsJSON: PolicyJSON.string(policy), db)
            }
        }

        @Sendable func grantExtension(username: String, dueAt: Date, closesAt: Date?, reason: String,
                                      of record: ExerciseRecord, _ access: CourseAccess) async throws {
            let actorID = access.principal.user.id
            let courseID = access.course.id
            try await database.write { db in
                guard let student = try User.find(username: username, db),
                      try User.role(userID: student.id, courseID: courseID, db) != nil else {
                    throw HTTPError.notFound("No user \(username) in this course.")
                }
                try DeadlineExtension.grant(DeadlineExtension(userID: student.id, exerciseID: record.id, dueAt: dueAt, closesAt: closesAt,
                                                              grantedBy: actorID, reason: reason, createdAt: Date()), db)
                var details = JSONWriter()
                details.beginObject()
                details.field("exercise", record.slug)
                details.field("dueAt", InternetTime.string(dueAt))
                details.field("closesAt", closesAt.map(InternetTime.string))
                details.field("reason", reason)
                details.endObject()
                try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "extension.grant", subject: "user:\(student.id)",
                                      detailsJSON: details.string, db)
            }
        }

        @Sendable func exercise(_ access: CourseAccess, _ context: RequestContext) async throws -> ExerciseRecord {
            let slug = try context.parameters.require("slug")
            let courseID = access.course.id
            guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
                throw HTTPError.notFound("No exercise \(slug).")
            }
            return record
        }

        /// The signed-in site admin: only they create courses.
        @Sendable func courseCreator(_ request: Request) async throws -> Principal {
            let principal = try await auth.requirePrincipal(for: request)
            guard principal.user.isAdmin else { throw HTTPError.forbidden("Only site admins create courses.") }
            return principal
        }

        /// Creates a course, in the audit log.
        @Sendable func createCourse(_ new: NewCourse, by principal: Principal) async throws -> Course {
            let actorID = principal.user.id
            return try await database.write { db in
                let course = try Course.insert(new, db)
                try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "course.create", subject: "course:\(course.id)", db)
                return course
            }
        }

        router.post("/api/courses") { request, _ in
            let principal = try await courseCreator(request)
            try principal.checkCSRF(request)
            struct Body: Decodable { let slug: String; let title: String; let summary: String? }
            let body = try request.decode(Body.self, maxBytes: 16 * 1024)
            let course = try await createCourse(NewCourse(slug: body.slug, title: body.title, summary: body.summary ?? ""),
                                                by: principal)
            return Response.json(status: .created) { json in
                json.beginObject()
                json.field("slug", course.slug)
                json.field("title", course.title)
                json.endObject()
            }.withHeader("Location", "/courses/\(course.slug)")
        }

        router.post("/courses", maxBodyBytes: 16 * 1024) { request, _ in
            let form = try request.form()
            let principal = try await courseCreator(request)
            try principal.checkCSRF(request, form: form)
            let course = try await createCourse(NewCourse(slug: form["slug"] ?? "", title: form["title"] ?? "",
                                                          summary: form["summary"] ?? ""), by: principal)
            return .redirect(to: "/courses/\(course.slug)")
        }

        router.put("/api/courses/:course/exercises/:slug/policy") { request, context in
            let access = try await staffAccess(request, context)
            let record = try await exercise(access, context)
            struct Body: Decodable {
                let opensAt: Date?, dueAt: Date?, closesAt: Date?
                let latePenaltyPerDay: Double?, latePenaltyCap: Double?
                let maxAttempts: Int?, cooldownSeconds: Int?, scorePolicy: ScorePolicy?
            }
            let body = try request.decode(Body.self, maxBytes: 16 * 1024, isoDates: true)
            try await savePolicy(ExercisePolicy(opensAt: body.opensAt, dueAt: body.dueAt, closesAt: body.closesAt,
                                                latePenaltyPerDay: body.latePenaltyPerDay ?? 0, latePenaltyCap: body.latePenaltyCap ?? 0,
                                                maxAttempts: body.maxAttempts, cooldownSeconds: body.cooldownSeconds ?? 0,
                                                scorePolicy: body.scorePolicy ?? .best), of: record, access)
            try await FeedbackPolicyUpdate.apply(body: request.body, to: record, by: access.principal.user,
                                                 library: ExerciseLibrary(database: database), database: database)
            return Response.status(.noContent)
        }

        router.post("/courses/:course/exercises/:slug/policy", maxBodyBytes: 8192) { request, context in
            let form = try request.form()
            let access = try await staffAccess(request, context, form: form)
            let record = try await exercise(access, context)
            try await savePolicy(try PolicyForm.policy(from: form), of: record, access)
            return .redirect(to: "/courses/\(access.course.slug)/gradebook/exercises/\(record.slug)")
        }

        router.post("/courses/:course/exercises/:slug/extensions", maxBodyBytes: 8192) { request, context in
            let form = try request.form()
            let access = try await staffAccess(request, context, form: form)
            let record = try await exercise(access, context)
            guard let dueAt = try PolicyForm.time(form, "dueAt") else { throw HTTPError.unprocessable("dueAt: required") }
            try await grantExtension(username: form["username"] ?? "", dueAt: dueAt, closesAt: try PolicyForm.time(form, "closesAt"),
                                     reason: form["reason"] ?? "", of: record, access)
            return .redirect(to: "/courses/\(access.course.slug)/gradebook/exercises/\(record.slug)")
        }

        router.post("/api/courses/:course/exercises/:slug/extensions") { request, context in
            let access = try await staffAccess(request, context)
            let record = try await exercise(access, context)
            struct Body: Decodable { let username: String; let dueAt: Date; let closesAt: Date?; let reason: String? }
            let body = try request.decode(Body.self, maxBytes: 16 * 1024, isoDates: true)
            try await grantExtension(username: body.username, dueAt: body.dueAt, closesAt: body.closesAt, reason: body.reason ?? "",
                                     of: record, access)
            return Response.status(.noContent)
        }

        router.post("/api/courses/:course/enrollments") { request, context in
            let access = try await staffAccess(request, context)
            struct Body: Decodable { let username: String; let role: CourseRole }
            let body = try request.decode(Body.self, maxBytes: 4096)
            let actorID = access.principal.user.id
            let courseID = access.course.id
            try await database.write { db in
                guard let user = try User.find(username: body.username, db) else { throw HTTPError.notFound("No user \(body.username).") }
                let previous = try User.enroll(userID: user.id, courseID: courseID, role: body.role, db)
                if previous != body.role {
                    try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "role.change", subject: "user:\(user.id)",
                                          detailsJSON: "{\"from\":\"\(previous?.rawValue ?? "none")\",\"to\":\"\(body.role.rawValue)\"}", db)
                }
            }
            return Response.status(.noContent)
        }

        router.post("/api/courses/:course/roster", maxBodyBytes: 1 << 20) { request, context in
            let access = try await staffAccess(request, context)
            guard request.mediaType == "text/csv" || request.mediaType == "text/plain" else {
                throw HTTPError(.unsupportedMediaType, message: "send the roster as text/csv: username, display name, email")
            }
            let csv = String(decoding: request.body, as: UTF8.self)
            let imported: [AccountProvisioning.Provisioned]
            do {
                imported = try await AccountProvisioning.importRoster(csv: csv, courseSlug: access.course.slug,
                                                                      actorUserID: access.principal.user.id, database: database)
            } catch let error as AccountProvisioning.ProvisioningError {
                throw HTTPError.unprocessable(error.description)
            }
            return Response.json { json in
                json.beginArray()
                for entry in imported {
                    json.beginObject()
                    json.field("username", entry.user.username)
                    json.field("created", entry.created)
                    json.field("setPasswordPath", entry.setupPath)
                    json.endObject()
                }
                json.endArray()
            }
        }

        router.post("/courses/:course/roster", maxBodyBytes: 1 << 20) { request, context in
            let principal = try await auth.requirePrincipal(for: request)
            let form = try request.form()
            try principal.checkCSRF(request, form: form)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal, database: database)
            try access.requireStaff()
            do {
                let imported = try await AccountProvisioning.importRoster(csv: form["csv"] ?? "", courseSlug: access.course.slug,
                                                                          actorUserID: principal.user.id, database: database)
                return GradebookPages.rosterImported(access, imported)
            } catch let error as AccountProvisioning.ProvisioningError {
                return AccountPages.notice(title: "Roster not imported", message: error.description,
                                           link: ("Back to the gradebook", "/courses/\(access.course.slug)/gradebook"),
                                           status: .unprocessableContent, principal: principal)
            }
        }

        router.get("/courses/:course/audit") { request, context in
            let access = try await staffAccess(request, context)
            let courseID = access.course.id
            let lines = try await database.read { db in
                var names: [Int64: String] = [:]
                return try AuditEntry.recent(courseID: courseID, db).map { entry in
                    guard let actorID = entry.actorUserID else { return AuditPage.Line(entry: entry, actor: nil) }
                    if names[actorID] == nil { names[actorID] = try User.find(id: actorID, db)?.username }
                    return AuditPage.Line(entry: entry, actor: names[actorID])
                }
            }
            return AuditPage.response(access, lines: lines)
        }

        router.get("/api/courses/:course/audit") { request, context in
            let access = try await staffAccess(request, context)
            let courseID = access.course.id
            let page = try PageRequest(request.query, list: "audit", scope: access.course.slug, defaultLimit: 100, maxLimit: 500)
            var before: Int64?
            if let key = page.cursor?.key {
                guard let id = Int64(key) else { throw Cursor.invalid("is not a cursor this API gave out") }
                before = id
            }
            // Newest first by id, one more than asked to know whether there is a next page.
            var entries = try await database.read { [before] db in
                try AuditEntry.page(courseID: courseID, before: before, limit: page.limit + 1, db)
            }
            var next: String?
            if entries.count > page.limit {
                entries.removeLast(entries.count - page.limit)
                if let last = entries.last {
                    next = PageRequest.nextLink(request, cursor: Cursor(list: "audit", scope: access.course.slug, key: String(last.id)))
                }
            }
            return Response.json(capacity: 256 + entries.count * 256) { json in
                json.beginArray()
                for entry in entries {
                    json.beginObject()
                    json.field("at", InternetTime.string(entry.at))
                    json.field("actor", entry.actorUserID)
                    json.field("action", entry.action)
                    json.field("subject", entry.subject)
                    json.field("details", StoredGradeParts.value(entry.detailsJSON))
                    json.endObject()
                }
                json.endArray()
            }.withNextLink(next)
        }
    }
}

/// An exercise policy as JSON, for the audit log.
enum PolicyJSON {
    static func string(_ policy: ExercisePolicy) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("opensAt", policy.opensAt.map { InternetTime.string($0) })
        json.field("dueAt", policy.dueAt.map { InternetTime.string($0) })
        json.field("closesAt", policy.closesAt.map { InternetTime.string($0) })
        json.field("latePenaltyPerDay", policy.latePenaltyPerDay)
        json.field("latePenaltyCap", policy.latePenaltyCap)
        json.field("maxAttempts", policy.maxAttempts)
        json.field("cooldownSeconds", policy.cooldownSeconds)
        json.field("scorePolicy", policy.scorePolicy.rawValue)
        json.endObject()
        return json.string
    }
}
