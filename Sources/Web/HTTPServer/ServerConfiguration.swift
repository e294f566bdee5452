/// Everything tunable about a ``Server``. Defaults suit production behind a reverse proxy.
public struct ServerConfiguration: Sendable {
    /// Address to bind: an IPv4 or IPv6 literal ("127.0.0.1", "0.0.0.0", "::").
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one (read it back from ``Server/port``).
    public var port = 8080
    /// Event loops (threads running epoll); defaults to one per core.
    public var eventLoopCount = Platform.processorCount()
    /// Most simultaneously open connections. When all are taken, the connection idle the longest
    /// is closed to make room; when none is idle, new ones get a 503 and are closed.
    public var maxConnections = 4096
    /// Most simultaneously open connections from one peer address (the socket's, not
    /// `X-Forwarded-For`); beyond it new ones get a 503 and are closed. Trusted proxies are exempt.
    /// The default leaves room for a classroom behind one NAT address.
    public var maxConnectionsPerAddress = 256
    public var listenBacklog: Int32 = 1024
    /// Default largest request body, overridable per route.
    public var maxBodyBytes = 1 << 20
    /// Bodies larger than this, and chunked ones, are read only once the head alone has passed:
    /// the route exists and takes the method, and ``headCheck`` (when set) finds nothing wrong.
    /// Otherwise the answer goes out without the body being read, and the connection closes.
    public var headCheckBodyBytes = 64 * 1024
    /// A cheap check of a request's head before a large body is read (no body, no I/O, runs on
    /// the event loop): the error to answer, or nil to read the body. Typically "is a credential
    /// present, and a CSRF header where one is needed".
    public var headCheck: (@Sendable (Request, RequestContext) -> HTTPError?)?
    /// Most bytes of request bodies held in memory at once, over all connections. A request
    /// whose body would go over it is answered 503 with `Retry-After` before its body is read.
    public var maxBodyMemoryBytes = 256 << 20
    public var parserLimits = HTTPParserLimits()
    /// Seconds a client has to send a complete header section once it started one.
    public var headerTimeout = 10.0
    /// Seconds allowed before the body rate applies, then at least `minBodyBytesPerSecond`.
    public var bodyTimeout = 10.0
    public var minBodyBytesPerSecond = 1024.0
    /// Seconds an idle keep-alive connection stays open.
    public var idleTimeout = 60.0
    /// Seconds in-flight requests get to finish on shutdown.
    public var shutdownGracePeriod = 10.0
    /// Peer addresses whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed.
    public var trustedProxies: [String] = []
    /// The `Server` header value.
    public var serverName = "Lectern"
    /// One logfmt line per request on standard error.
    public var accessLog = true
    /// Path serving Prometheus metrics; nil to disable.
    public var metricsPath: String? = "/metrics"
    /// Decides who may read ``metricsPath``: it throws (an ``HTTPError``) to refuse. Nil lets anyone read it.
    public var metricsAccess: (@Sendable (Request) async throws -> Void)?
    /// Headers added to every response, error pages and static files included, unless the
    /// response sets the same header itself (a security policy: `Content-Security-Policy`,
    /// `X-Content-Type-Options`, ...).
    public var defaultHeaders: [(name: String, value: String)] = []
    /// The `Strict-Transport-Security` value sent on every response to a request that came over
    /// HTTPS (directly, or as a trusted proxy says); nil sends none.
    public var strictTransportSecurity: String?
    /// Renders ``HTTPError``s as JSON or HTML pages.
    public var errorRenderer = ErrorRenderer()

    public init() {}
}
