import Foundation
import Synchronization

/// The HTTP/1.1 server: a listening socket shared by one epoll event loop per core.
///
/// ```swift
/// let router = Router()
/// router.get("/hello") { _, _ in .text("hi") }
/// var config = ServerConfiguration()
/// config.port = 8080
/// let server = Server(router: router, configuration: config)
/// try server.start()              // returns once listening; `port` is then bound
/// await server.shutdown()          // graceful: in-flight requests finish first
/// ```
///
/// Signals are the embedding program's business (the app has its own termination handling).
public final class Server: Sendable {
    public let configuration: ServerConfiguration
    /// Request counters, latency histograms and connection gauges.
    public let metrics: ServerMetrics
    let routes: RouteTable
    /// The rules every connection's state machine follows.
    let connectionSettings: ConnectionStateMachine.Settings
    /// Forwarding headers believed from the configured proxies.
    let trustedProxies: TrustedProxies
    /// Metrics and the access log, for every answered request.
    let observer: RequestObserver
    /// Open connections per peer address.
    let addressSlots: AddressSlots
    let serverHeaderLine: [UInt8]
    /// Timeout sweep period: fine enough for the shortest configured timeout.
    let sweepIntervalMs: Int32
    private let state = Mutex(LifecycleState())
    private let draining = Atomic<Bool>(false)
    private let acceptedCount = Atomic<Int>(0)

    private struct LifecycleState: Sendable {
        var loops: [EventLoop] = []
        var listener: Int32?
        var port = 0
        var stopped = false
    }

    /// Creates a server for the routes registered on `router` so far (later registrations are not seen).
    public init(router: Router, configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
        metrics = ServerMetrics(shards: configuration.eventLoopCount)
        if let path = configuration.metricsPath {
            let metrics = self.metrics
            let access = configuration.metricsAccess
            router.get(path) { request, _ in
                try await access?(request)
                return Response(contentType: "text/plain; version=0.0.4; charset=utf-8", body: .bytes(Array(metrics.render().utf8)))
            }
        }
        connectionSettings = ConnectionStateMachine.Settings(configuration)
        trustedProxies = TrustedProxies(configuration.trustedProxies)
        observer = RequestObserver(metrics: metrics,
                                   accessLog: configuration.accessLog ? AccessLog(shards: configuration.eventLoopCount) : nil)
        let policy = PolicyHeaders(defaultHeaders: configuration.defaultHeaders,
                                   strictTransportSecurity: configuration.strictTransportSecurity)
        // The server's middleware, then the router's: proxies resolved, policy headers added to
        // what comes back, the request observed, errors rendered.
        let outer: [any Middleware] = (configuration.trustedProxies.isEmpty ? [] : [trustedProxies])
            + [policy, observer, ErrorResponses(renderer: configuration.errorRenderer)]
        routes = RouteTable(router, outer: outer)
        addressSlots = AddressSlots(limit: configuration.maxConnectionsPerAddress, exempt: configuration.trustedProxies)
        var line: [UInt8] = Array("Server: ".utf8)
        ResponseHead.appendSanitized(configuration.serverName, to: &line)
        line.append(contentsOf: "\r\n".utf8)
        serverHeaderLine = line
        let shortest = min(configuration.headerTimeout, configuration.bodyTimeout, configuration.idleTimeout)
        sweepIntervalMs = Int32(min(1000, max(10, shortest * 1000 / 4)))
    }

    /// The bound port (after ``start()``).
    public var port: Int { state.withLock { $0.port } }

    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// The loop that should own the next accepted connection (round-robin).
    func loopForNewConnection() -> EventLoop? {
        let n = acceptedCount.add(1, ordering: .relaxed).oldValue
        return state.withLock { $0.loops.isEmpty ? nil : $0.loops[n % $0.loops.count] }
    }

    /// The loop after the one numbered `index`, in a ring.
    func loop(after index: Int) -> EventLoop? {
        state.withLock { $0.loops.isEmpty ? nil : $0.loops[(index + 1) % $0.loops.count] }
    }

    /// Binds, listens and starts the event loops. Returns once the server accepts connections.
    /// - Throws: a system error when the address cannot be bound.
    public func start() throws {
        Platform.ignoreSIGPIPE()
        let (fd, port) = try Platform.listen(host: configuration.host, port: configuration.port,
                                             backlog: configuration.listenBacklog)
        var loops: [EventLoop] = []
        do {
            for i in 0..<max(1, configuration.eventLoopCount) { loops.append(try EventLoop(index: i, server: self)) }
        } catch {
            Platform.close(fd)
            throw error
        }
        state.withLock {
            $0.loops = loops
            $0.listener = fd
            $0.port = port
        }
        for loop in loops { loop.start(listener: fd) }
    }

    /// Stops accepting, lets in-flight requests finish within `gracePeriod` seconds
    /// (default: the configured one), then closes every connection and stops the loops.
    public func shutdown(gracePeriod: Double? = nil) async {
        let (loops, listener) = state.withLock { s -> ([EventLoop], Int32?) in
            if s.stopped { return ([], nil) }
            s.stopped = true
            return (s.loops, s.listener)
        }
        guard !loops.isEmpty else { return }
        draining.store(true, ordering: .relaxed)
        for loop in loops { loop.beginDraining() }
        let deadline = Platform.monotonicSeconds() + (gracePeriod ?? configuration.shutdownGracePeriod)
        while metrics.openConnections > 0, Platform.monotonicSeconds() < deadline {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        for loop in loops { await loop.stop() }
        if let listener { Platform.close(listener) }
    }

    // MARK: Requests

    /// The request as read from the socket; ``TrustedProxies`` later sets its client and scheme.
    func makeRequest(head: HTTPRequestHead, body: [UInt8], remote: SocketAddress) -> Request {
        Request(method: head.method, target: head.target, version: head.version, headers: head.headers,
                body: body, remoteAddress: remote, clientAddress: remote.host, scheme: "http")
    }

    /// Answers `request` in process, without a socket: routing, the server's middleware and the
    /// router's, as a connection would (tests, embedding). A streamed body is collected.
    public func handle(_ request: Request) async -> Response {
        var response = await respond(to: request, lookup: routes.lookup(method: request.method, path: request.path))
        if case .stream(let produce) = response.body {
            let collected = CollectedBody()
            do {
                try await produce(ResponseBodyWriter { bytes in collected.append(bytes) })
            } catch {
                ServerLog.write(level: "error", "streamed response failed", [("path", request.path), ("error", "\(error)")])
            }
            response.body = .bytes(collected.bytes)
        }
        return response
    }

    /// Runs middleware and the matched handler; maps errors to responses. Never throws.
    /// - Parameters:
    ///   - failure: answered instead of calling the matched handler (a failed head check).
    ///   - receivedAt: when the head arrived (monotonic seconds).
    ///   - loopIndex: the event loop that read it.
    func respond(to request: Request, lookup: RouteTable.Lookup, failing failure: HTTPError? = nil,
                 receivedAt: Double = Platform.monotonicSeconds(), loopIndex: Int = 0) async -> Response {
        let handler: Handler
        var context = RequestContext()
        switch lookup {
        case .found(let match):
            context = match.context
            if let failure {
                handler = { _, _ in throw failure }
            } else {
                // The route's handler is wrapped in the middleware already.
                context.receivedAt = receivedAt
                context.loopIndex = loopIndex
                return await Self.answer(request, context, match.handler, renderer: configuration.errorRenderer)
            }
        case .methodNotAllowed(let allow):
            let allowValue = allow.map(\.rawValue).joined(separator: ", ")
            if request.method == .options {
                handler = { _, _ in Response(status: .noContent, headers: ["Allow": allowValue]) }
            } else {
                handler = { _, _ in throw HTTPError(.methodNotAllowed, headers: ["Allow": allowValue]) }
            }
        case .redirect(let location):
            let target = request.queryString.isEmpty ? location : location + "?" + request.queryString
            handler = { _, _ in .redirect(to: target, status: .permanentRedirect) }
        case .notFound:
            if request.path == "*", request.method == .options {
                handler = { _, _ in Response(status: .noContent, headers: ["Allow": "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"]) }
            } else {
                handler = { _, _ in throw HTTPError(.notFound, message: "No such page or resource.") }
            }
        case .badPath:
            handler = { _, _ in throw HTTPError.badRequest("The path is not valid percent-encoded UTF-8.") }
        }
        context.receivedAt = receivedAt
        context.loopIndex = loopIndex
        return await Self.answer(request, context, routes.middleware.wrapping(handler), renderer: configuration.errorRenderer)
    }

    /// Runs a handler wrapped in the middleware.
    private static func answer(_ request: Request, _ context: RequestContext, _ chain: Handler,
                               renderer: ErrorRenderer) async -> Response {
        do {
            return try await chain(request, context)
        } catch {
            // ErrorResponses renders every error; only a server middleware could get here.
            return renderer.response(for: HTTPError(.internalServerError), request: request)
        }
    }
}

/// The chunks of a streamed body, gathered for an in-process answer.
private final class CollectedBody: Sendable {
    private let storage = Mutex<[UInt8]>([])
    func append(_ bytes: [UInt8]) { storage.withLock { $0.append(contentsOf: bytes) } }
    var bytes: [UInt8] { storage.withLock { $0 } }
}
