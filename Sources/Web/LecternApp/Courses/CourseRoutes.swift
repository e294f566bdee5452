import HTTPServer
import JSON
import SQLite
import Store

/// `GET /api/courses`: every course as `[{"slug":"cs193p","title":"…","summary":"…"}]`, by slug; public, with an `ETag`.
struct CourseRoutes: Controller {
    let database: DatabasePool

    init(_ context: AppContext) {
        database = context.database
    }

    func addRoutes(to router: Router) {
        router.get("/api/courses", use: list)
    }

    func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let courses = try await database.read { db in try Course.all(db) }
        return Response.json(capacity: 128 + courses.count * 256) { json in CourseJSON.list(courses, to: &json) }
            .publicCacheable(for: request)
    }
}

/// The API form of courses.
enum CourseJSON {
    /// `[{"slug","title","summary"}]`, in the given order.
    static func list(_ courses: [Course], to json: inout JSONWriter) {
        json.beginArray()
        for course in courses {
            json.beginObject()
            json.field("slug", course.slug)
            json.field("title", course.title)
            json.field("summary", course.summary)
            json.endObject()
        }
        json.endArray()
    }
}
