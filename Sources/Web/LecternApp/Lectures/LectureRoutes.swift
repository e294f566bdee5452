import Captions
import HTTPServer
import JSON
import SQLite
import Store

/// The lecture API and caption downloads, all public data with an `ETag` (304 on `If-None-Match`):
/// - `GET /api/courses/:course/lectures`: the course's lectures, by number;
/// - `GET /api/courses/:course/lectures/:number`: one lecture with its transcript sections and cues;
/// - `GET /courses/:course/lectures/:number/captions.vtt`, `.srt` and `.txt`: the captions for a `<track>`, a
///   player or reading (`?lang=` picks a track, default the main one; `.txt?timestamps=1` puts each cue's time first);
/// - `GET /courses/:course/lectures/:number/transcript.md`: the transcript as Markdown.
struct LectureRoutes: Controller {
    let database: DatabasePool

    init(_ context: AppContext) { database = context.database }

    func addRoutes(to router: Router) {
        router.get("/api/courses/:course/lectures", use: list)
        router.get("/api/courses/:course/lectures/:number", use: show)
        for format in CaptionDownload.allCases {
            router.get("/courses/:course/lectures/:number/captions.\(format.rawValue)", use: captions(in: format))
        }
        router.get("/courses/:course/lectures/:number/transcript.md", use: transcript)
    }

    /// The course's lectures, by number.
    func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let slug = try context.parameters.require("course")
        let lectures = try await database.read { db in
            try Lecture.all(courseID: try CatalogLookup.course(slug, db).id, db)
        }
        return Response.json(capacity: 256 + lectures.count * 320) { json in
            json.beginArray()
            for lecture in lectures {
                json.beginObject()
                LectureJSON.writeSummary(lecture, course: slug, to: &json)
                json.endObject()
            }
            json.endArray()
        }.publicCacheable(for: request)
    }

    /// One lecture with its caption languages, transcript sections and cues.
    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (course, lecture) = try await CatalogLookup.lecture(context.parameters, database)
        let (sections, cues) = try await database.read { db in
            (try LectureSection.all(lectureID: lecture.id, db), try CaptionCue.all(lectureID: lecture.id, db))
        }
        let languages = try await database.read { db in try CaptionTrack.languages(lectureID: lecture.id, db) }
        return Response.json(capacity: 1024 + cues.count * 160 + sections.reduce(0) { $0 + $1.bodyMarkdown.utf8.count * 2 }) { json in
            json.beginObject()
            json.field("course", course.slug)
            LectureJSON.writeSummary(lecture, course: course.slug, to: &json)
            json.key("languages")
            json.beginArray()
            for language in languages { json.string(language) }
            json.endArray()
            json.key("sections")
            json.beginArray()
            for section in sections { LectureJSON.writeSection(section, to: &json) }
            json.endArray()
            json.key("cues")
            json.beginArray()
            for cue in cues { LectureJSON.writeCue(cue, to: &json) }
            json.endArray()
            json.endObject()
        }.publicCacheable(for: request)
    }

    /// The handler of the captions download in `format`.
    func captions(in format: CaptionDownload) -> Handler {
        { request, context in try await captions(request, context: context, format: format) }
    }

    /// The captions of the lecture (of the `lang` track when given) as a file in `format`.
    func captions(_ request: Request, context: AppRequestContext, format: CaptionDownload) async throws -> Response {
        let (course, lecture) = try await CatalogLookup.lecture(context.parameters, database)
        let language = request.query["lang"].flatMap { $0.isEmpty ? nil : $0 }
        let cues = try await database.read { db in try CaptionCue.all(lectureID: lecture.id, language: language, db) }
        if let language, cues.isEmpty {
            throw HTTPError.notFound("Lecture \(lecture.number) has no captions in \(language.prefix(35)).")
        }
        let suffix = language.map { "." + $0 } ?? ""
        let file = "\(course.slug)-lecture-\(lecture.number)\(suffix).\(format.rawValue)"
        let text = format.render(cues.map(\.captionCue), timestamps: request.query["timestamps"] == "1")
        return Response(contentType: format.contentType, body: .bytes(Array(text.utf8)))
            .withHeader("Content-Disposition", "inline; filename=\"\(file)\"").publicCacheable(for: request)
    }

    /// The transcript as Markdown.
    func transcript(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (course, lecture) = try await CatalogLookup.lecture(context.parameters, database)
        let sections = try await database.read { db in try LectureSection.all(lectureID: lecture.id, db) }
        guard !sections.isEmpty else { throw HTTPError.notFound("Lecture \(lecture.number) has no transcript.") }
        let file = "\(course.slug)-lecture-\(lecture.number).md"
        return Response(contentType: "text/markdown; charset=utf-8", body: .bytes(Array(TranscriptSource.markdown(sections).utf8)))
            .withHeader("Content-Disposition", "inline; filename=\"\(file)\"").publicCacheable(for: request)
    }
}

/// The caption formats a lecture can be downloaded in.
enum CaptionDownload: String, CaseIterable, Sendable {
    case vtt, srt, txt

    var contentType: String {
        switch self {
        case .vtt: "text/vtt; charset=utf-8"
        case .srt: "application/x-subrip; charset=utf-8"
        case .txt: "text/plain; charset=utf-8"
        }
    }

    /// The file; `timestamps` applies to the plain text only.
    func render(_ cues: [Cue], timestamps: Bool) -> String {
        switch self {
        case .vtt: CaptionWriter.webVTT(cues)
        case .srt: CaptionWriter.srt(cues)
        case .txt: CaptionWriter.plainText(cues, timestamps: timestamps)
        }
    }
}
