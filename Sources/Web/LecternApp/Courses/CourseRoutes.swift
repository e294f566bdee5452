import HTTPServer
import JSON
import Store

/// `GET /api/courses`: every course as `[{"slug":"cs193p","title":"…","summary":"…"}]`, by slug; public, with an `ETag`.
struct CourseRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        router.get("/api/courses") { request, _ in
            let courses = try await database.read { db in try Course.all(db) }
            return Response.json(capacity: 128 + courses.count * 256) { json in
                json.beginArray()
                for course in courses {
                    json.beginObject()
                    json.field("slug", course.slug)
                    json.field("title", course.title)
                    json.field("summary", course.summary)
                    json.endObject()
                }
                json.endArray()
            }.publicCacheable(for: request)
        }
    }
}
