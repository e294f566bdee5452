import HTTPServer

/// Refuses personal API tokens (``Principal/requireSession()``, 403): managing tokens needs a
/// signed-in session. Comes after ``RequireSignIn``.
struct RequireSessionCredential: Middleware {
    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        try context.principal.requireSession()
        return try await next(request, context)
    }
}
