import HTTPServer

/// Refuses a state-changing request made with the session cookie unless it carries the session's
/// CSRF token (``Principal/checkCSRF(_:form:)``); comes after the middleware that sets the
/// principal. Where it stands in a group's list is the order of the checks: a form whose CSRF
/// token is checked before the course is resolved lists it before ``RequireCourse``.
struct CSRFCheck: Middleware {
    /// Where the token is.
    enum Source: Sendable {
        /// The `X-CSRF-Token` header (API routes).
        case header
        /// The form field `csrf` (or the header): the form is parsed here, once, and the handler
        /// reads it from `context.form`.
        case form
    }

    let source: Source

    /// The header check, for API routes.
    static let header = CSRFCheck(source: .header)
    /// The form check, for form posts.
    static let form = CSRFCheck(source: .form)

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var context = context
        let principal = try await RequireSignIn.principal(request, context)
        context[CurrentPrincipal.self] = principal
        switch source {
        case .header:
            try principal.checkCSRF(request)
        case .form:
            let form = try request.form()
            try principal.checkCSRF(request, form: form)
            context[CurrentForm.self] = form
        }
        return try await next(request, context)
    }
}
