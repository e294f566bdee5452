import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// What instructors change about their course: exercise deadlines and attempt rules, per-student
/// extensions, enrollments and roster imports, and the audit log of these actions. Admins create
/// courses.
struct CourseAdminRoutes: Controller {
    let database: DatabasePool
    let exercises: ExerciseLibrary
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        exercises = context.exercises
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let creators = router.group(middleware: [guards.signedIn, RequireSiteAdmin(message: "Only site admins create courses.")])
        creators.group(middleware: [CSRFCheck.header]).post("/api/courses", use: createCourse)
        creators.group(middleware: [CSRFCheck.form]).post("/courses", maxBodyBytes: 16 * 1024, use: createCourseForm)

        let exerciseAPI = router.group(middleware: [guards.staff, CSRFCheck.header, guards.exercise])
        exerciseAPI.put("/api/courses/:course/exercises/:slug/policy", use: savePolicy)
        exerciseAPI.post("/api/courses/:course/exercises/:slug/extensions", use: grantExtension)
        let exerciseForms = router.group(middleware: [guards.staff, CSRFCheck.form, guards.exercise])
        exerciseForms.post("/courses/:course/exercises/:slug/policy", maxBodyBytes: 8192, use: savePolicyForm)
        exerciseForms.post("/courses/:course/exercises/:slug/extensions", maxBodyBytes: 8192, use: grantExtensionForm)

        let staffAPI = router.group(middleware: [guards.staff, CSRFCheck.header])
        staffAPI.post("/api/courses/:course/enrollments", use: enrol)
        staffAPI.post("/api/courses/:course/roster", maxBodyBytes: 1 << 20, use: importRoster)
        // The form's token is checked before the course is resolved.
        router.group(middleware: [guards.signedIn, CSRFCheck.form, guards.staff])
            .post("/courses/:course/roster", maxBodyBytes: 1 << 20, use: importRosterForm)

        let staff = router.group(middleware: [guards.staff])
        staff.get("/courses/:course/audit", use: auditPage)
        staff.get("/api/courses/:course/audit", use: audit)
    }

    // MARK: Courses

    func createCourse(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let slug: String; let title: String; let summary: String? }
        let body = try request.decode(Body.self, maxBytes: 16 * 1024)
        let course = try await create(NewCourse(slug: body.slug, title: body.title, summary: body.summary ?? ""), by: try context.principal)
        return Response.json(status: .created) { json in
            json.beginObject()
            json.field("slug", course.slug)
            json.field("title", course.title)
            json.endObject()
        }.withHeader("Location", "/courses/\(course.slug)")
    }

    func createCourseForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let course = try await create(NewCourse(slug: form["slug"] ?? "", title: form["title"] ?? "", summary: form["summary"] ?? ""),
                                      by: try context.principal)
        return .redirect(to: "/courses/\(course.slug)")
    }

    // MARK: Exercise policies and extensions

    func savePolicy(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (access, record) = (try context.course, try context.exercise)
        struct Body: Decodable {
            let opensAt: Date?, dueAt: Date?, closesAt: Date?
            let latePenaltyPerDay: Double?, latePenaltyCap: Double?
            let maxAttempts: Int?, cooldownSeconds: Int?, scorePolicy: ScorePolicy?
        }
        let body = try request.decode(Body.self, maxBytes: 16 * 1024, isoDates: true)
        try await save(ExercisePolicy(opensAt: body.opensAt, dueAt: body.dueAt, closesAt: body.closesAt,
                                      latePenaltyPerDay: body.latePenaltyPerDay ?? 0, latePenaltyCap: body.latePenaltyCap ?? 0,
                                      maxAttempts: body.maxAttempts, cooldownSeconds: body.cooldownSeconds ?? 0,
                                      scorePolicy: body.scorePolicy ?? .best), of: record, access)
        try await FeedbackPolicyUpdate.apply(body: request.body, to: record, by: access.principal.user, library: exercises, database: database)
        return Response.status(.noContent)
    }

    func savePolicyForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (access, record) = (try context.course, try context.exercise)
        try await save(try PolicyForm.policy(from: try context.form), of: record, access)
        return .redirect(to: "/courses/\(access.course.slug)/gradebook/exercises/\(record.slug)")
    }

    func grantExtension(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let username: String; let dueAt: Date; let closesAt: Date?; let reason: String? }
        let body = try request.decode(Body.self, maxBytes: 16 * 1024, isoDates: true)
        try await grant(username: body.username, dueAt: body.dueAt, closesAt: body.closesAt, reason: body.reason ?? "",
                        of: try context.exercise, try context.course)
        return Response.status(.noContent)
    }

    func grantExtensionForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (access, record, form) = (try context.course, try context.exercise, try context.form)
        guard let dueAt = try PolicyForm.time(form, "dueAt") else { throw HTTPError.unprocessable("dueAt: required") }
        try await grant(username: form["username"] ?? "", dueAt: dueAt, closesAt: try PolicyForm.time(form, "closesAt"),
                        reason: form["reason"] ?? "", of: record, access)
        return .redirect(to: "/courses/\(access.course.slug)/gradebook/exercises/\(record.slug)")
    }

    // MARK: Enrollments and rosters

    func enrol(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
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

    func importRoster(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
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
        return Response.json { json in RosterJSON.write(imported, to: &json) }
    }

    func importRosterForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        do {
            let imported = try await AccountProvisioning.importRoster(csv: try context.form["csv"] ?? "", courseSlug: access.course.slug,
                                                                      actorUserID: access.principal.user.id, database: database)
            return GradebookPages.RosterImported.response(access, imported)
        } catch let error as AccountProvisioning.ProvisioningError {
            return AccountPages.Notice.response(title: "Roster not imported", message: error.description,
                                       link: ("Back to the gradebook", "/courses/\(access.course.slug)/gradebook"),
                                       status: .unprocessableContent, principal: access.principal)
        }
    }

    // MARK: The audit log

    func auditPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
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

    func audit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
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
        return Response.json(capacity: 256 + entries.count * 256) { json in AuditJSON.write(entries, to: &json) }.withNextLink(next)
    }

    // MARK: The changes, each with its audit entry

    /// Creates a course, in the audit log.
    private func create(_ new: NewCourse, by principal: Principal) async throws -> Course {
        let actorID = principal.user.id
        return try await database.write { db in
            let course = try Course.insert(new, db)
            try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "course.create", subject: "course:\(course.id)", db)
            return course
        }
    }

    private func save(_ policy: ExercisePolicy, of record: ExerciseRecord, _ access: CourseAccess) async throws {
        let actorID = access.principal.user.id
        let courseID = access.course.id
        try await database.write { db in
            try ExerciseRecord.setPolicy(policy, exerciseID: record.id, db)
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "policy.change", subject: "exercise:\(record.id)",
                                  detailsJSON: PolicyJSON.string(policy), db)
        }
    }

    private func grant(username: String, dueAt: Date, closesAt: Date?, reason: String,
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
}

/// The API form of an imported roster: each account, whether it was created, and its set-password link.
enum RosterJSON {
    static func write(_ imported: [AccountProvisioning.Provisioned], to json: inout JSONWriter) {
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

/// The API form of audit entries.
enum AuditJSON {
    static func write(_ entries: [AuditEntry], to json: inout JSONWriter) {
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
