import HTTPServer

/// Lets only signed-in requests through and puts their principal into the context
/// (`context.principal`); others get 401 on API paths and a redirect to the sign-in page otherwise.
struct RequireSignIn: Middleware {
    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var context = context
        context[CurrentPrincipal.self] = try await Self.principal(request, context)
        return try await next(request, context)
    }

    /// The signed-in principal of the request, or the sign-in error.
    static func principal(_ request: Request, _ context: RequestContext) async throws -> Principal {
        guard let principal = try await context.optionalPrincipal else { throw Authenticator.signInRequired(request) }
        return principal
    }
}
