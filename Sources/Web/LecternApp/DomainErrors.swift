import HTTPServer
import Store
import Threads

/// Maps the errors services throw to HTTP answers, in one place at the edge:
/// - an error that knows its answer (``HTTPResponseError``: ``AccessError``, ``GradingRefusal``,
///   a submission's refusal, ``ExerciseInUse``…) becomes that answer;
/// - a value that `Store` refused (a malformed slug, an empty title…) is `422 Unprocessable
///   Content` naming the field (also in the problem's `errors`), instead of an unexpected-error 500;
/// - a full worker queue (grading, hashing, imports) is `503` with `Retry-After`.
struct DomainErrorMiddleware: Middleware {
    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw HTTPError(error)
        } catch let error as ValidationError {
            throw HTTPError.unprocessable(error.description, code: "invalid_\(error.field)",
                                          errors: [HTTPError.FieldError(field: error.field, message: error.message)])
        } catch let error as ThreadPoolError {
            var headers = HTTPHeaders()
            headers.add("Retry-After", "2")
            throw HTTPError(.serviceUnavailable, code: "busy",
                            message: error == .busy ? "The server is busy; try again shortly." : "The server is stopping.",
                            headers: headers)
        }
    }
}
