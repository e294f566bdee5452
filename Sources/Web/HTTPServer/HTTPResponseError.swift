/// An error that knows its HTTP answer: the status, a stable code, a message safe to show, extra
/// headers and field errors. Services throw their own error types conforming to it; the edge (the
/// server's error middleware, or an application's) renders any of them as a problem
/// (`application/problem+json`) for API requests and as an HTML page otherwise, so no handler has
/// to look at a status number to decide what to do.
///
/// ```swift
/// enum LibraryError: HTTPResponseError {
///     case noBook(String)
///     var status: HTTPStatus { .notFound }
///     var message: String { switch self { case .noBook(let id): "No book \(id)." } }
/// }
/// ```
public protocol HTTPResponseError: Error, Sendable {
    /// The answer's status.
    var status: HTTPStatus { get }
    /// A stable machine-readable code, e.g. "not_found" (by default derived from the status).
    var code: String { get }
    /// A human-readable message safe to show to the client (by default the status's reason phrase).
    var message: String { get }
    /// Extra response headers, e.g. `Retry-After` (by default none).
    var headers: HTTPHeaders { get }
    /// What exactly was wrong, field by field (by default nothing).
    var errors: [HTTPError.FieldError] { get }
}

extension HTTPResponseError {
    public var code: String { HTTPError.defaultCode(for: status) }
    public var message: String { status.reason }
    public var headers: HTTPHeaders { HTTPHeaders() }
    public var errors: [HTTPError.FieldError] { [] }
}

extension HTTPError: HTTPResponseError {
    /// The answer of any ``HTTPResponseError``, as the one value the renderers take.
    public init(_ error: any HTTPResponseError) {
        if let error = error as? HTTPError {
            self = error
        } else {
            self.init(error.status, code: error.code, message: error.message, headers: error.headers, errors: error.errors)
        }
    }
}
