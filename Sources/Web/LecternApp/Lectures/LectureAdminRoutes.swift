import HTTPServer
import JSON
import SQLite
import Store
import Threads

/// Lecture import and removal for the course's instructors and site admins; imports are the same as
/// `lectern import lecture`. Both are in the course's audit log.
/// - `PUT /api/courses/:course/lectures/:number` (JSON, see ``LectureUpload``): creates (201) or replaces
///   (200) the lecture in one transaction and answers what was read and skipped;
/// - `DELETE /api/courses/:course/lectures/:number`: removes the lecture and its search index entries (204);
/// - `GET /courses/:course/lectures/new` and `GET /courses/:course/lectures/:number/edit`: the lecture form;
/// - `POST` to the same paths: the form, answered with the import's summary page.
struct LectureAdminRoutes: Controller {
    let database: DatabasePool
    let importer: LectureUploadImporter
    /// Threads for a preview's parsing, off the event loops.
    let workers: WorkerPool
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        importer = LectureUploadImporter(database: database, workers: context.gradingWorkers)
        workers = context.gradingWorkers
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let api = router.group(middleware: [guards.signedIn, CSRFCheck.header, guards.staff])
        api.put("/api/courses/:course/lectures/:number", maxBodyBytes: LectureUpload.maxBodyBytes, use: put)
        api.delete("/api/courses/:course/lectures/:number", use: delete)
        let staff = router.group(middleware: [guards.staff])
        staff.get("/courses/:course/lectures/new", use: newForm)
        staff.get("/courses/:course/lectures/:number/edit", use: editForm)
        let forms = router.group(middleware: [guards.signedIn, CSRFCheck.form, guards.staff])
        forms.post("/courses/:course/lectures/new", maxBodyBytes: LectureFormValues.maxBodyBytes, use: create)
        forms.post("/courses/:course/lectures/:number/edit", maxBodyBytes: LectureFormValues.maxBodyBytes, use: update)
    }

    // MARK: API

    func put(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let number = try context.parameters.int("number")
        let upload = try LectureUpload(request: request)
        do {
            let outcome = try await importer.importLecture(upload, number: number, into: access, onlyIfNew: false)
            return LectureUploadJSON.response(outcome, course: access.course.slug)
        } catch let error as LectureUploadError {
            return LectureUploadJSON.error(error)
        }
    }

    func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let number = try context.parameters.int("number")
        let courseID = access.course.id
        let actorID = access.principal.user.id
        try await database.write { db in
            guard let lecture = try Lecture.delete(courseID: courseID, number: number, db) else {
                throw HTTPError.notFound("No lecture \(number) in \(access.course.slug).")
            }
            var details = JSONWriter()
            details.beginObject()
            details.field("number", lecture.number)
            details.field("title", lecture.title)
            details.endObject()
            try AuditEntry.record(actorUserID: actorID, courseID: courseID, action: "lecture.delete",
                                  subject: "lecture:\(lecture.id)", detailsJSON: details.string, db)
        }
        return Response.status(.noContent)
    }

    // MARK: The lecture form

    func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let courseID = access.course.id
        let lectures = try await database.read { db in try Lecture.all(courseID: courseID, db) }
        let next = (lectures.last?.number).map { $0 + 1 } ?? 1
        return LectureEditPage.response(LectureFormValues(number: next), course: access.course, editing: nil, error: nil,
                                        principal: access.principal)
    }

    func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let number = try context.parameters.int("number")
        let course = access.course
        let values = try await database.read { db in
            let lecture = try CatalogLookup.lecture(number, of: course, db)
            return LectureFormValues(lecture, sections: try LectureSection.all(lectureID: lecture.id, db),
                                     cues: try CaptionCue.all(lectureID: lecture.id, db))
        }
        return LectureEditPage.response(values, course: course, editing: number, error: nil, principal: access.principal)
    }

    func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let values = try Self.values(request, context)
        return try await submit(values, number: values.lectureNumber, isNew: true, try context.course)
    }

    func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await submit(try Self.values(request, context), number: try context.parameters.int("number"), isNew: false, try context.course)
    }

    /// The posted form's values, with the caption file of a multipart post.
    private static func values(_ request: Request, _ context: AppRequestContext) throws -> LectureFormValues {
        var values = LectureFormValues(form: try context.form)
        values.takeCaptionFile(from: request)
        return values
    }

    /// Imports the form's lecture, or shows the form again with the error and what was entered.
    private func submit(_ values: LectureFormValues, number: Int?, isNew: Bool, _ access: CourseAccess) async throws -> Response {
        do {
            guard let number else { throw LectureFormValues.unreadableNumber }
            if values.preview {
                let upload = values.upload()
                let prepared = try await workers.run { try upload.prepare(number: number) }
                return LectureEditPage.ImportPreview.response(prepared.loaded, values: values, course: access.course,
                                               editing: isNew ? nil : number, principal: access.principal)
            }
            let outcome = try await importer.importLecture(values.upload(), number: number, into: access, onlyIfNew: isNew)
            return LectureEditPage.Imported.response(outcome, course: access.course, principal: access.principal)
        } catch let error as LectureUploadError {
            return LectureEditPage.response(values, course: access.course, editing: isNew ? nil : number, error: error,
                                            principal: access.principal)
        }
    }
}

/// What an upload did: what was read and skipped, and the lecture as stored.
struct LectureUploadOutcome: Sendable {
    let loaded: LoadedLecture
    let result: LectureImportResult
}

/// Stores uploaded lectures: parsing and stemming on a worker thread, then one write transaction with
/// `LectureImport` (exactly what `lectern import lecture` stores) and the audit entry.
struct LectureUploadImporter: Sendable {
    let database: DatabasePool
    /// Threads for the CPU-heavy parsing and stemming, off the event loops and the cooperative pool.
    let workers: WorkerPool

    /// Creates or replaces lecture `number` of the course with exactly the upload's content.
    /// - Parameter onlyIfNew: refuse (409) when the lecture exists, instead of replacing it.
    /// - Throws: ``LectureUploadError`` for content that cannot be imported; ``HTTPError`` 503 when the
    ///   workers are saturated.
    func importLecture(_ upload: LectureUpload, number: Int, into access: CourseAccess, onlyIfNew: Bool) async throws
        -> LectureUploadOutcome {
        let prepared = try await workers.run { try upload.prepare(number: number) }
        let course = access.course
        let actorID = access.principal.user.id
        let result = try await database.write { db in
            if onlyIfNew, try Lecture.find(courseID: course.id, number: number, db) != nil {
                throw LectureUploadError.exists(number)
            }
            let result = try LectureImport.importLecture(prepared.lecture, courseSlug: course.slug, db)
            try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "lecture.import",
                                  subject: "lecture:\(result.lecture.id)",
                                  detailsJSON: LectureUploadJSON.auditDetails(prepared.loaded, replaced: result.replaced), db)
            return result
        }
        return LectureUploadOutcome(loaded: prepared.loaded, result: result)
    }
}

/// The JSON answers of the lecture upload API.
enum LectureUploadJSON {
    /// 201 (created) or 200 (replaced) with `Location`:
    /// `{"course","number","title","created","summary","url","captions":{"format","cueCount","language","encoding",
    /// "skippedLines":[{"line","text","reason"}],"joinedLines":[{"line","text","cueStart"}]}|null,
    /// "transcript":{"sections":[{"anchor","title","level"}]}|null}`.
    static func response(_ outcome: LectureUploadOutcome, course: String) -> Response {
        let loaded = outcome.loaded
        let lecture = outcome.result.lecture
        let page = CatalogLookup.lecturePath(course: course, number: lecture.number)
        return Response.json(status: outcome.result.replaced ? .ok : .created,
                             capacity: 512 + loaded.skippedLines.reduce(0) { $0 + 32 + $1.text.utf8.count }) { json in
            json.beginObject()
            json.field("course", course)
            json.field("number", lecture.number)
            json.field("title", lecture.title)
            json.field("created", !outcome.result.replaced)
            json.field("summary", loaded.summary)
            json.field("url", page)
            json.key("captions")
            if let format = loaded.captionFormat {
                json.beginObject()
                json.field("format", LectureUpload.name(of: format))
                json.field("cueCount", loaded.content.cues.count)
                json.field("language", loaded.content.captionLanguage)
                json.field("encoding", loaded.encoding.rawValue)
                LectureJSON.writeSkippedLines(loaded.skippedLines, to: &json)
                json.key("joinedLines")
                json.beginArray()
                for joined in loaded.joinedLines {
                    json.beginObject()
                    json.field("line", joined.line)
                    json.field("text", joined.text)
                    json.field("cueStart", Double(joined.cueStart) / 1000)
                    json.endObject()
                }
                json.endArray()
                json.endObject()
            } else {
                json.null()
            }
            json.key("transcript")
            if let transcript = loaded.content.transcript {
                json.beginObject()
                json.key("sections")
                json.beginArray()
                for section in transcript.sections {
                    json.beginObject()
                    json.field("anchor", section.id)
                    json.field("title", section.title)
                    json.field("level", section.level)
                    json.endObject()
                }
                json.endArray()
                json.endObject()
            } else {
                json.null()
            }
            json.endObject()
        }.withHeader("Location", "/api" + page)
    }

    /// A problem answer (`application/problem+json`) with the error's status and one field error
    /// naming the field, and the line for text that does not parse.
    static func error(_ error: LectureUploadError) -> Response {
        ErrorRenderer.problem(HTTPError(error.status, code: error.code, message: error.description,
                                        errors: [HTTPError.FieldError(field: error.field, line: error.line, message: error.message)]))
    }

    /// The audit entry's details: `{"number","title","replaced","cues","skippedLines","sections"}`.
    static func auditDetails(_ loaded: LoadedLecture, replaced: Bool) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("number", loaded.content.number)
        json.field("title", loaded.content.title)
        json.field("replaced", replaced)
        json.field("cues", loaded.content.cues.count)
        json.field("skippedLines", loaded.skippedLines.count)
        json.field("sections", loaded.content.transcript?.sections.count ?? 0)
        json.endObject()
        return json.string
    }
}
