/// One client connection, confined to its event loop's thread: the I/O shell around a
/// ``ConnectionStateMachine``.
///
/// The shell reads the socket and hands the bytes to the machine, carries out the actions the
/// machine returns (dispatch a request as a task preferring the loop, answer a refusal, pause
/// or resume reading, shut the write side, close), and writes responses: head and body with one
/// `writev`, streamed bodies chunk by chunk with back-pressure. The decisions (request framing,
/// pipelining, deadlines, lingering) are the machine's, tested without sockets.
final class Connection: @unchecked Sendable {
    let fd: Int32
    let remote: SocketAddress
    private unowned let loop: EventLoop
    private var server: Server { loop.server }
    private var machine: ConnectionStateMachine
    private let admission: ServerAdmission
    /// Whether the socket is closed (the machine may have decided so before the shell carried it out).
    private var socketClosed = false

    // Output not yet accepted by the kernel.
    private var pendingOutput: [UInt8] = []
    private var pendingOffset = 0
    private var afterFlush: (() -> Void)?
    private var drainWaiter: CheckedContinuation<Void, any Error>?

    private static let maxBufferedOutput = 256 * 1024

    init(fd: Int32, remote: SocketAddress, loop: EventLoop) {
        self.fd = fd
        self.remote = remote
        self.loop = loop
        admission = ServerAdmission(server: loop.server, remote: remote)
        machine = ConnectionStateMachine(settings: loop.server.connectionSettings, now: loop.now)
    }

    /// Since when the connection has waited for a request with nothing of one received.
    var idleSince: Double? { machine.idleSince }

    /// Answers a connection over the limit with a 503 and closes it.
    static func refuseOverLimit(_ fd: Int32) {
        let reply = Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n".utf8)
        reply.withUnsafeBytes { _ = Platform.write(fd, $0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        Platform.close(fd)
    }

    // MARK: Events

    func handle(events: UInt32) {
        if events & Platform.writable != 0 { flush() }
        if events & (Platform.readable | Platform.peerShutdown | Platform.failure) != 0, machine.phase != .closed { readAvailable() }
    }

    private func readAvailable() {
        switch Platform.read(fd, into: loop.readBuffer) {
        case .wouldBlock:
            return
        case .closed:
            close()
        case .endOfInput:
            perform(machine.endOfInput(admission: admission))
        case .bytes(let n):
            let bytes = UnsafeBufferPointer(start: loop.readBuffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
            perform(machine.read(bytes, now: loop.now, admission: admission))
        }
    }

    func checkDeadline(now: Double) {
        perform(machine.timerFired(now: now, admission: admission))
    }

    /// Closes right away when no request is in progress (used when draining).
    func closeIfIdle() {
        perform(machine.closeIfIdle(admission: admission))
    }

    func close() {
        perform(machine.close(admission: admission))
    }

    // MARK: Actions

    /// Carries out what the machine decided, in order; once the socket is closed only closing is left.
    private func perform(_ actions: ConnectionStateMachine.Actions) {
        for action in actions {
            if socketClosed { return }
            switch action {
            case .dispatch(let head, let body, let lookup, let keepAlive, let failure):
                dispatch(server.makeRequest(head: head, body: body, remote: remote), lookup: lookup, keepAlive: keepAlive,
                         failing: failure)
            case .refuse(let error, let head):
                refuse(error, head: head)
            case .write(let bytes):
                send(bytes, then: nil)
            case .pauseReading:
                loop.setInterest(fd, readable: false, writable: pendingOutput.count > pendingOffset)
            case .resumeReading:
                loop.setInterest(fd, readable: true, writable: pendingOutput.count > pendingOffset)
            case .shutdownWrite:
                Platform.shutdownWrite(fd)
            case .close:
                closeSocket()
            }
        }
    }

    private func dispatch(_ request: Request, lookup: RouteTable.Lookup, keepAlive: Bool, failing failure: HTTPError?) {
        let loop = self.loop
        let receivedAt = machine.requestStart
        Task(executorPreference: loop) { [self] in
            let response = await loop.server.respond(to: request, lookup: lookup, failing: failure,
                                                     receivedAt: receivedAt, loopIndex: loop.index)
            if loop.inLoop {
                await self.write(response, for: request, keepAlive: keepAlive)
            } else {
                // A handler may end on another executor; answer from the loop thread.
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    loop.execute {
                        Task(executorPreference: loop) {
                            await self.write(response, for: request, keepAlive: keepAlive)
                            c.resume()
                        }
                    }
                }
            }
        }
    }

    /// Answers `error` at once, whatever of the request is still unread, then lingers and closes.
    private func refuse(_ error: HTTPError, head: HTTPRequestHead?) {
        let request = Request(method: head?.method ?? .get, target: head?.target ?? "/",
                              headers: head?.headers ?? HTTPHeaders(), remoteAddress: remote)
        let response = server.configuration.errorRenderer.response(for: error, request: request)
        loop.headBuffer.removeAll(keepingCapacity: true)
        let bytes = response.bodyBytes ?? []
        ResponseHead.encode(response, framing: .length(bytes.count), keepAlive: false, version: .http1_1,
                            date: loop.dateCache.headerLine, serverLine: server.serverHeaderLine, into: &loop.headBuffer)
        var context = RequestContext(route: routeLabel())
        context.receivedAt = machine.requestStart
        context.loopIndex = loop.index
        server.observer.record(method: request.method.rawValue, path: request.path, client: remote.host, route: context.route,
                               status: error.status.code, bytes: bytes.count, context: context)
        send(loop.headBuffer, bytes) { [self] in
            perform(machine.refusalSent(now: loop.now, admission: admission))
        }
    }

    private func finishResponse(keepAlive: Bool) {
        perform(machine.responseSent(keepAlive: keepAlive, now: loop.now, admission: admission))
    }

    private func closeSocket() {
        guard !socketClosed else { return }
        socketClosed = true
        loop.remove(self)
        Platform.close(fd)
        afterFlush = nil
        if let waiter = drainWaiter {
            drainWaiter = nil
            waiter.resume(throwing: HTTPError(.serviceUnavailable, message: "connection closed"))
        }
    }

    // MARK: Responses

    private func write(_ response: Response, for request: Request, keepAlive requestedKeepAlive: Bool) async {
        guard machine.phase == .responding else { return }
        var keepAlive = machine.responseStarting(requestedKeepAlive: requestedKeepAlive, draining: server.isDraining,
                                                 admission: admission)
        let bodyAllowed = response.status.allowsBody && request.method != .head
        loop.headBuffer.removeAll(keepingCapacity: true)
        switch response.body {
        case .empty, .bytes:
            let bytes = response.bodyBytes ?? []
            ResponseHead.encode(response, framing: response.status.allowsBody ? .length(bytes.count) : .none,
                                keepAlive: keepAlive, version: request.version, date: loop.dateCache.headerLine,
                                serverLine: server.serverHeaderLine, into: &loop.headBuffer)
            let payload = bodyAllowed ? bytes : []
            send(loop.headBuffer, payload) { [self] in finishResponse(keepAlive: keepAlive) }
        case .stream(let produce):
            let chunked = request.version == .http1_1
            if !chunked { keepAlive = false }
            ResponseHead.encode(response, framing: bodyAllowed && chunked ? .chunked : .none, keepAlive: keepAlive,
                                version: request.version, date: loop.dateCache.headerLine,
                                serverLine: server.serverHeaderLine, into: &loop.headBuffer)
            send(loop.headBuffer, then: nil)
            if bodyAllowed {
                let writer = ResponseBodyWriter { [self] bytes in try await writeChunk(bytes, chunked: chunked) }
                do {
                    try await produce(writer)
                    if chunked { send(Array("0\r\n\r\n".utf8), then: nil) }
                } catch {
                    // The head is out; the only honest signal left is closing mid-body.
                    if machine.phase != .closed {
                        ServerLog.write(level: "error", "streamed response failed", [("path", request.path), ("error", "\(error)")])
                        close()
                    }
                    return
                }
            }
            if machine.phase == .closed { return }
            whenFlushed { [self] in finishResponse(keepAlive: keepAlive) }
        }
    }

    /// Sends one chunk of a streamed body, waiting while too much output is queued.
    private func writeChunk(_ bytes: [UInt8], chunked: Bool) async throws {
        if !loop.inLoop {
            let loop = self.loop
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
                loop.execute { [self] in
                    Task(executorPreference: loop) {
                        do { try await self.writeChunk(bytes, chunked: chunked); c.resume() } catch { c.resume(throwing: error) }
                    }
                }
            }
            return
        }
        guard machine.phase == .responding else { throw HTTPError(.serviceUnavailable, message: "connection closed") }
        if chunked {
            var frame: [UInt8] = []
            ResponseHead.appendHex(bytes.count, to: &frame)
            frame.append(contentsOf: "\r\n".utf8)
            frame.append(contentsOf: bytes)
            frame.append(contentsOf: "\r\n".utf8)
            send(frame, then: nil)
        } else {
            send(bytes, then: nil)
        }
        if pendingOutput.count - pendingOffset > Self.maxBufferedOutput {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in drainWaiter = c }
        }
    }

    private func send(_ bytes: [UInt8], then done: (() -> Void)?) {
        send(bytes, [], then: done)
    }

    /// Writes head and body with one `writev`; what the kernel does not take is queued.
    private func send(_ head: [UInt8], _ body: [UInt8], then done: (() -> Void)?) {
        guard machine.phase != .closed else { return }
        if pendingOutput.count > pendingOffset {
            pendingOutput.append(contentsOf: head)
            pendingOutput.append(contentsOf: body)
            if let done { whenFlushed(done) }
            return
        }
        let result = head.withUnsafeBytes { h in body.withUnsafeBytes { b in Platform.write(fd, h, b) } }
        switch result {
        case .bytes(let n) where n == head.count + body.count:
            done?()
        case .bytes(let n):
            queue(head, body, from: n)
            if let done { whenFlushed(done) }
        case .wouldBlock:
            queue(head, body, from: 0)
            if let done { whenFlushed(done) }
        case .closed, .endOfInput:
            close()
        }
    }

    private func queue(_ head: [UInt8], _ body: [UInt8], from written: Int) {
        pendingOutput.removeAll(keepingCapacity: true)
        pendingOffset = 0
        if written < head.count {
            pendingOutput.append(contentsOf: head[written...])
            pendingOutput.append(contentsOf: body)
        } else {
            pendingOutput.append(contentsOf: body[(written - head.count)...])
        }
        loop.setInterest(fd, readable: !machine.readingPaused, writable: true)
    }

    private func whenFlushed(_ done: @escaping () -> Void) {
        if pendingOutput.count == pendingOffset {
            done()
        } else if let previous = afterFlush {
            afterFlush = { previous(); done() }
        } else {
            afterFlush = done
        }
    }

    private func flush() {
        guard pendingOutput.count > pendingOffset else { return }
        let result = pendingOutput.withUnsafeBytes { buf in
            Platform.write(fd, UnsafeRawBufferPointer(rebasing: buf[pendingOffset...]), UnsafeRawBufferPointer(start: nil, count: 0))
        }
        switch result {
        case .bytes(let n):
            pendingOffset += n
        case .wouldBlock:
            return
        case .closed, .endOfInput:
            close()
            return
        }
        if pendingOutput.count - pendingOffset <= Self.maxBufferedOutput / 2, let waiter = drainWaiter {
            drainWaiter = nil
            waiter.resume()
        }
        guard pendingOutput.count == pendingOffset else { return }
        pendingOutput.removeAll(keepingCapacity: true)
        pendingOffset = 0
        loop.setInterest(fd, readable: !machine.readingPaused, writable: false)
        if let done = afterFlush {
            afterFlush = nil
            done()
        }
    }

    /// The matched route's pattern, for a refusal's metrics.
    private func routeLabel() -> String? {
        if case .found(let match)? = machine.lookup { return match.context.route }
        return nil
    }
}

/// The server's answers to a connection's questions.
struct ServerAdmission: ConnectionAdmission {
    let server: Server
    let remote: SocketAddress

    func route(method: HTTPMethod, path: String) -> RouteTable.Lookup {
        server.routes.lookup(method: method, path: path)
    }

    func checkHead(_ head: HTTPRequestHead, match: RouteMatch) -> HTTPError? {
        guard let check = server.configuration.headCheck else { return nil }
        var request = server.makeRequest(head: head, body: [], remote: remote)
        server.trustedProxies.resolve(&request)
        return check(request, match.context)
    }

    func reserveBody(_ bytes: Int) -> Bool {
        server.metrics.tryReserveBody(bytes, limit: server.configuration.maxBodyMemoryBytes)
    }

    func releaseBody(_ bytes: Int) {
        server.metrics.releaseBody(bytes)
    }
}
