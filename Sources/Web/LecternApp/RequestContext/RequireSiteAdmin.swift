import HTTPServer

/// Lets only site admins through (403 with `message` for everyone else signed in); comes after
/// ``RequireSignIn``.
struct RequireSiteAdmin: Middleware {
    /// What a signed-in non-admin is told, e.g. "Only site admins create courses."
    let message: String

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        guard try context.principal.user.isAdmin else { throw HTTPError.forbidden(message) }
        return try await next(request, context)
    }
}
