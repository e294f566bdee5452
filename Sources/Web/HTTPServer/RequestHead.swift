/// How a request's body is delimited (RFC 9112 §6).
public enum BodyFraming: Sendable, Equatable {
    case none
    case contentLength(Int)
    case chunked
}

/// A parsed and validated request line plus header section.
public struct HTTPRequestHead: Sendable {
    public var method: HTTPMethod
    /// The raw request-target as sent (origin-form, or `*`).
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var framing: BodyFraming
    /// Whether the connection stays open after the response (RFC 9112 §9.3).
    public var keepAlive: Bool
    /// Whether the client sent `Expect: 100-continue`.
    public var expectsContinue: Bool
}

/// A request the parser refuses, with the status to answer before closing.
public struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status.code): \(reason)" }
}

/// Size limits enforced while parsing; every count the peer controls is bounded.
public struct HTTPParserLimits: Sendable {
    /// Longest request line (method, target, version); longer → 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Largest header section including the request line; larger → 431.
    public var maxHeaderBytes = 32 * 1024
    /// Most header fields; more → 431.
    public var maxHeaderCount = 100
    /// Longest chunk extension list on one chunk-size line; longer → 400.
    public var maxChunkExtensionBytes = 1024
    /// Largest trailer section; larger → 431.
    public var maxTrailerBytes = 8 * 1024
    /// Most empty lines tolerated before a request line (RFC 9112 §2.2).
    public var maxLeadingEmptyLines = 4

    public init() {}
}
