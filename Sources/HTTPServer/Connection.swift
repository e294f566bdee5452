/// One client connection, confined to its event loop's thread.
///
/// Reads feed the request parser; a complete request becomes a task preferring the loop;
/// the response goes out with one `writev` of head and body. Pipelined requests wait in
/// `pendingInput` and are parsed only after the previous response, so answers stay in order.
final class Connection: @unchecked Sendable {
    private enum Phase {
        case reading
        case responding
        /// Response sent, write side shut; draining input until the peer closes.
        case lingering
        case closed
    }

    private enum Deadline {
        case none
        case idle(Double)
        case header(Double)
        case body(start: Double)
        case linger(Double)
    }

    let fd: Int32
    let remote: SocketAddress
    private unowned let loop: EventLoop
    private var server: Server { loop.server }

    private var phase = Phase.reading
    private var parser: HTTPRequestParser
    private var pendingInput: [UInt8] = []
    private var readingPaused = false
    private var peerClosed = false
    private var deadline: Deadline
    /// Since when the connection waits for a request with nothing of one received (nil while
    /// a request is read or answered): what the loop sheds first when the table is full.
    private(set) var idleSince: Double?

    // The request being read or answered.
    private var head: HTTPRequestHead?
    private var lookup: RouteTable.Lookup?
    private var body: [UInt8] = []
    private var requestStart = 0.0
    /// Body memory reserved for the current request (see ``ServerConfiguration/maxBodyMemoryBytes``).
    private var reservedBody = 0
    /// Whether the current body is chunked, so its memory is reserved as chunks arrive.
    private var chunkedBody = false

    // Output not yet accepted by the kernel.
    private var pendingOutput: [UInt8] = []
    private var pendingOffset = 0
    private var afterFlush: (() -> Void)?
    private var drainWaiter: CheckedContinuation<Void, any Error>?
    private var responseBytes = 0

    private static let maxBufferedInput = 64 * 1024
    /// Most input read and thrown away after the response while waiting for the peer to close.
    private static let maxLingerDiscard = 1 << 20
    private var lingerDiscarded = 0
    private static let maxBufferedOutput = 256 * 1024

    init(fd: Int32, remote: SocketAddress, loop: EventLoop) {
        self.fd = fd
        self.remote = remote
        self.loop = loop
        parser = HTTPRequestParser(limits: loop.server.configuration.parserLimits,
                                   maxBodyBytes: loop.server.configuration.maxBodyBytes)
        deadline = .idle(loop.now + loop.server.configuration.headerTimeout)
        idleSince = loop.now
    }

    /// Answers a connection over the limit with a 503 and closes it.
    static func refuseOverLimit(_ fd: Int32) {
        let reply = Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n".utf8)
        reply.withUnsafeBytes { _ = Platform.write(fd, $0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        Platform.close(fd)
    }

    // MARK: Events

    func handle(events: UInt32) {
        if events & Platform.writable != 0 { flush() }
        if events & (Platform.readable | Platform.peerShutdown | Platform.failure) != 0, phase != .closed { readAvailable() }
    }

    private func readAvailable() {
        switch Platform.read(fd, into: loop.readBuffer) {
        case .wouldBlock:
            return
        case .closed:
            close()
        case .endOfInput:
            peerClosed = true
            if phase == .responding {
                // A half-closed peer still gets its answer; then the connection closes.
                pauseReading()
            } else {
                close()
            }
        case .bytes(let n):
            let bytes = UnsafeBufferPointer(start: loop.readBuffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
            switch phase {
            case .reading where pendingInput.isEmpty:
                let consumed = feed(bytes)
                if consumed < n, phase != .closed, phase != .lingering {
                    pendingInput.append(contentsOf: bytes[consumed...])
                }
            case .reading, .responding:
                pendingInput.append(contentsOf: bytes)
                if phase == .reading { feedPending() }
            case .lingering:
                // Discard, but not without end: an unread upload is not worth reading for 2 s.
                lingerDiscarded += n
                if lingerDiscarded > Self.maxLingerDiscard { close() }
                return
            case .closed:
                return
            }
            if pendingInput.count > Self.maxBufferedInput { pauseReading() }
        }
    }

    private func feedPending() {
        let consumed = pendingInput.withUnsafeBufferPointer { feed($0) }
        if phase == .closed { return }
        pendingInput.removeFirst(min(consumed, pendingInput.count))
    }

    /// Runs the parser over `bytes` until a request is complete or the bytes run out.
    /// Returns how many bytes were consumed.
    private func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = 0
        if !bytes.isEmpty { idleSince = nil }
        if case .idle = deadline, !bytes.isEmpty {
            deadline = .header(loop.now + server.configuration.headerTimeout)
        }
        while phase == .reading {
            let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
            let step: (event: HTTPRequestParser.Event, consumed: Int)
            do {
                step = try parser.parse(rest)
            } catch {
                refuse(error)
                return bytes.count
            }
            offset += step.consumed
            switch step.event {
            case .needMoreData:
                if offset >= bytes.count || step.consumed == 0 { return offset }
            case .head(let h):
                guard startRequest(h) else { return bytes.count }
            case .body(let range):
                if chunkedBody {
                    guard reserveBody(range.count) else { return bytes.count }
                }
                body.append(contentsOf: UnsafeBufferPointer(rebasing: rest[range]))
            case .end:
                dispatch()
                return offset
            }
        }
        return offset
    }

    /// Routes a new head; answers 413 at once for a declared body over the route's limit.
    private func startRequest(_ h: HTTPRequestHead) -> Bool {
        requestStart = loop.now
        head = h
        let path = h.target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(h.target[..<$0]) } ?? h.target
        let found = server.routes.lookup(method: h.method, path: path)
        lookup = found
        if mayBeLarge(h.framing) {
            // Decide on the head before reading a large body: no route, or a failed head check,
            // is answered with the body left unread, and the connection closes.
            var failure: HTTPError?
            if case .found(let match) = found, let check = server.configuration.headCheck {
                failure = check(server.makeRequest(head: h, body: [], remote: remote), match.context)
            }
            if case .found = found, failure == nil {
                // Admitted: read the body as usual.
            } else {
                answerFromHead(failing: failure)
                return false
            }
        }
        var limit = server.configuration.maxBodyBytes
        if case .found(let match) = found, let routeLimit = match.maxBodyBytes { limit = routeLimit }
        parser.maxBodyBytes = limit
        if case .contentLength(let n) = h.framing, n > limit {
            refuse(HTTPParseError(.contentTooLarge, "body of \(n) bytes exceeds the limit of \(limit)"))
            return false
        }
        chunkedBody = h.framing == .chunked
        if case .contentLength(let n) = h.framing, !reserveBody(n) { return false }
        if h.framing == .none {
            deadline = .none
        } else {
            deadline = .body(start: loop.now)
            if h.expectsContinue { send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), then: nil) }
        }
        return true
    }

    /// Takes `n` bytes of the server's body memory for this request; when there is not that much
    /// left, answers 503 with `Retry-After` and returns false.
    private func reserveBody(_ n: Int) -> Bool {
        if server.metrics.tryReserveBody(n, limit: server.configuration.maxBodyMemoryBytes) {
            reservedBody += n
            return true
        }
        var headers = HTTPHeaders()
        headers.add("Retry-After", "2")
        refuse(HTTPError(.serviceUnavailable, code: "busy", message: "The server is receiving too much at once; try again shortly.",
                         headers: headers))
        return false
    }

    private func releaseBody() {
        guard reservedBody > 0 else { return }
        server.metrics.releaseBody(reservedBody)
        reservedBody = 0
    }

    // MARK: Dispatch

    /// Whether a body so framed may be larger than what is read before the head is checked.
    private func mayBeLarge(_ framing: BodyFraming) -> Bool {
        switch framing {
        case .none: false
        case .contentLength(let n): n > server.configuration.headCheckBodyBytes
        case .chunked: true
        }
    }

    private func dispatch() {
        guard let head else { return }
        let request = server.makeRequest(head: head, body: body, remote: remote)
        body = []
        dispatch(request, keepAlive: head.keepAlive, failing: nil)
    }

    /// Answers the current head with its body unread (the route's own answer when there is no
    /// route, else `failure`), then closes.
    private func answerFromHead(failing failure: HTTPError?) {
        guard let head else { return }
        dispatch(server.makeRequest(head: head, body: [], remote: remote), keepAlive: false, failing: failure)
    }

    private func dispatch(_ request: Request, keepAlive: Bool, failing failure: HTTPError?) {
        guard let lookup else { return }
        phase = .responding
        deadline = .none
        let loop = self.loop
        Task(executorPreference: loop) { [self] in
            let response = await loop.server.respond(to: request, lookup: lookup, failing: failure)
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

    // MARK: Responses

    private func write(_ response: Response, for request: Request, keepAlive requestedKeepAlive: Bool) async {
        guard phase == .responding else { return }
        releaseBody()
        var keepAlive = requestedKeepAlive && !peerClosed && !server.isDraining
        let bodyAllowed = response.status.allowsBody && request.method != .head
        responseBytes = 0
        loop.headBuffer.removeAll(keepingCapacity: true)
        switch response.body {
        case .empty, .bytes:
            let bytes = response.bodyBytes ?? []
            ResponseHead.encode(response, framing: response.status.allowsBody ? .length(bytes.count) : .none,
                                keepAlive: keepAlive, version: request.version, date: loop.dateCache.headerLine,
                                serverLine: server.serverHeaderLine, into: &loop.headBuffer)
            let payload = bodyAllowed ? bytes : []
            responseBytes = payload.count
            send(loop.headBuffer, payload) { [self] in finishResponse(status: response.status, request: request, keepAlive: keepAlive) }
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
                    if phase != .closed {
                        ServerLog.write(level: "error", "streamed response failed", [("path", request.path), ("error", "\(error)")])
                        close()
                    }
                    finishAccounting(status: response.status, request: request)
                    return
                }
            }
            if phase == .closed { return }
            whenFlushed { [self] in finishResponse(status: response.status, request: request, keepAlive: keepAlive) }
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
        guard phase == .responding else { throw HTTPError(.serviceUnavailable, message: "connection closed") }
        responseBytes += bytes.count
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
        guard phase != .closed else { return }
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
        loop.setInterest(fd, readable: !readingPaused, writable: true)
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
        loop.setInterest(fd, readable: !readingPaused, writable: false)
        if let done = afterFlush {
            afterFlush = nil
            done()
        }
    }

    private func finishAccounting(status: HTTPStatus, request: Request) {
        releaseBody()
        let seconds = Platform.monotonicSeconds() - requestStart
        let route = requestRouteLabel()
        server.metrics.record(shard: loop.index, route: route, status: status.code, seconds: seconds)
        if server.configuration.accessLog {
            var line = LogfmtLine()
            line.add("method", request.method.rawValue)
            line.add("path", request.path)
            line.add("status", status.code)
            line.add("bytes", responseBytes)
            line.add("duration_ms", String(Double(Int(seconds * 100_000)) / 100))
            line.add("remote", request.clientAddress)
            loop.log(line.text)
        }
    }

    private func requestRouteLabel() -> String {
        if case .found(let match)? = lookup, let route = match.context.route { return route }
        return "unmatched"
    }

    private func finishResponse(status: HTTPStatus, request: Request, keepAlive: Bool) {
        finishAccounting(status: status, request: request)
        head = nil
        lookup = nil
        guard keepAlive, phase == .responding else {
            closeGracefully()
            return
        }
        phase = .reading
        deadline = .idle(loop.now + server.configuration.idleTimeout)
        idleSince = loop.now
        if readingPaused {
            readingPaused = false
            loop.setInterest(fd, readable: true, writable: pendingOutput.count > pendingOffset)
        }
        if !pendingInput.isEmpty { feedPending() }
    }

    // MARK: Refusals, timeouts and closing

    /// Answers a protocol error with its status and closes: the framing can no longer be trusted.
    private func refuse(_ error: HTTPParseError) {
        refuse(HTTPError(error.status, message: error.reason))
    }

    /// Answers `error` at once, whatever of the request is still unread, and closes.
    private func refuse(_ error: HTTPError) {
        let request = Request(method: head?.method ?? .get, target: head?.target ?? "/",
                              headers: head?.headers ?? HTTPHeaders(), remoteAddress: remote)
        let response = server.configuration.errorRenderer.response(for: error, request: request)
        phase = .responding
        loop.headBuffer.removeAll(keepingCapacity: true)
        let bytes = response.bodyBytes ?? []
        ResponseHead.encode(response, framing: .length(bytes.count), keepAlive: false, version: .http1_1,
                            date: loop.dateCache.headerLine, serverLine: server.serverHeaderLine, into: &loop.headBuffer)
        responseBytes = bytes.count
        send(loop.headBuffer, bytes) { [self] in
            finishAccounting(status: error.status, request: request)
            closeGracefully()
        }
    }

    func checkDeadline(now: Double) {
        let config = server.configuration
        switch deadline {
        case .none:
            return
        case .idle(let t):
            if now >= t { close() }
        case .linger(let t):
            if now >= t { close() }
        case .header(let t):
            if now >= t, phase == .reading { refuse(HTTPParseError(.requestTimeout, "request header timeout")) }
        case .body(let start):
            let allowed = config.bodyTimeout + Double(parser.bodyBytesReceived) / max(config.minBodyBytesPerSecond, 1)
            if now - start >= allowed, phase == .reading { refuse(HTTPParseError(.requestTimeout, "request body too slow")) }
        }
    }

    /// Shuts the write side after the response and reads until the peer closes, so the
    /// response is not destroyed by a reset from unread input.
    private func closeGracefully() {
        guard phase != .closed else { return }
        if peerClosed {
            close()
            return
        }
        phase = .lingering
        Platform.shutdownWrite(fd)
        deadline = .linger(loop.now + 2)
        pendingInput = []
        if readingPaused {
            readingPaused = false
            loop.setInterest(fd, readable: true, writable: false)
        }
    }

    /// Closes right away when no request is in progress (used when draining).
    func closeIfIdle() {
        if phase == .reading, parser.isIdle, pendingInput.isEmpty { close() }
    }

    private func pauseReading() {
        guard !readingPaused else { return }
        readingPaused = true
        loop.setInterest(fd, readable: false, writable: pendingOutput.count > pendingOffset)
    }

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        idleSince = nil
        releaseBody()
        loop.remove(self)
        Platform.close(fd)
        afterFlush = nil
        if let waiter = drainWaiter {
            drainWaiter = nil
            waiter.resume(throwing: HTTPError(.serviceUnavailable, message: "connection closed"))
        }
    }
}
