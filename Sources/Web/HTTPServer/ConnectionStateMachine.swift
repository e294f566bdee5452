/// What one connection does next, decided apart from sockets, threads and clocks.
///
/// The I/O shell (``Connection``) turns what happens into events (bytes read, the peer's end of
/// input, a response sent, a timer) and carries out the actions each event returns (dispatch a
/// request, answer with an error, pause or resume reading, shut the write side, close). Between
/// requests the machine waits; while a request is answered it keeps pipelined input unparsed, so
/// answers stay in order; after a refusal or a `Connection: close` it lingers, reading and
/// discarding until the peer closes, so the answer is not destroyed by a reset.
///
/// Questions only the server can answer (which route, whether a large body is admitted, whether
/// body memory is left) go to a ``ConnectionAdmission``; nothing else leaves the machine.
struct ConnectionStateMachine {
    enum Phase: Equatable {
        case reading
        case responding
        /// Response sent, write side shut; draining input until the peer closes.
        case lingering
        case closed
    }

    enum Deadline: Equatable {
        case none
        case idle(Double)
        case header(Double)
        case body(start: Double)
        case linger(Double)
    }

    /// The timing and size rules, from ``ServerConfiguration``.
    struct Settings {
        var headerTimeout: Double
        var idleTimeout: Double
        var bodyTimeout: Double
        var minBodyBytesPerSecond: Double
        var maxBodyBytes: Int
        /// Bodies larger than this (or chunked) are admitted on their head before being read.
        var headCheckBodyBytes: Int
        var parserLimits: HTTPParserLimits
        /// Unparsed input held before reading pauses.
        var maxBufferedInput = 64 * 1024
        /// Most input read and thrown away after the response while waiting for the peer to close.
        var maxLingerDiscard = 1 << 20
        /// How long a lingering connection waits for the peer to close.
        var lingerSeconds = 2.0

        init(_ configuration: ServerConfiguration) {
            headerTimeout = configuration.headerTimeout
            idleTimeout = configuration.idleTimeout
            bodyTimeout = configuration.bodyTimeout
            minBodyBytesPerSecond = configuration.minBodyBytesPerSecond
            maxBodyBytes = configuration.maxBodyBytes
            headCheckBodyBytes = configuration.headCheckBodyBytes
            parserLimits = configuration.parserLimits
        }
    }

    /// What the shell must do.
    enum Action {
        /// Answer this request (`failure`: answer it with this error instead of its handler).
        case dispatch(HTTPRequestHead, body: [UInt8], lookup: RouteTable.Lookup, keepAlive: Bool, failure: HTTPError?)
        /// Answer `error` at once, then report ``refusalSent(now:)``; the connection closes after it.
        case refuse(HTTPError, head: HTTPRequestHead?)
        /// Write these bytes now (an interim `100 Continue`).
        case write([UInt8])
        case pauseReading
        case resumeReading
        /// Shut the write side; keep reading (and discarding) until the peer closes.
        case shutdownWrite
        /// Close the socket.
        case close
    }

    /// At most a few actions per event; the first is stored inline, so one action allocates nothing.
    struct Actions: Sequence {
        private var first: Action?
        private var rest: [Action] = []

        mutating func append(_ action: Action) {
            if first == nil { first = action } else { rest.append(action) }
        }

        var isEmpty: Bool { first == nil }

        func makeIterator() -> Iterator { Iterator(actions: self) }

        struct Iterator: IteratorProtocol {
            let actions: Actions
            var index = -1

            mutating func next() -> Action? {
                defer { index += 1 }
                if index == -1 { return actions.first }
                return index < actions.rest.count ? actions.rest[index] : nil
            }
        }
    }

    let settings: Settings
    private(set) var phase = Phase.reading
    private(set) var deadline: Deadline
    /// Whether the shell should not read (too much unparsed input, or a half-closed peer mid-answer).
    private(set) var readingPaused = false
    /// Whether the peer has ended its input.
    private(set) var peerClosed = false
    /// Since when the connection waits for a request with nothing of one received (nil while a
    /// request is read or answered): what the server sheds first when the table is full.
    private(set) var idleSince: Double?
    /// When the current request's head arrived.
    private(set) var requestStart = 0.0
    /// The route of the current request, for accounting.
    private(set) var lookup: RouteTable.Lookup?

    private var parser: HTTPRequestParser
    private var pendingInput: [UInt8] = []
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// Body memory reserved for the current request.
    private var reservedBody = 0
    /// Whether the current body is chunked, so its memory is reserved as chunks arrive.
    private var chunkedBody = false
    private var lingerDiscarded = 0

    init(settings: Settings, now: Double) {
        self.settings = settings
        parser = HTTPRequestParser(limits: settings.parserLimits, maxBodyBytes: settings.maxBodyBytes)
        deadline = .idle(now + settings.headerTimeout)
        idleSince = now
    }

    /// The current request's head, if one is being read or answered.
    var currentHead: HTTPRequestHead? { head }

    // MARK: Events

    /// Bytes arrived from the peer.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, now: Double, admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        switch phase {
        case .reading where pendingInput.isEmpty:
            let consumed = feed(bytes, now: now, admission: admission, into: &actions)
            if consumed < bytes.count, phase != .closed, phase != .lingering {
                pendingInput.append(contentsOf: bytes[consumed...])
            }
        case .reading, .responding:
            pendingInput.append(contentsOf: bytes)
            if phase == .reading { feedPending(now: now, admission: admission, into: &actions) }
        case .lingering:
            // Discard, but not without end: an unread upload is not worth reading for long.
            lingerDiscarded += bytes.count
            if lingerDiscarded > settings.maxLingerDiscard { close(admission: admission, into: &actions) }
            return actions
        case .closed:
            return actions
        }
        if pendingInput.count > settings.maxBufferedInput { pauseReading(into: &actions) }
        return actions
    }

    /// The peer ended its input (a half close).
    mutating func endOfInput(admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        peerClosed = true
        if phase == .responding {
            // A half-closed peer still gets its answer; then the connection closes.
            pauseReading(into: &actions)
        } else {
            close(admission: admission, into: &actions)
        }
        return actions
    }

    /// The response's head is about to be written: the request's body memory goes back.
    /// Returns whether the connection may be kept alive after it.
    mutating func responseStarting(requestedKeepAlive: Bool, draining: Bool, admission: some ConnectionAdmission) -> Bool {
        releaseBody(admission)
        return requestedKeepAlive && !peerClosed && !draining
    }

    /// The response went out completely.
    mutating func responseSent(keepAlive: Bool, now: Double, admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        releaseBody(admission)
        head = nil
        lookup = nil
        guard keepAlive, phase == .responding else {
            closeGracefully(now: now, admission: admission, into: &actions)
            return actions
        }
        phase = .reading
        deadline = .idle(now + settings.idleTimeout)
        idleSince = now
        if readingPaused {
            readingPaused = false
            actions.append(.resumeReading)
        }
        if !pendingInput.isEmpty { feedPending(now: now, admission: admission, into: &actions) }
        return actions
    }

    /// A refusal went out: linger, then close.
    mutating func refusalSent(now: Double, admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        releaseBody(admission)
        closeGracefully(now: now, admission: admission, into: &actions)
        return actions
    }

    /// The periodic sweep: a deadline may have passed.
    mutating func timerFired(now: Double, admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        switch deadline {
        case .none:
            break
        case .idle(let t), .linger(let t):
            if now >= t { close(admission: admission, into: &actions) }
        case .header(let t):
            if now >= t, phase == .reading { refuse(HTTPParseError(.requestTimeout, "request header timeout"), into: &actions) }
        case .body(let start):
            let allowed = settings.bodyTimeout + Double(parser.bodyBytesReceived) / max(settings.minBodyBytesPerSecond, 1)
            if now - start >= allowed, phase == .reading {
                refuse(HTTPParseError(.requestTimeout, "request body too slow"), into: &actions)
            }
        }
        return actions
    }

    /// The server drains: close now if no request is in progress.
    mutating func closeIfIdle(admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        if phase == .reading, parser.isIdle, pendingInput.isEmpty { close(admission: admission, into: &actions) }
        return actions
    }

    /// The socket failed or must go (shed, shutdown, a write error).
    mutating func close(admission: some ConnectionAdmission) -> Actions {
        var actions = Actions()
        close(admission: admission, into: &actions)
        return actions
    }

    // MARK: Reading requests

    private mutating func feedPending(now: Double, admission: some ConnectionAdmission, into actions: inout Actions) {
        var input = pendingInput
        pendingInput = []
        let consumed = input.withUnsafeBufferPointer { feed($0, now: now, admission: admission, into: &actions) }
        if phase == .closed || phase == .lingering { return }
        input.removeFirst(min(consumed, input.count))
        pendingInput = input
    }

    /// Runs the parser over `bytes` until a request is complete or the bytes run out; returns how
    /// many bytes were consumed.
    private mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, now: Double, admission: some ConnectionAdmission,
                               into actions: inout Actions) -> Int {
        var offset = 0
        if !bytes.isEmpty { idleSince = nil }
        if case .idle = deadline, !bytes.isEmpty {
            deadline = .header(now + settings.headerTimeout)
        }
        while phase == .reading {
            let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
            let step: (event: HTTPRequestParser.Event, consumed: Int)
            do {
                step = try parser.parse(rest)
            } catch {
                refuse(error, into: &actions)
                return bytes.count
            }
            offset += step.consumed
            switch step.event {
            case .needMoreData:
                if offset >= bytes.count || step.consumed == 0 { return offset }
            case .head(let h):
                guard startRequest(h, now: now, admission: admission, into: &actions) else { return bytes.count }
            case .body(let range):
                if chunkedBody {
                    guard reserveBody(range.count, admission: admission, into: &actions) else { return bytes.count }
                }
                body.append(contentsOf: UnsafeBufferPointer(rebasing: rest[range]))
            case .end:
                dispatch(into: &actions)
                return offset
            }
        }
        return offset
    }

    /// Routes a new head; answers 413 at once for a declared body over the route's limit, and
    /// decides a large body on its head before reading it.
    private mutating func startRequest(_ h: HTTPRequestHead, now: Double, admission: some ConnectionAdmission,
                                       into actions: inout Actions) -> Bool {
        requestStart = now
        head = h
        let path = h.target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(h.target[..<$0]) } ?? h.target
        let found = admission.route(method: h.method, path: path)
        lookup = found
        if mayBeLarge(h.framing) {
            // No route, or a failed head check, is answered with the body left unread; then the connection closes.
            var failure: HTTPError?
            if case .found(let match) = found { failure = admission.checkHead(h, match: match) }
            if case .found = found, failure == nil {
                // Admitted: read the body as usual.
            } else {
                phase = .responding
                deadline = .none
                actions.append(.dispatch(h, body: [], lookup: found, keepAlive: false, failure: failure))
                return false
            }
        }
        var limit = settings.maxBodyBytes
        if case .found(let match) = found, let routeLimit = match.maxBodyBytes { limit = routeLimit }
        parser.maxBodyBytes = limit
        if case .contentLength(let n) = h.framing, n > limit {
            refuse(HTTPParseError(.contentTooLarge, "body of \(n) bytes exceeds the limit of \(limit)"), into: &actions)
            return false
        }
        chunkedBody = h.framing == .chunked
        if case .contentLength(let n) = h.framing, !reserveBody(n, admission: admission, into: &actions) { return false }
        if h.framing == .none {
            deadline = .none
        } else {
            deadline = .body(start: now)
            if h.expectsContinue { actions.append(.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))) }
        }
        return true
    }

    /// Whether a body so framed may be larger than what is read before the head is checked.
    private func mayBeLarge(_ framing: BodyFraming) -> Bool {
        switch framing {
        case .none: false
        case .contentLength(let n): n > settings.headCheckBodyBytes
        case .chunked: true
        }
    }

    /// Takes `n` bytes of the server's body memory for this request; when there is not that much
    /// left, refuses with 503 and `Retry-After`.
    private mutating func reserveBody(_ n: Int, admission: some ConnectionAdmission, into actions: inout Actions) -> Bool {
        if admission.reserveBody(n) {
            reservedBody += n
            return true
        }
        var headers = HTTPHeaders()
        headers.add("Retry-After", "2")
        refuse(HTTPError(.serviceUnavailable, code: "busy", message: "The server is receiving too much at once; try again shortly.",
                         headers: headers), into: &actions)
        return false
    }

    private mutating func releaseBody(_ admission: some ConnectionAdmission) {
        guard reservedBody > 0 else { return }
        admission.releaseBody(reservedBody)
        reservedBody = 0
    }

    private mutating func dispatch(into actions: inout Actions) {
        guard let head, let lookup else { return }
        phase = .responding
        deadline = .none
        let request = body
        body = []
        actions.append(.dispatch(head, body: request, lookup: lookup, keepAlive: head.keepAlive, failure: nil))
    }

    // MARK: Refusals and closing

    private mutating func refuse(_ error: any Error, into actions: inout Actions) {
        let failure = (error as? HTTPParseError).map { HTTPError($0.status, message: $0.reason) }
            ?? (error as? HTTPError) ?? HTTPError(.badRequest)
        refuse(failure, into: &actions)
    }

    /// Answers `error` at once, whatever of the request is still unread; the connection closes after it.
    private mutating func refuse(_ error: HTTPError, into actions: inout Actions) {
        phase = .responding
        deadline = .none
        actions.append(.refuse(error, head: head))
    }

    /// Shuts the write side after the response and reads until the peer closes, so the response
    /// is not destroyed by a reset from unread input.
    private mutating func closeGracefully(now: Double, admission: some ConnectionAdmission, into actions: inout Actions) {
        guard phase != .closed else { return }
        if peerClosed {
            close(admission: admission, into: &actions)
            return
        }
        phase = .lingering
        actions.append(.shutdownWrite)
        deadline = .linger(now + settings.lingerSeconds)
        pendingInput = []
        if readingPaused {
            readingPaused = false
            actions.append(.resumeReading)
        }
    }

    private mutating func pauseReading(into actions: inout Actions) {
        guard !readingPaused else { return }
        readingPaused = true
        actions.append(.pauseReading)
    }

    private mutating func close(admission: some ConnectionAdmission, into actions: inout Actions) {
        guard phase != .closed else { return }
        phase = .closed
        idleSince = nil
        deadline = .none
        releaseBody(admission)
        actions.append(.close)
    }
}

/// What a connection's state machine asks of its server.
protocol ConnectionAdmission {
    /// The route for a request line.
    func route(method: HTTPMethod, path: String) -> RouteTable.Lookup
    /// Whether a request that may carry a large body is admitted on its head (nil) or answered with an error.
    func checkHead(_ head: HTTPRequestHead, match: RouteMatch) -> HTTPError?
    /// Takes `bytes` of the server's body memory; false when there is not that much left.
    func reserveBody(_ bytes: Int) -> Bool
    /// Gives body memory back.
    func releaseBody(_ bytes: Int)
}
