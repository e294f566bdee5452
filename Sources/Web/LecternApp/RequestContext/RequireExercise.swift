import HTTPServer

/// Resolves the `:slug` exercise of the path in the course ``RequireCourse`` resolved (so it comes
/// after it) and puts it into the context (`context.exercise`); a missing one is the one 404
/// ("No exercise … in …").
struct RequireExercise: Middleware {
    let resolvers: Resolvers

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        let record = try await resolvers.exercise(try context.parameters.require("slug"), in: try context.course.course)
        var context = context
        context[CurrentExercise.self] = record
        return try await next(request, context)
    }
}
