import JSON

/// Turns an ``HTTPError`` into a response: JSON for API requests, an HTML page otherwise.
public struct ErrorRenderer: Sendable {
    /// Paths starting with one of these are API paths and get JSON errors.
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
            response = .json(status: error.status) { w in
                w.beginObject()
                w.key("error")
                w.beginObject()
                w.field("code", error.code)
                w.field("message", error.message)
                w.endObject()
                w.endObject()
            }
        } else {
            response = .html(htmlPage(error), status: error.status)
        }
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
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
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
