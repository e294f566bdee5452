import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Analytics for instructors: per exercise (page, JSON, CSV) and the course overview.
struct AnalyticsRoutes: Controller {
    let service: AnalyticsService
    let guards: RouteGuards

    init(_ context: AppContext) {
        service = AnalyticsService(database: context.database, library: context.exercises)
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let exercise = router.group(middleware: [guards.staff, guards.exercise])
        exercise.get("/api/courses/:course/exercises/:slug/analytics", use: json)
        exercise.get("/api/courses/:course/exercises/:slug/analytics.csv", use: csv)
        exercise.get("/courses/:course/exercises/:slug/analytics", use: page)
        router.group(middleware: [guards.staff]).get("/courses/:course/analytics", use: coursePage)
    }

    func json(_ request: Request, context: AppRequestContext) async throws -> Response {
        let found = try await service.exercise(try context.exercise)
        return Response.json(capacity: 2048) { json in AnalyticsExport.json(found, to: &json) }
    }

    func csv(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        let found = try await service.exercise(try context.exercise)
        return Response(status: .ok, contentType: "text/csv; charset=utf-8", body: .bytes(Array(AnalyticsExport.csv(found).utf8)))
            .withHeader("Content-Disposition", "attachment; filename=\"\(access.course.slug)-\(found.exercise.slug)-analytics.csv\"")
    }

    func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        AnalyticsPages.ExerciseReport.response(try context.course, try await service.exercise(try context.exercise))
    }

    func coursePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let access = try context.course
        return AnalyticsPages.CourseReport.response(access, try await service.course(access.course.id))
    }
}
