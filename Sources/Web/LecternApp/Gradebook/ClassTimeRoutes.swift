import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Time in a course: the bank of late days, per-student accommodations, and extensions in bulk
/// (API and CSV upload). Instructors and admins change them; students read their own balance.
struct ClassTimeRoutes: Controller {
    let database: DatabasePool
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        router.group(middleware: [guards.member]).get("/api/courses/:course/settings", use: settings)
        let staff = router.group(middleware: [guards.staff])
        staff.get("/courses/:course/time", use: page)
        staff.get("/api/courses/:course/accommodations", use: accommodations)
        let staffAPI = router.group(middleware: [guards.staff, CSRFCheck.header])
        staffAPI.put("/api/courses/:course/settings", use: setLateDays)
        staffAPI.put("/api/courses/:course/accommodations/:username", use: accommodate)
        staffAPI.post("/api/courses/:course/extensions", maxBodyBytes: 1 << 20, use: grantExtensions)
        let staffForms = router.group(middleware: [guards.staff, CSRFCheck.form])
        staffForms.post("/courses/:course/late-days", maxBodyBytes: 4096, use: setLateDaysForm)
        staffForms.post("/courses/:course/accommodations", maxBodyBytes: 8192, use: accommodateForm)
        staffForms.post("/courses/:course/extensions", maxBodyBytes: 1 << 20, use: grantExtensionsForm)
    }

    func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let found = try context.course
        let courseID = found.course.id
        let userID = found.principal.user.id
        let isStudent = found.role == .student
        let (bank, left) = try await database.read { db in
            (try LateDayBank.days(courseID: courseID, db),
             isStudent ? try StudentTime.load(userID: userID, courseID: courseID, db).lateDaysLeft : nil)
        }
        return Response.json { json in
            json.beginObject()
            json.field("course", found.course.slug)
            json.field("lateDays", bank)
            if let left { json.field("lateDaysLeft", left) }
            json.endObject()
        }
    }

    func setLateDays(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let lateDays: Int }
        try await setLateDays(try request.decode(Body.self, maxBytes: 4096).lateDays, try context.course)
        return Response.status(.noContent)
    }

    func setLateDaysForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (found, form) = (try context.course, try context.form)
        guard let days = Int((form["lateDays"] ?? "").trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError(field: "lateDays", message: "must be a whole number from 0 to \(LateDayBank.maxDays)")
        }
        try await setLateDays(days, found)
        return .redirect(to: form["next"] == "edit" ? "/courses/\(found.course.slug)/edit" : "/courses/\(found.course.slug)/time")
    }

    func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await page(try context.course)
    }

    func accommodations(_ request: Request, context: AppRequestContext) async throws -> Response {
        let courseID = try context.course.course.id
        let rows = try await database.read { db in
            try Accommodation.all(courseID: courseID, db).map { ($0, try User.find(id: $0.userID, db)?.username ?? "") }
        }
        return Response.json { json in
            json.beginArray()
            for (accommodation, username) in rows.sorted(by: { $0.1 < $1.1 }) {
                json.beginObject()
                json.field("username", username)
                json.field("timeMultiplier", accommodation.timeMultiplier)
                json.field("extraMinutes", accommodation.extraSeconds / 60)
                json.field("reason", accommodation.reason)
                json.endObject()
            }
            json.endArray()
        }
    }

    func accommodate(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let timeMultiplier: Double?; let extraMinutes: Int?; let reason: String? }
        let body = try request.decode(Body.self, maxBytes: 8192)
        try await accommodate(username: try context.parameters.require("username"), multiplier: body.timeMultiplier ?? 1,
                              extraMinutes: body.extraMinutes ?? 0, reason: body.reason ?? "", try context.course)
        return Response.status(.noContent)
    }

    func accommodateForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (found, form) = (try context.course, try context.form)
        let multiplierText = (form["timeMultiplier"] ?? "").trimmingCharacters(in: .whitespaces)
        let minutesText = (form["extraMinutes"] ?? "").trimmingCharacters(in: .whitespaces)
        guard let multiplier = multiplierText.isEmpty ? 1 : Double(multiplierText) else {
            throw ValidationError(field: "timeMultiplier", message: "must be a number from 1 to 10")
        }
        guard let minutes = minutesText.isEmpty ? 0 : Int(minutesText) else {
            throw ValidationError(field: "extraMinutes", message: "must be a whole number of minutes")
        }
        try await accommodate(username: (form["username"] ?? "").trimmingCharacters(in: .whitespaces), multiplier: multiplier,
                              extraMinutes: minutes, reason: form["reason"] ?? "", found)
        return .redirect(to: "/courses/\(found.course.slug)/time")
    }

    /// Refused rows are a ``BulkExtensions/Failure``: a 422 problem naming each one.
    func grantExtensions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let found = try context.course
        let items: [BulkExtensions.Item]
        if request.mediaType == "text/csv" {
            items = try BulkExtensions.items(csv: String(decoding: request.body, as: UTF8.self))
        } else {
            items = try BulkExtensions.items(json: request)
        }
        let granted = try await BulkExtensions.grant(items, course: found.course, actorID: found.principal.user.id, database: database)
        return Response.json { json in
            json.beginObject()
            json.field("granted", granted)
            json.endObject()
        }
    }

    func grantExtensionsForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let found = try context.course
        let csv = try context.form["csv"] ?? ""
        do {
            let items = try BulkExtensions.items(csv: csv)
            let granted = try await BulkExtensions.grant(items, course: found.course, actorID: found.principal.user.id, database: database)
            return try await page(found, message: granted == 1 ? "1 extension granted." : "\(granted) extensions granted.")
        } catch let failure as BulkExtensions.Failure {
            return try await page(found, message: "Nothing was granted: fix these rows and upload again.", problems: failure.lines,
                                  csv: csv, status: .unprocessableContent)
        }
    }

    // MARK: The changes, each with its audit entry

    private func setLateDays(_ days: Int, _ access: CourseAccess) async throws {
        let courseID = access.course.id
        let actorID = access.principal.user.id
        try await database.write { db in
            try LateDayBank.set(days: days, courseID: courseID, db)
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "lateDays.set", subject: "course:\(courseID)",
                                  detailsJSON: "{\"lateDays\":\(days)}", db)
        }
    }

    private func accommodate(username: String, multiplier: Double, extraMinutes: Int, reason: String,
                             _ access: CourseAccess) async throws {
        let courseID = access.course.id
        let actorID = access.principal.user.id
        guard (0...(Accommodation.maxExtraSeconds / 60)).contains(extraMinutes) else {
            throw ValidationError(field: "extraMinutes", message: "must be from 0 to \(Accommodation.maxExtraSeconds / 60)")
        }
        try await database.write { db in
            guard let student = try User.find(username: username, db),
                  try User.role(userID: student.id, courseID: courseID, db) != nil else {
                throw ValidationError(field: "username", message: "no user \(username) in this course")
            }
            try Accommodation.grant(Accommodation(userID: student.id, courseID: courseID, timeMultiplier: multiplier,
                                                  extraSeconds: extraMinutes * 60, reason: reason, grantedBy: actorID,
                                                  createdAt: Date()), db)
            var details = JSONWriter()
            details.beginObject()
            details.field("timeMultiplier", multiplier)
            details.field("extraMinutes", extraMinutes)
            details.field("reason", reason)
            details.endObject()
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "accommodation.grant",
                                  subject: "user:\(student.id)", detailsJSON: details.string, db)
        }
    }

    /// The time page, with a message and the refused rows of an upload.
    private func page(_ access: CourseAccess, message: String? = nil, problems: [String] = [], csv: String = "",
                      status: HTTPStatus = .ok) async throws -> Response {
        let courseID = access.course.id
        let (bank, accommodations, names) = try await database.read { db in
            let accommodations = try Accommodation.all(courseID: courseID, db)
            var names: [Int64: String] = [:]
            for accommodation in accommodations { names[accommodation.userID] = try User.find(id: accommodation.userID, db)?.username }
            return (try LateDayBank.days(courseID: courseID, db), accommodations, names)
        }
        let rows = accommodations.map { (username: names[$0.userID] ?? "#\($0.userID)", accommodation: $0) }
            .sorted { $0.username < $1.username }
        return ClassTimePage.response(access, lateDays: bank, accommodations: rows, message: message, problems: problems,
                                      csv: csv, status: status)
    }
}
