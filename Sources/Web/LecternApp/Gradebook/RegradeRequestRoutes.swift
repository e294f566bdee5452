import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Regrade requests: a student asks about one of their submissions with a message, until the
/// exercise's cut-off; instructors answer each from a queue with a reply and, optionally, the
/// dry-run regrade of that student's submissions or of the whole exercise.
struct RegradeRequestRoutes: RouteCollection {
    /// What an answer starts besides the reply.
    enum Regrade: String, Sendable, CaseIterable {
        case none, student, exercise
    }

    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let library = ExerciseLibrary(database: database)
        let regrades = RegradeService(database: database, library: library, workers: context.regradeWorkers,
                                      queue: context.gradingQueue)

        @Sendable func staffAccess(_ request: Request, _ context: RequestContext, form: FormParameters? = nil) async throws -> CourseAccess {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal,
                                                        database: database)
            try access.requireStaff()
            if request.method != .get { try principal.checkCSRF(request, form: form) }
            return access
        }

        /// Files a request as the submission's owner (others: 404 when they cannot see it, 403 when they teach).
        @Sendable func file(_ request: Request, _ context: RequestContext, message: String, form: FormParameters?) async throws
            -> (RegradeRequest, SubmissionPage.Content) {
            let principal = try await auth.requirePrincipal(for: request)
            try principal.checkCSRF(request, form: form)
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
        @Sendable func answer(id: Int64, reply: String, regrade: String?, _ access: CourseAccess) async throws -> (RegradeRequest, RegradeRun?) {
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

        @Sendable func exercise(_ access: CourseAccess, _ context: RequestContext) async throws -> ExerciseRecord {
            let slug = try context.parameters.require("slug")
            let courseID = access.course.id
            guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
                throw HTTPError.notFound("No exercise \(slug).")
            }
            return record
        }

        @Sendable func setCutoff(_ closesAt: Date?, _ record: ExerciseRecord, _ access: CourseAccess) async throws {
            let actorID = access.principal.user.id
            let courseID = access.course.id
            try await database.write { db in
                try RegradeRequest.setCutoff(exerciseID: record.id, closesAt: closesAt, db)
                try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "regradeRequest.cutoff",
                                      subject: "exercise:\(record.id)",
                                      detailsJSON: "{\"closesAt\":\(closesAt.map { "\"\(InternetTime.string($0))\"" } ?? "null")}", db)
            }
        }

        router.post("/api/submissions/:id/regrade-requests") { request, context in
            struct Body: Decodable { let message: String }
            let body = try request.decode(Body.self, maxBytes: 16 * 1024)
            let (filed, _) = try await file(request, context, message: body.message, form: nil)
            return Response.json(status: .created) { json in RegradeRequestJSON.write(filed, username: nil, to: &json) }
        }

        router.post("/submissions/:id/regrade-requests", maxBodyBytes: 16 * 1024) { request, context in
            let form = try request.form()
            let (_, content) = try await file(request, context, message: form["message"] ?? "", form: form)
            return .redirect(to: "/submissions/\(content.submission.id)#regrade-requests")
        }

        @Sendable func queue(_ access: CourseAccess) async throws -> RegradeQueue {
            let courseID = access.course.id
            return try await database.read { db in try RegradeQueue.load(courseID: courseID, db) }
        }

        router.get("/api/courses/:course/regrade-requests") { request, context in
            let access = try await staffAccess(request, context)
            let found = try await queue(access)
            return Response.json(capacity: 1024 + found.entries.count * 256) { json in
                json.beginArray()
                for entry in found.entries { RegradeRequestJSON.write(entry.request, username: entry.username, to: &json) }
                json.endArray()
            }
        }

        router.get("/courses/:course/regrade-requests") { request, context in
            let access = try await staffAccess(request, context)
            return RegradeQueuePage.response(access, try await queue(access))
        }

        router.post("/api/courses/:course/regrade-requests/:id/answer") { request, context in
            let access = try await staffAccess(request, context)
            struct Body: Decodable { let reply: String; let regrade: String? }
            let body = try request.decode(Body.self, maxBytes: 16 * 1024)
            let (answered, run) = try await answer(id: Int64(try context.parameters.int("id")), reply: body.reply, regrade: body.regrade, access)
            var response = Response.json { json in
                RegradeRequestJSON.write(answered, username: nil, to: &json)
            }
            if let run { response = response.withHeader("Location", "/api/regrades/\(run.id)") }
            return response
        }

        router.post("/courses/:course/regrade-requests/:id/answer", maxBodyBytes: 16 * 1024) { request, context in
            let form = try request.form()
            let access = try await staffAccess(request, context, form: form)
            let (_, run) = try await answer(id: Int64(try context.parameters.int("id")), reply: form["reply"] ?? "",
                                            regrade: form["regrade"], access)
            if let run { return .redirect(to: "/courses/\(access.course.slug)/regrades/\(run.id)") }
            return .redirect(to: "/courses/\(access.course.slug)/regrade-requests")
        }

        router.put("/api/courses/:course/exercises/:slug/regrade-cutoff") { request, context in
            let access = try await staffAccess(request, context)
            let record = try await exercise(access, context)
            struct Body: Decodable { let closesAt: Date? }
            try await setCutoff(try request.decode(Body.self, maxBytes: 16 * 1024, isoDates: true).closesAt, record, access)
            return Response.status(.noContent)
        }

        router.post("/courses/:course/exercises/:slug/regrade-cutoff", maxBodyBytes: 4096) { request, context in
            let form = try request.form()
            let access = try await staffAccess(request, context, form: form)
            let record = try await exercise(access, context)
            try await setCutoff(try PolicyForm.time(form, "closesAt"), record, access)
            return .redirect(to: "/courses/\(access.course.slug)/regrade-requests")
        }
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
