import Captions
import HTTPServer
import JSON
import SQLite
import Store

/// Caption corrections by the course's instructors and site admins, each in the course's audit log and
/// found by search as soon as it is stored:
/// - `PATCH /api/courses/:course/lectures/:number/cues/:index` with `{"text","start","end"}` (any of them;
///   times in seconds; `?lang=` for a track other than the main one): the corrected cue;
/// - `POST /courses/:course/lectures/:number/cues/:index` (the lecture page's cue form): the same, then
///   back to the cue on the lecture page;
/// - `POST /api/courses/:course/captions/replace` with `{"find","replace","lecture","language","matchCase",
///   "wholeWords","apply"}`: every change a find-and-replace makes (`apply` false or missing: a preview
///   that changes nothing);
/// - `GET` and `POST /courses/:course/captions/replace`: the same as a form, with its preview;
/// - `PUT /api/courses/:course/lectures/:number/captions/:language` (a caption file as the body) and `DELETE`:
///   another language's caption track.
struct CaptionEditRoutes: Controller {
    let database: DatabasePool
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let api = router.group(middleware: [guards.signedIn, CSRFCheck.header, guards.staff])
        api.patch("/api/courses/:course/lectures/:number/cues/:index", use: correctCue)
        api.post("/api/courses/:course/captions/replace", use: findAndReplace)
        api.put("/api/courses/:course/lectures/:number/captions/:language", maxBodyBytes: CaptionLimits.default.maxBytes,
                use: storeTrack)
        api.delete("/api/courses/:course/lectures/:number/captions/:language", use: removeTrack)
        let forms = router.group(middleware: [guards.signedIn, CSRFCheck.form, guards.staff])
        forms.post("/courses/:course/lectures/:number/cues/:index", use: correctCueForm)
        forms.post("/courses/:course/captions/replace", use: replaceForm)
        router.group(middleware: [guards.staff]).get("/courses/:course/captions/replace", use: replacePage)
    }

    // MARK: Cue corrections

    func correctCue(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let body = try CueCorrectionBody(request: request)
        let (_, _, after) = try await correct(access, number: try context.parameters.int("number"),
                                              index: try context.parameters.int("index"),
                                              language: request.query["lang"].flatMap { $0.isEmpty ? nil : $0 },
                                              text: body.text, start: body.startMs, end: body.endMs)
        return Response.json(capacity: 512) { json in LectureJSON.writeCue(after, to: &json) }
    }

    /// The lecture page's cue form; back to the cue on the page.
    func correctCueForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        let start = try CueCorrectionBody.seconds(form["start"], field: "start")
        let end = try CueCorrectionBody.seconds(form["end"], field: "end")
        let (lecture, _, after) = try await correct(access, number: try context.parameters.int("number"),
                                                    index: try context.parameters.int("index"),
                                                    language: form["lang"].flatMap { $0.isEmpty ? nil : $0 },
                                                    text: form["text"], start: start, end: end)
        let page = CatalogLookup.lecturePath(course: access.course.slug, number: lecture.number)
        return Response.redirect(to: "\(page)?t=\(after.startSecond)#t\(after.startSecond)")
    }

    /// Corrects a cue and records it; the cue before and after.
    private func correct(_ access: CourseAccess, number: Int, index: Int, language: String?, text: String?,
                         start: Int?, end: Int?) async throws -> (Lecture, CaptionCue, CaptionCue) {
        let course = access.course
        let actorID = access.principal.user.id
        return try await database.write { db in
            let lecture = try CatalogLookup.lecture(number, of: course, db)
            let track = language ?? lecture.captionLanguage
            guard let (before, after) = try CaptionEdit.correct(lectureID: lecture.id, language: track, position: index,
                                                                text: text, startMs: start, endMs: end, db) else {
                throw HTTPError.notFound("Lecture \(number) has no cue \(index) in \(track.prefix(35)).")
            }
            try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "caption.correct",
                                  subject: "lecture:\(lecture.id)",
                                  detailsJSON: CaptionEditJSON.correctionDetails(lecture, before: before, after: after), db)
            return (lecture, before, after)
        }
    }

    // MARK: Find and replace

    func findAndReplace(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let body = try ReplaceBody(request: request)
        let changes = try await replace(body.request, apply: body.apply, access: access)
        return CaptionEditJSON.replacements(changes, applied: body.apply, course: access.course.slug)
    }

    func replacePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        return CaptionReplacePage.response(ReplaceFormValues(), course: access.course, principal: access.principal,
                                           changes: nil, applied: false)
    }

    func replaceForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.form
        let access = try context.course
        let values = ReplaceFormValues(form: form)
        let apply = form["apply"] != nil
        do {
            let changes = try await replace(try values.request(), apply: apply, access: access)
            return CaptionReplacePage.response(values, course: access.course, principal: access.principal,
                                               changes: changes, applied: apply)
        } catch let error as ValidationError {
            return CaptionReplacePage.response(values, course: access.course, principal: access.principal,
                                               changes: nil, applied: false, error: error.description)
        }
    }

    /// Previews or makes a find-and-replace; a made one is audited once per lecture it changed.
    private func replace(_ replaceRequest: CaptionEdit.ReplaceRequest, apply: Bool,
                         access: CourseAccess) async throws -> [CaptionEdit.Replacement] {
        let course = access.course
        let actorID = access.principal.user.id
        guard apply else {
            return try await database.read { db in try CaptionEdit.previewReplace(replaceRequest, courseID: course.id, db) }
        }
        return try await database.write { db in
            let changes = try CaptionEdit.replace(replaceRequest, courseID: course.id, db)
            var byLecture: [(Int64, [CaptionEdit.Replacement])] = []
            for change in changes {
                if byLecture.last?.0 == change.lectureID {
                    byLecture[byLecture.count - 1].1.append(change)
                } else {
                    byLecture.append((change.lectureID, [change]))
                }
            }
            for (lectureID, lectureChanges) in byLecture {
                try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "caption.replace",
                                      subject: "lecture:\(lectureID)",
                                      detailsJSON: CaptionEditJSON.replaceDetails(replaceRequest, lectureChanges), db)
            }
            return changes
        }
    }

    // MARK: Other languages' tracks

    func storeTrack(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let language = try context.parameters.require("language")
        guard CaptionTrack.isLanguageTag(language) else {
            throw HTTPError.unprocessable("language: must be a tag such as en or pt-BR", code: "invalid_language")
        }
        let format = request.query["format"].flatMap(LectureUpload.format(named:))
        let document: CaptionDocument
        do {
            if let format {
                document = try CaptionParser.parse(String(decoding: request.body, as: UTF8.self), as: format)
            } else {
                document = try CaptionParser.parse(bytes: request.body)
            }
        } catch {
            throw HTTPError.unprocessable("captions: \(error)", code: "invalid_captions")
        }
        let number = try context.parameters.int("number")
        let course = access.course
        let actorID = access.principal.user.id
        try await database.write { db in
            let lecture = try CatalogLookup.lecture(number, of: course, db)
            guard language != lecture.captionLanguage else {
                throw HTTPError.conflict("\(language) is the lecture's main track; import the lecture to replace it.")
            }
            try CaptionTrack.store(document.cues, language: language, lectureID: lecture.id, db)
            var details = JSONWriter()
            details.beginObject()
            details.field("number", lecture.number)
            details.field("language", language)
            details.field("cues", document.cues.count)
            details.field("skippedLines", document.skippedLines.count)
            details.endObject()
            try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "caption.track",
                                  subject: "lecture:\(lecture.id)", detailsJSON: details.string, db)
        }
        return Response.json(capacity: 256 + document.skippedLines.count * 64) { json in
            json.beginObject()
            json.field("language", language)
            json.field("format", LectureUpload.name(of: document.format))
            json.field("encoding", document.encoding.rawValue)
            json.field("cueCount", document.cues.count)
            LectureJSON.writeSkippedLines(document.skippedLines, to: &json)
            json.endObject()
        }
    }

    func removeTrack(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let language = try context.parameters.require("language")
        let number = try context.parameters.int("number")
        let course = access.course
        let actorID = access.principal.user.id
        try await database.write { db in
            let lecture = try CatalogLookup.lecture(number, of: course, db)
            guard try CaptionTrack.remove(language: language, lectureID: lecture.id, db) else {
                throw HTTPError.notFound("Lecture \(number) has no other caption track in \(language.prefix(35)).")
            }
            var details = JSONWriter()
            details.beginObject()
            details.field("number", lecture.number)
            details.field("language", language)
            details.endObject()
            try AuditEntry.record(actorUserID: actorID, courseID: course.id, action: "caption.track.delete",
                                  subject: "lecture:\(lecture.id)", detailsJSON: details.string, db)
        }
        return Response.status(.noContent)
    }
}

/// The body of a cue correction: `{"text": "…", "start": 12.5, "end": 14}`, any of the three.
struct CueCorrectionBody {
    var text: String?
    var startMs: Int?
    var endMs: Int?

    init(request: Request) throws(HTTPError) {
        let root = JSONNode(try request.json(limits: JSONLimits(maxBytes: 64 << 10, maxDepth: 2, maxStringBytes: 32 << 10,
                                                                 maxElements: 8)))
        do {
            try root.checkKeys(allowed: ["text", "start", "end"])
            text = try root.optionalString("text")
            startMs = try root.optional("start").map { Int((try $0.double(in: 0...360_000) * 1000).rounded()) }
            endMs = try root.optional("end").map { Int((try $0.double(in: 0...360_000) * 1000).rounded()) }
        } catch let error as JSONDecodingError {
            throw HTTPError.badRequest(error.description, code: "invalid_body")
        } catch {
            throw HTTPError.badRequest("\(error)", code: "invalid_body")
        }
        guard text != nil || startMs != nil || endMs != nil else {
            throw HTTPError.badRequest("expected at least one of text, start and end", code: "invalid_body")
        }
    }

    /// A form's time: seconds (`12.5`) or a clock time (`1:02:03.5`); empty means unchanged.
    static func seconds(_ text: String?, field: String) throws(HTTPError) -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        var total = 0.0
        for part in text.split(separator: ":", omittingEmptySubsequences: false) {
            guard let value = Double(part), value >= 0, value.isFinite else {
                throw HTTPError.unprocessable("\(field): expected seconds such as 75.5 or a time such as 1:15.5",
                                              code: "invalid_\(field)")
            }
            total = total * 60 + value
        }
        guard total <= 360_000 else {
            throw HTTPError.unprocessable("\(field): at most 100 hours", code: "invalid_\(field)")
        }
        return Int((total * 1000).rounded())
    }
}

/// The body of a find-and-replace request.
struct ReplaceBody {
    var request: CaptionEdit.ReplaceRequest
    var apply: Bool

    init(request: Request) throws(HTTPError) {
        let root = JSONNode(try request.json(limits: JSONLimits(maxBytes: 16 << 10, maxDepth: 2, maxStringBytes: 4 << 10,
                                                                 maxElements: 16)))
        do {
            try root.checkKeys(allowed: ["find", "replace", "lecture", "language", "matchCase", "wholeWords", "apply"])
            self.request = CaptionEdit.ReplaceRequest(
                find: try root.required("find").string(), replacement: try root.required("replace").string(),
                lectureNumber: try root.optionalInt("lecture"), language: try root.optionalString("language"),
                matchCase: try root.optionalBool("matchCase") ?? false, wholeWords: try root.optionalBool("wholeWords") ?? true)
            apply = try root.optionalBool("apply") ?? false
        } catch {
            throw HTTPError.badRequest(error.description, code: "invalid_body")
        }
    }
}

/// The JSON of caption corrections.
enum CaptionEditJSON {
    /// `{"applied","count","changes":[{"lecture","title","index","language","timestamp","url","before","after","count"}]}`.
    static func replacements(_ changes: [CaptionEdit.Replacement], applied: Bool, course: String) -> Response {
        Response.json(capacity: 256 + changes.count * 256) { json in
            json.beginObject()
            json.field("applied", applied)
            json.field("count", changes.count)
            json.key("changes")
            json.beginArray()
            for change in changes {
                let page = CatalogLookup.lecturePath(course: course, number: change.lectureNumber)
                json.beginObject()
                json.field("lecture", change.lectureNumber)
                json.field("title", change.lectureTitle)
                json.field("index", change.cue.position)
                json.field("language", change.cue.language)
                json.field("timestamp", change.cue.timestamp)
                json.field("url", "\(page)?t=\(change.cue.startSecond)#t\(change.cue.startSecond)")
                json.field("before", change.before)
                json.field("after", change.after)
                json.field("count", change.count)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
    }

    /// `{"number","index","language","before":{"text","start","end"},"after":{…}}`.
    static func correctionDetails(_ lecture: Lecture, before: CaptionCue, after: CaptionCue) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("number", lecture.number)
        json.field("index", after.position)
        json.field("language", after.language)
        for (key, cue) in [("before", before), ("after", after)] {
            json.key(key)
            json.beginObject()
            json.field("text", cue.text)
            json.field("start", Double(cue.startMs) / 1000)
            json.field("end", Double(cue.endMs) / 1000)
            json.endObject()
        }
        json.endObject()
        return json.string
    }

    /// `{"find","replace","changes":[{"index","language","before","after"}]}`.
    static func replaceDetails(_ request: CaptionEdit.ReplaceRequest, _ changes: [CaptionEdit.Replacement]) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.field("find", request.find)
        json.field("replace", request.replacement)
        json.field("number", changes.first?.lectureNumber ?? 0)
        json.key("changes")
        json.beginArray()
        for change in changes {
            json.beginObject()
            json.field("index", change.cue.position)
            json.field("language", change.cue.language)
            json.field("before", change.before)
            json.field("after", change.after)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.string
    }
}
