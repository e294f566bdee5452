import HTTPServer
import Store

/// Turns a value that `Store` refused (a malformed slug, an empty title…) into
/// `422 Unprocessable Content` naming the field (also in the problem's `errors`), instead of an
/// unexpected-error 500.
struct ValidationErrorMiddleware: Middleware {
    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ValidationError {
            throw HTTPError.unprocessable(error.description, code: "invalid_\(error.field)",
                                          errors: [HTTPError.FieldError(field: error.field, message: error.message)])
        }
    }
}
