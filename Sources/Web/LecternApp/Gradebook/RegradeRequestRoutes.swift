import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Regrade requests: a student asks about one of their submissions with a message, until the
/// exercise's cut-off; instructors answer each from a queue with a reply and, optionally, the
/// dry-run regrade of that student's submissions or of the whole exercise.
struct RegradeRequestRoutes: Controller {
    /// What an answer starts besides the reply.
    enum Regrade: String, Sendable, CaseIterable {
        case none, student, exercise
    }

    let database: DatabasePool
    let regrades: RegradeService
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        regrades = RegradeService(database: database, library: context.exercises, workers: context.regradeWorkers,
                                  queue: context.gradingQueue)
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        router.group(middleware: [guards.signedIn, CSRFCheck.header]).post("/api/submissions/:id/regrade-requests", use: file)
        router.group(middleware: [guards.signedIn, CSRFCheck.form])
            .post("/submissions/:id/regrade-requests", maxBodyBytes: 16 * 1024, use: fileForm)
        let staff = router.group(middleware: [guards.staff])
        staff.get("/api/courses/:course/regrade-requests", use: queue)
        staff.get("/courses/:course/regrade-requests", use: queuePage)
        router.group(middleware: [guards.staff, CSRFCheck.header]).post("/api/courses/:course/regrade-requests/:id/answer", use: answer)
        router.group(middleware: [guards.staff, CSRFCheck.form])
            .post("/courses/:course/regrade-requests/:id/answer", maxBodyBytes: 16 * 1024, use: answerForm)
        router.group(middleware: [guards.staff, CSRFCheck.header, guards.exercise])
            .put("/api/courses/:course/exercises/:slug/regrade-cutoff", use: setCutoff)
        router.group(middleware: [guards.staff, CSRFCheck.form, guards.exercise])
            .post("/courses/:course/exercises/:slug/regrade-cutoff", maxBodyBytes: 4096, use: setCutoffForm)
    }

    // MARK: Students ask

    func file(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let message: String }
        let body = try request.decode(Body.self, maxBytes: 16 * 1024)
        let (filed, _) = try await file(message: body.message, context)
        return Response.json(status: .created) { json in RegradeRequestJSON.write(filed, username: nil, to: &json) }
    }

    func fileForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (_, content) = try await file(message: try context.form["message"] ?? "", context)
        return .redirect(to: "/submissions/\(content.submission.id)#regrade-requests")
    }

    // MARK: Instructors answer

    func queue(_ request: Request, context: AppRequestContext) async throws -> Response {
        let found = try await queue(try context.course)
        return Response.json(capacity: 1024 + found.entries.count * 256) { json in
            json.beginArray()
            for entry in found.entries { RegradeRequestJSON.write(entry.request, username: entry.username, to: &json) }
            json.endArray()
        }
    }

    func queuePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        return RegradeQueuePage.response(access, try await queue(access))
    }

    func answer(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let reply: String; let regrade: String? }
        let body = try request.decode(Body.self, maxBytes: 16 * 1024)
        let (answered, run) = try await answer(id: Int64(try context.parameters.int("id")), reply: body.reply, regrade: body.regrade,
                                               try context.course)
        var response = Response.json { json in RegradeRequestJSON.write(answered, username: nil, to: &json) }
        if let run { response = response.withHeader("Location", "/api/regrades/\(run.id)") }
        return response
    }

    func answerForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (access, form) = (try context.course, try context.form)
        let (_, run) = try await answer(id: Int64(try context.parameters.int("id")), reply: form["reply"] ?? "", regrade: form["regrade"], access)
        if let run { return .redirect(to: "/courses/\(access.course.slug)/regrades/\(run.id)") }
        return .redirect(to: "/courses/\(access.course.slug)/regrade-requests")
    }

    func setCutoff(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Decodable { let closesAt: Date? }
        try await setCutoff(try request.decode(Body.self, maxBytes: 16 * 1024, isoDates: true).closesAt, try context.exercise, try context.course)
        return Response.status(.noContent)
    }

    func setCutoffForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        try await setCutoff(try PolicyForm.time(try context.form, "closesAt"), try context.exercise, access)
        return .redirect(to: "/courses/\(access.course.slug)/regrade-requests")
    }

    // MARK: The work behind the handlers

    /// Files a request as the submission's owner (others: 404 when they cannot see it, 403 when they teach).
    private func file(message: String, _ context: AppRequestContext) async throws -> (RegradeRequest, SubmissionPage.Content) {
        let principal = try context.principal
        let (content, _) = try await SubmissionAccess.load(id: Int64(try context.parameters.int("id")), for: principal, database: database)
        guard content.owner.id == principal.user.id else {
            throw HTTPError.forbidden("Only the student who submitted it can ask for a regrade.")
        }
        let submission = content.submission
        let courseID = content.course.id
        let filed = try await database.write { db in
            let filed = try RegradeRequest.file(submissionID: submission.id, userID: submission.userID, exerciseID: submission.exerciseID,
                                                message: message, db)
            try AuditEntry.record(actorUserID: submission.userID, courseID: courseID, action: "regradeRequest.file",
                                  subject: "submission:\(submission.id)", db)
            return filed
        }
        return (filed, content)
    }

    /// Answers a request of the course; returns it and the regrade run started, if any.
    private func answer(id: Int64, reply: String, regrade: String?, _ access: CourseAccess) async throws -> (RegradeRequest, RegradeRun?) {
        guard let kind = Regrade(rawValue: regrade.map { $0.isEmpty ? "none" : $0 } ?? "none") else {
            throw ValidationError(field: "regrade", message: "must be none, student or exercise")
        }
        let courseID = access.course.id
        guard let (found, record) = try await database.read({ db -> (RegradeRequest, ExerciseRecord)? in
            guard let found = try RegradeRequest.find(id: id, db), let record = try ExerciseRecord.find(id: found.exerciseID, db),
                  record.courseID == courseID else { return nil }
            return (found, record)
        }) else { throw HTTPError.notFound("No regrade request \(id).") }
        let trimmed = reply.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= RegradeRequest.maxMessageLength else {
            throw ValidationError(field: "reply", message: "must be 1 to \(RegradeRequest.maxMessageLength) characters")
        }
        var run: RegradeRun?
        switch kind {
        case .none: break
        case .student: run = try await regrades.startDryRun(record, by: access.principal.user, onlyUserID: found.userID)
        case .exercise: run = try await regrades.startDryRun(record, by: access.principal.user)
        }
        let actorID = access.principal.user.id
        let runID = run?.id
        let answered = try await database.write { db in
            try RegradeRequest.answer(id: id, reply: trimmed, by: actorID, regradeRunID: runID, db)
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "regradeRequest.answer",
                                  subject: "submission:\(found.submissionID)",
                                  detailsJSON: "{\"request\":\(id),\"regrade\":\"\(kind.rawValue)\"}", db)
            return try RegradeRequest.find(id: id, db)
        }
        return (answered ?? found, run)
    }

    private func setCutoff(_ closesAt: Date?, _ record: ExerciseRecord, _ access: CourseAccess) async throws {
        let actorID = access.principal.user.id
        let courseID = access.course.id
        try await database.write { db in
            try RegradeRequest.setCutoff(exerciseID: record.id, closesAt: closesAt, db)
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "regradeRequest.cutoff",
                                  subject: "exercise:\(record.id)",
                                  detailsJSON: "{\"closesAt\":\(closesAt.map { "\"\(InternetTime.string($0))\"" } ?? "null")}", db)
        }
    }

    private func queue(_ access: CourseAccess) async throws -> RegradeQueue {
        let courseID = access.course.id
        return try await database.read { db in try RegradeQueue.load(courseID: courseID, db) }
    }
}

/// The API form of a regrade request.
enum RegradeRequestJSON {
    static func write(_ request: RegradeRequest, username: String?, to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", request.id)
        json.field("submission", request.submissionID)
        if let username { json.field("user", username) }
        json.field("message", request.message)
        json.field("status", request.status.rawValue)
        json.field("reply", request.reply)
        json.field("repliedAt", request.repliedAt.map { InternetTime.string($0) })
        json.field("regradeRun", request.regradeRunID)
        json.field("createdAt", InternetTime.string(request.createdAt))
        json.endObject()
    }
}
