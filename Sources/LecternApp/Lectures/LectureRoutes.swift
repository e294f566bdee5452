import Captions
import HTTPServer
import JSON
import Store

/// The lecture API and caption downloads:
/// - `GET /api/courses/:course/lectures`: the course's lectures, by number;
/// - `GET /api/courses/:course/lectures/:number`: one lecture with its transcript sections and cues;
/// - `GET /courses/:course/lectures/:number/captions.vtt` and `.srt`: the captions for a `<track>` or a player.
struct LectureRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database

        router.get("/api/courses/:course/lectures") { _, context in
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
            }
        }

        router.get("/api/courses/:course/lectures/:number") { _, context in
            let (course, lecture) = try await CatalogLookup.lecture(context.parameters, database)
            let (sections, cues) = try await database.read { db in
                (try LectureSection.all(lectureID: lecture.id, db), try CaptionCue.all(lectureID: lecture.id, db))
            }
            return Response.json(capacity: 1024 + cues.count * 160 + sections.reduce(0) { $0 + $1.bodyMarkdown.utf8.count * 2 }) { json in
                json.beginObject()
                json.field("course", course.slug)
                LectureJSON.writeSummary(lecture, course: course.slug, to: &json)
                json.key("sections")
                json.beginArray()
                for section in sections { LectureJSON.writeSection(section, to: &json) }
                json.endArray()
                json.key("cues")
                json.beginArray()
                for cue in cues { LectureJSON.writeCue(cue, to: &json) }
                json.endArray()
                json.endObject()
            }
        }

        for format in CaptionDownload.allCases {
            router.get("/courses/:course/lectures/:number/captions.\(format.rawValue)") { _, context in
                let (course, lecture) = try await CatalogLookup.lecture(context.parameters, database)
                let cues = try await database.read { db in try CaptionCue.all(lectureID: lecture.id, db) }
                let file = "\(course.slug)-lecture-\(lecture.number).\(format.rawValue)"
                return Response(contentType: format.contentType, body: .bytes(Array(format.render(cues.map(\.captionCue)).utf8)))
                    .withHeader("Content-Disposition", "inline; filename=\"\(file)\"")
            }
        }
    }
}

/// The caption formats a lecture can be downloaded in.
enum CaptionDownload: String, CaseIterable {
    case vtt, srt

    var contentType: String {
        switch self {
        case .vtt: "text/vtt; charset=utf-8"
        case .srt: "application/x-subrip; charset=utf-8"
        }
    }

    func render(_ cues: [Cue]) -> String {
        switch self {
        case .vtt: CaptionWriter.webVTT(cues)
        case .srt: CaptionWriter.srt(cues)
        }
    }
}
