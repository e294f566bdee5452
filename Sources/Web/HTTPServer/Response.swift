import JSON

/// Writes the chunks of a streamed response body; each `write` waits while the client is slow.
public struct ResponseBodyWriter: Sendable {
    let sink: @Sendable ([UInt8]) async throws -> Void

    /// Creates a writer forwarding each chunk to `sink` (the server's connection, or a test collector).
    public init(sink: @escaping @Sendable ([UInt8]) async throws -> Void) { self.sink = sink }

    /// Sends `bytes` as one chunk; empty chunks are skipped.
    public func write(_ bytes: [UInt8]) async throws {
        if !bytes.isEmpty { try await sink(bytes) }
    }

    /// Sends `text` as UTF-8.
    public func write(_ text: String) async throws { try await write(Array(text.utf8)) }
}

/// A response body.
public enum ResponseBody: Sendable {
    case empty
    /// A complete body, sent with `Content-Length`.
    case bytes([UInt8])
    /// A body produced while sending, with chunked transfer coding (close-delimited for HTTP/1.0).
    case stream(@Sendable (ResponseBodyWriter) async throws -> Void)
}

/// An HTTP response. Build one with the static helpers, then adjust headers or cookies.
public struct Response: Sendable {
    public var status: HTTPStatus
    /// The `Content-Type`, kept apart from `headers` so common responses need no header list.
    public var contentType: String?
    /// Additional header fields; `Content-Length`, `Date`, `Server` and `Connection` are set by the server.
    public var headers: HTTPHeaders
    public var body: ResponseBody

    public init(status: HTTPStatus = .ok, contentType: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
                body: ResponseBody = .empty) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A JSON response written with ``JSONWriter``.
    public static func json(_ value: some JSONWritable, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 512)
        writer.value(value)
        return Response(status: status, contentType: "application/json", body: .bytes(writer.bytes))
    }

    /// A JSON response built directly with a ``JSONWriter``.
    public static func json(status: HTTPStatus = .ok, capacity: Int = 512,
                            _ write: (inout JSONWriter) -> Void) -> Response {
        var writer = JSONWriter(capacity: capacity)
        write(&writer)
        return Response(status: status, contentType: "application/json", body: .bytes(writer.bytes))
    }

    /// An HTML response from rendered UTF-8 bytes.
    public static func html(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, contentType: "text/html; charset=utf-8", body: .bytes(bytes))
    }

    /// An HTML response from a string of trusted, already-escaped markup.
    public static func html(_ markup: String, status: HTTPStatus = .ok) -> Response {
        html(Array(markup.utf8), status: status)
    }

    /// A plain-text response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array(text.utf8)))
    }

    /// A redirect (303 See Other by default: the follow-up request is a GET) to a path on this
    /// origin; any other target becomes `/` (see ``RedirectTarget``).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": RedirectTarget.local(location)])
    }

    /// An empty response with `status`.
    public static func status(_ status: HTTPStatus) -> Response { Response(status: status) }

    /// A streamed (chunked) response.
    public static func stream(contentType: String, status: HTTPStatus = .ok,
                              _ produce: @escaping @Sendable (ResponseBodyWriter) async throws -> Void) -> Response {
        Response(status: status, contentType: contentType, body: .stream(produce))
    }

    /// Adds a `Set-Cookie` header.
    public mutating func setCookie(_ cookie: Cookie) { headers.add("Set-Cookie", cookie.headerValue) }

    /// A copy with an added header field.
    public func withHeader(_ name: String, _ value: String) -> Response {
        var copy = self
        copy.headers.add(name, value)
        return copy
    }

    /// A copy with an added `Set-Cookie`.
    public func withCookie(_ cookie: Cookie) -> Response {
        var copy = self
        copy.setCookie(cookie)
        return copy
    }

    /// The body bytes when complete (not streamed).
    public var bodyBytes: [UInt8]? {
        switch body {
        case .empty: return []
        case .bytes(let b): return b
        case .stream: return nil
        }
    }
}
