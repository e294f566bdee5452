import HTML
import JSON

/// Turns an ``HTTPError`` into a response: an RFC 9457 problem for API requests, an HTML page otherwise.
public struct ErrorRenderer: Sendable {
    /// Paths starting with one of these are API paths and get problem answers.
    public var apiPathPrefixes: [String]
    /// Renders the HTML page for non-API requests.
    public var htmlPage: @Sendable (HTTPError) -> [UInt8]

    public init(apiPathPrefixes: [String] = ["/api/"], htmlPage: @escaping @Sendable (HTTPError) -> [UInt8] = ErrorRenderer.defaultPage) {
        self.apiPathPrefixes = apiPathPrefixes
        self.htmlPage = htmlPage
    }

    /// Whether `request` gets a JSON error: an API path, or an `Accept` preferring JSON.
    public func wantsJSON(_ request: Request) -> Bool {
        let isAPI = apiPathPrefixes.contains { request.path.hasPrefix($0) || request.path + "/" == $0 }
        return request.prefersJSON(default: isAPI)
    }

    public func response(for error: HTTPError, request: Request) -> Response {
        var response: Response
        if wantsJSON(request) {
            response = Self.problem(error)
        } else {
            response = .html(htmlPage(error), status: error.status)
        }
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }

    /// The media type of problem answers (RFC 9457).
    public static let problemMediaType = "application/problem+json"

    /// `error` as an RFC 9457 problem: `type` (`about:blank`: the status says what kind of problem
    /// it is), `title` (the status's reason phrase), `status`, `detail` (the message), `code` (a
    /// stable machine-readable name) and, for field errors, `errors` (`field`, `line`, `column`,
    /// `message`, each only when known).
    public static func problem(_ error: HTTPError) -> Response {
        var w = JSONWriter(capacity: 256 + error.errors.count * 96)
        w.beginObject()
        w.field("type", "about:blank")
        w.field("title", error.status.reason)
        w.field("status", error.status.code)
        w.field("detail", error.message)
        w.field("code", error.code)
        if !error.errors.isEmpty {
            w.key("errors")
            w.beginArray()
            for item in error.errors {
                w.beginObject()
                if let field = item.field { w.field("field", field) }
                if let line = item.line { w.field("line", line) }
                if let column = item.column { w.field("column", column) }
                w.field("message", item.message)
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        return Response(status: error.status, contentType: problemMediaType, body: .bytes(w.bytes))
    }

    /// A minimal, self-contained error page; the message is HTML-escaped.
    public static func defaultPage(_ error: HTTPError) -> [UInt8] {
        let title = "\(error.status.code) \(escape(error.status.reason))"
        return Array("""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
        <body><h1>\(title)</h1><p>\(escape(error.message))</p></body></html>

        """.utf8)
    }

    private static func escape(_ s: String) -> String {
        Markup.escape(s, .attribute)
    }
}
