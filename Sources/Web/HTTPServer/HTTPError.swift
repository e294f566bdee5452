/// The one error type handlers throw to produce an error response.
///
/// It renders as an RFC 9457 problem (`application/problem+json`: `type`, `title`, `status`,
/// `detail`, our `code`, and `errors` when there are field errors) for API requests and as an
/// HTML error page otherwise. Any other error thrown by a handler becomes a logged 500.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    /// A stable machine-readable code, e.g. "not_found".
    public var code: String
    /// A human-readable message safe to show to the client.
    public var message: String
    /// Extra response headers (e.g. `Allow` for 405, `WWW-Authenticate` for 401).
    public var headers: HTTPHeaders
    /// What exactly was wrong, field by field (and line and column in a text), for validation errors.
    public var errors: [FieldError]

    public init(_ status: HTTPStatus, code: String? = nil, message: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
                errors: [FieldError] = []) {
        self.status = status
        self.code = code ?? Self.defaultCode(for: status)
        self.message = message ?? status.reason
        self.headers = headers
        self.errors = errors
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public static func badRequest(_ message: String, code: String = "bad_request") -> HTTPError {
        HTTPError(.badRequest, code: code, message: message)
    }
    public static func notFound(_ message: String = "Not Found") -> HTTPError { HTTPError(.notFound, message: message) }
    public static func unauthorized(_ message: String = "Authentication required") -> HTTPError {
        HTTPError(.unauthorized, message: message)
    }
    public static func forbidden(_ message: String = "Forbidden") -> HTTPError { HTTPError(.forbidden, message: message) }
    public static func conflict(_ message: String) -> HTTPError { HTTPError(.conflict, message: message) }
    public static func unprocessable(_ message: String, code: String = "invalid", errors: [FieldError] = []) -> HTTPError {
        HTTPError(.unprocessableContent, code: code, message: message, errors: errors)
    }

    /// "Not Found" → "not_found".
    static func defaultCode(for status: HTTPStatus) -> String {
        String(status.reason.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
