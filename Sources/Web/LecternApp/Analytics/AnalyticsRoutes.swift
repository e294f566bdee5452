import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Analytics for instructors: per exercise (page, JSON, CSV) and the course overview.
struct AnalyticsRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        let auth = context.authenticator
        let service = AnalyticsService(database: database, library: ExerciseLibrary(database: database))

        @Sendable func staffAccess(_ request: Request, _ context: RequestContext) async throws -> CourseAccess {
            let principal = try await auth.requirePrincipal(for: request)
            let access = try await CourseAccess.resolve(courseSlug: try context.parameters.require("course"), principal: principal,
                                                        database: database)
            try access.requireStaff()
            return access
        }

        @Sendable func analytics(_ request: Request, _ context: RequestContext) async throws -> (CourseAccess, ExerciseAnalytics) {
            let access = try await staffAccess(request, context)
            let slug = try context.parameters.require("slug")
            let courseID = access.course.id
            guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
                throw HTTPError.notFound("No exercise \(slug).")
            }
            return (access, try await service.exercise(record))
        }

        router.get("/api/courses/:course/exercises/:slug/analytics") { request, context in
            let (_, found) = try await analytics(request, context)
            return Response.json(capacity: 2048) { json in AnalyticsExport.json(found, to: &json) }
        }

        router.get("/api/courses/:course/exercises/:slug/analytics.csv") { request, context in
            let (access, found) = try await analytics(request, context)
            return Response(status: .ok, contentType: "text/csv; charset=utf-8", body: .bytes(Array(AnalyticsExport.csv(found).utf8)))
                .withHeader("Content-Disposition", "attachment; filename=\"\(access.course.slug)-\(found.exercise.slug)-analytics.csv\"")
        }

        router.get("/courses/:course/exercises/:slug/analytics") { request, context in
            let (access, found) = try await analytics(request, context)
            return AnalyticsPages.exercise(access, found)
        }

        router.get("/courses/:course/analytics") { request, context in
            let access = try await staffAccess(request, context)
            return AnalyticsPages.course(access, try await service.course(access.course.id))
        }
    }
}
