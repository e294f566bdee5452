import Foundation
import JSON

/// An HTTP request as handlers see it: head, complete body and peer information.
public struct Request: Sendable {
    public var method: HTTPMethod
    /// The path as sent, still percent-encoded, without the query.
    public var path: String
    /// The raw query string after `?` (empty when absent).
    public var queryString: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    /// The complete request body (bounded by the route's body limit).
    public var body: [UInt8]
    /// The TCP peer.
    public var remoteAddress: SocketAddress
    /// The client's address: the peer, or the `X-Forwarded-For` client when the peer is a trusted proxy.
    public var clientAddress: String
    /// "http", or the `X-Forwarded-Proto` value when the peer is a trusted proxy.
    public var scheme: String

    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = [], remoteAddress: SocketAddress = SocketAddress(host: "127.0.0.1", port: 0),
                clientAddress: String? = nil, scheme: String = "http") {
        self.method = method
        if let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(target[..<q])
            queryString = String(target[target.index(after: q)...])
        } else {
            path = target
            queryString = ""
        }
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.clientAddress = clientAddress ?? remoteAddress.host
        self.scheme = scheme
    }

    /// Query parameters, percent-decoded with `+` as space, in order.
    public var query: FormParameters { FormParameters(encoded: queryString) }

    /// Request cookies in header order.
    public var cookies: [(name: String, value: String)] {
        headers.values(for: "Cookie").flatMap { Cookie.parse(header: $0) }
    }

    /// The first cookie named `name`.
    public func cookie(_ name: String) -> String? { cookies.first { $0.name == name }?.value }

    /// The media type of the body, lowercased, without parameters.
    public var mediaType: String? {
        headers["Content-Type"].map { ASCII.trimmed($0.split(separator: ";", maxSplits: 1).first ?? "").lowercased() }
    }

    /// Whether the client wants JSON rather than HTML, by `Accept` (RFC 9110 §12.5.1).
    /// Ties and absent headers go to `defaultJSON`.
    public func prefersJSON(default defaultJSON: Bool) -> Bool {
        guard let accept = headers["Accept"] else { return defaultJSON }
        let json = ContentNegotiation.quality(of: "application/json", in: accept)
        let html = ContentNegotiation.quality(of: "text/html", in: accept)
        if json == html { return defaultJSON }
        return json > html
    }

    /// The form fields of an `application/x-www-form-urlencoded` or a `multipart/form-data` body
    /// (see ``MultipartForm/parameters`` for files).
    /// - Throws: ``HTTPError`` 415 for another content type, 400 for a malformed multipart body.
    public func form() throws(HTTPError) -> FormParameters {
        if multipartBoundary != nil { return try multipartForm().parameters }
        guard mediaType == "application/x-www-form-urlencoded" else {
            throw HTTPError(.unsupportedMediaType,
                            message: "expected an application/x-www-form-urlencoded or multipart/form-data body")
        }
        return FormParameters(encoded: String(decoding: body, as: UTF8.self))
    }

    /// Parses a JSON body into a ``JSONValue`` (read it path-aware with `JSONNode`).
    /// - Throws: ``HTTPError`` 415 (not JSON), 413 (over `limits.maxBytes`), 400 (malformed, with line and column).
    public func json(limits: JSONLimits = .default) throws(HTTPError) -> JSONValue {
        try requireJSONMediaType()
        guard body.count <= limits.maxBytes else {
            throw HTTPError(.contentTooLarge, message: "JSON body larger than \(limits.maxBytes) bytes")
        }
        do {
            return try JSONParser.parse(bytes: body, limits: limits)
        } catch {
            throw HTTPError(.badRequest, code: "invalid_body", message: error.description,
                            errors: [HTTPError.FieldError(field: "body", line: error.line, column: error.column, message: error.message)])
        }
    }

    private func requireJSONMediaType() throws(HTTPError) {
        guard mediaType == "application/json" || mediaType?.hasSuffix("+json") == true else {
            throw HTTPError(.unsupportedMediaType, message: "expected an application/json body")
        }
    }

    /// Decodes a JSON body with Foundation's `JSONDecoder`; with `isoDates`, dates are ISO 8601
    /// strings (`2026-12-01T23:59:00Z`).
    /// - Throws: ``HTTPError`` 415 (not JSON), 413 (over `maxBytes`), 400 (malformed, with the coding path).
    public func decode<T: Decodable>(_ type: T.Type, maxBytes: Int = 256 * 1024, isoDates: Bool = false) throws(HTTPError) -> T {
        try requireJSONMediaType()
        guard body.count <= maxBytes else {
            throw HTTPError(.contentTooLarge, message: "JSON body larger than \(maxBytes) bytes")
        }
        let decoder = JSONDecoder()
        if isoDates { decoder.dateDecodingStrategy = .iso8601 }
        do {
            return try decoder.decode(T.self, from: Data(body))
        } catch let DecodingError.keyNotFound(key, context) {
            throw Self.invalidBody(Self.describe(context.codingPath + [key]), "required field is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw Self.invalidBody(Self.describe(context.codingPath), context.debugDescription)
        } catch let DecodingError.dataCorrupted(context) {
            if context.codingPath.isEmpty, let syntax = syntaxError() { throw syntax }
            throw Self.invalidBody(Self.describe(context.codingPath), context.debugDescription)
        } catch {
            throw HTTPError(.badRequest, code: "invalid_body", message: "malformed JSON body")
        }
    }

    /// The body's JSON syntax error as a 400 with its line and column, or nil when it parses.
    private func syntaxError() -> HTTPError? {
        do {
            _ = try JSONParser.parse(bytes: body, limits: JSONLimits(maxBytes: body.count + 1))
            return nil
        } catch {
            return HTTPError(.badRequest, code: "invalid_body", message: "malformed JSON body: \(error.description)",
                             errors: [HTTPError.FieldError(field: "body", line: error.line, column: error.column, message: error.message)])
        }
    }

    /// A 400 naming the JSON path of the field that could not be decoded.
    public static func invalidBody(_ path: String, _ message: String) -> HTTPError {
        HTTPError(.badRequest, code: "invalid_body", message: "\(path): \(message)",
                  errors: [HTTPError.FieldError(field: path, message: message)])
    }

    private static func describe(_ path: [any CodingKey]) -> String {
        path.reduce("$") { acc, key in
            if let i = key.intValue { return "\(acc)[\(i)]" }
            return "\(acc).\(key.stringValue)"
        }
    }
}

/// `Accept` header evaluation.
enum ContentNegotiation {
    /// The quality the `accept` header gives `mediaType` (exact, `type/*` or `*/*`), 0 when none.
    static func quality(of mediaType: String, in accept: String) -> Double {
        let type = mediaType.split(separator: "/").first.map(String.init) ?? mediaType
        var best: (specificity: Int, q: Double) = (-1, 0)
        for range in accept.split(separator: ",").prefix(50) {
            let params = range.split(separator: ";")
            guard let first = params.first else { continue }
            let name = ASCII.trimmed(first).lowercased()
            let specificity: Int
            if name == mediaType { specificity = 2 } else if name == "\(type)/*" { specificity = 1 } else if name == "*/*" {
                specificity = 0
            } else {
                continue
            }
            var q = 1.0
            for p in params.dropFirst() {
                let kv = p.split(separator: "=", maxSplits: 1)
                if kv.count == 2, ASCII.trimmed(kv[0]).lowercased() == "q", let v = Double(ASCII.trimmed(kv[1])),
                   v >= 0, v <= 1 {
                    q = v
                }
            }
            if specificity > best.specificity { best = (specificity, q) }
        }
        return max(best.q, 0)
    }
}
