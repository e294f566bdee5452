import XCTest
@testable import HTTPServer

/// The connection's decisions, without sockets: events in, actions out.
final class ConnectionStateMachineTests: XCTestCase {
    /// Routes every path except `/missing`; `/upload` takes 1 MiB and needs `Authorization` when
    /// its body may be large; body memory is a counter.
    private final class Admission: ConnectionAdmission {
        var memoryLeft: Int
        var reserved = 0

        init(memory: Int = 1 << 30) { memoryLeft = memory }

        func route(method: HTTPMethod, path: String) -> RouteTable.Lookup {
            if path == "/missing" { return .notFound }
            let handler: Handler = { _, _ in .text("") }
            return .found(RouteMatch(handler: handler, context: RequestContext(route: path),
                                     maxBodyBytes: path == "/upload" ? 1 << 20 : nil))
        }

        func checkHead(_ head: HTTPRequestHead, match: RouteMatch) -> HTTPError? {
            head.headers["Authorization"] == nil ? HTTPError.unauthorized("Sign in first.") : nil
        }

        func reserveBody(_ bytes: Int) -> Bool {
            guard bytes <= memoryLeft else { return false }
            memoryLeft -= bytes
            reserved += bytes
            return true
        }

        func releaseBody(_ bytes: Int) {
            memoryLeft += bytes
            reserved -= bytes
        }
    }

    /// An action, reduced to what a test compares.
    private enum Seen: Equatable {
        case dispatch(String, body: String, keepAlive: Bool, failure: Int?)
        case refuse(Int)
        case write(String)
        case pauseReading, resumeReading, shutdownWrite, close
    }

    private func seen(_ actions: ConnectionStateMachine.Actions) -> [Seen] {
        actions.map { action in
            switch action {
            case .dispatch(let head, let body, _, let keepAlive, let failure):
                .dispatch("\(head.method.rawValue) \(head.target)", body: String(decoding: body, as: UTF8.self),
                          keepAlive: keepAlive, failure: failure?.status.code)
            case .refuse(let error, _): .refuse(error.status.code)
            case .write(let bytes): .write(String(decoding: bytes, as: UTF8.self))
            case .pauseReading: .pauseReading
            case .resumeReading: .resumeReading
            case .shutdownWrite: .shutdownWrite
            case .close: .close
            }
        }
    }

    private func machine(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ConnectionStateMachine {
        var configuration = ServerConfiguration()
        configuration.headerTimeout = 10
        configuration.idleTimeout = 60
        configuration.bodyTimeout = 10
        configuration.headCheckBodyBytes = 64 * 1024
        adjust(&configuration)
        return ConnectionStateMachine(settings: ConnectionStateMachine.Settings(configuration), now: 0)
    }

    private func read(_ machine: inout ConnectionStateMachine, _ text: String, now: Double = 1,
                      _ admission: Admission) -> [Seen] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { seen(machine.read($0, now: now, admission: admission)) }
    }

    func testARequestIsDispatchedThenTheConnectionWaitsForTheNext() {
        let admission = Admission()
        var machine = machine()
        XCTAssertEqual(machine.idleSince, 0)
        XCTAssertEqual(read(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", admission),
                       [.dispatch("GET /a", body: "", keepAlive: true, failure: nil)])
        XCTAssertEqual(machine.phase, .responding)
        XCTAssertNil(machine.idleSince)
        XCTAssertTrue(machine.responseStarting(requestedKeepAlive: true, draining: false, admission: admission))
        XCTAssertEqual(seen(machine.responseSent(keepAlive: true, now: 2, admission: admission)), [])
        XCTAssertEqual(machine.phase, .reading)
        XCTAssertEqual(machine.deadline, .idle(62))
        XCTAssertEqual(machine.idleSince, 2)
    }

    func testPipelinedRequestsAreAnsweredInOrder() {
        let admission = Admission()
        var machine = machine()
        let two = "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi"
        XCTAssertEqual(read(&machine, two, admission), [.dispatch("GET /1", body: "", keepAlive: true, failure: nil)])
        XCTAssertEqual(read(&machine, "GET /3 HTTP/1.1\r\nHost: x\r\n\r\n", admission), [], "nothing is parsed while answering")
        XCTAssertEqual(seen(machine.responseSent(keepAlive: true, now: 2, admission: admission)),
                       [.dispatch("POST /2", body: "hi", keepAlive: true, failure: nil)])
        XCTAssertEqual(admission.reserved, 2, "the body's memory is held until its answer goes out")
        XCTAssertEqual(seen(machine.responseSent(keepAlive: true, now: 3, admission: admission)),
                       [.dispatch("GET /3", body: "", keepAlive: true, failure: nil)])
        XCTAssertEqual(admission.reserved, 0)
    }

    func testASlowHeadIsRefusedWithATimeoutThenTheConnectionLingersAndCloses() {
        let admission = Admission()
        var machine = machine()
        XCTAssertEqual(read(&machine, "GET /a HTTP/1.1\r\nHo", now: 1, admission), [])
        XCTAssertEqual(machine.deadline, .header(11))
        XCTAssertEqual(seen(machine.timerFired(now: 10.9, admission: admission)), [])
        XCTAssertEqual(seen(machine.timerFired(now: 11, admission: admission)), [.refuse(408)])
        XCTAssertEqual(seen(machine.refusalSent(now: 12, admission: admission)), [.shutdownWrite])
        XCTAssertEqual(machine.phase, .lingering)
        XCTAssertEqual(read(&machine, "more", admission), [], "input after the answer is discarded")
        XCTAssertEqual(seen(machine.timerFired(now: 14, admission: admission)), [.close])
        XCTAssertEqual(machine.phase, .closed)
        XCTAssertEqual(seen(machine.close(admission: admission)), [], "closing twice does nothing")
    }

    func testAnIdleConnectionClosesAtItsDeadline() {
        let admission = Admission()
        var machine = machine()
        XCTAssertEqual(machine.deadline, .idle(10), "a new connection must send its head within the header timeout")
        XCTAssertEqual(seen(machine.timerFired(now: 10, admission: admission)), [.close])
    }

    func testADeclaredBodyOverTheRoutesLimitIsRefusedBeforeItIsRead() {
        let admission = Admission()
        var machine = machine()
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nAuthorization: t\r\nContent-Length: \(2 << 20)\r\n\r\n"
        XCTAssertEqual(read(&machine, head, admission), [.refuse(413)])
        XCTAssertEqual(admission.reserved, 0)
    }

    func testALargeBodyIsDecidedOnItsHeadAlone() {
        let admission = Admission()
        var machine = machine()
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n"
        XCTAssertEqual(read(&machine, head, admission), [.dispatch("POST /upload", body: "", keepAlive: false, failure: 401)])
        XCTAssertEqual(admission.reserved, 0, "nothing is reserved for a body that will not be read")
        var other = self.machine()
        let missing = "POST /missing HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        XCTAssertEqual(read(&other, missing, admission), [.dispatch("POST /missing", body: "", keepAlive: false, failure: nil)],
                       "an unknown route answers (404) without reading the body")
    }

    func testAnAdmittedLargeBodyWithExpectContinueGetsAnInterimAnswer() {
        let admission = Admission()
        var machine = machine()
        let head = "POST /upload HTTP/1.1\r\nHost: x\r\nAuthorization: t\r\nExpect: 100-continue\r\nContent-Length: 100000\r\n\r\n"
        XCTAssertEqual(read(&machine, head, admission), [.write("HTTP/1.1 100 Continue\r\n\r\n")])
        XCTAssertEqual(admission.reserved, 100_000)
        XCTAssertEqual(machine.deadline, .body(start: 1))
    }

    func testBodiesBeyondTheMemoryBudgetAreRefusedWithRetryAfter() {
        let admission = Admission(memory: 10)
        var machine = machine()
        var refused: HTTPError?
        let bytes = Array("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n".utf8)
        for action in bytes.withUnsafeBufferPointer({ machine.read($0, now: 1, admission: admission) }) {
            if case .refuse(let error, _) = action { refused = error }
        }
        XCTAssertEqual(refused?.status.code, 503)
        XCTAssertEqual(refused?.headers["Retry-After"], "2")
    }

    func testAHalfClosedPeerGetsItsAnswerThenTheConnectionCloses() {
        let admission = Admission()
        var machine = machine()
        _ = read(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", admission)
        XCTAssertEqual(seen(machine.endOfInput(admission: admission)), [.pauseReading])
        XCTAssertFalse(machine.responseStarting(requestedKeepAlive: true, draining: false, admission: admission))
        XCTAssertEqual(seen(machine.responseSent(keepAlive: false, now: 2, admission: admission)), [.close])
    }

    func testTooMuchPipelinedInputPausesReadingUntilTheAnswerGoesOut() {
        let admission = Admission()
        var machine = machine()
        _ = read(&machine, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", admission)
        let flood = String(repeating: "GET /b HTTP/1.1\r\nHost: x\r\n\r\n", count: 3000)
        XCTAssertEqual(read(&machine, flood, admission), [.pauseReading])
        let after = seen(machine.responseSent(keepAlive: true, now: 2, admission: admission))
        XCTAssertEqual(after, [.resumeReading, .dispatch("GET /b", body: "", keepAlive: true, failure: nil)])
    }

    func testDrainingClosesOnlyIdleConnections() {
        let admission = Admission()
        var busy = machine()
        _ = read(&busy, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", admission)
        XCTAssertEqual(seen(busy.closeIfIdle(admission: admission)), [])
        var halfway = machine()
        _ = read(&halfway, "GET /a HTTP/1.1\r\n", admission)
        XCTAssertEqual(seen(halfway.closeIfIdle(admission: admission)), [])
        var idle = machine()
        XCTAssertEqual(seen(idle.closeIfIdle(admission: admission)), [.close])
    }

    func testAMalformedRequestIsRefusedAndItsBodyMemoryReturned() {
        let admission = Admission()
        var machine = machine()
        XCTAssertEqual(read(&machine, "GET /a HTTP/1.1\r\nHost x\r\n\r\n", admission), [.refuse(400)])
        var chunked = self.machine()
        let head = "POST /a HTTP/1.1\r\nHost: x\r\nAuthorization: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        XCTAssertEqual(read(&chunked, head + "5\r\nhello\r\nzz\r\n", admission), [.refuse(400)])
        XCTAssertEqual(seen(chunked.refusalSent(now: 2, admission: admission)), [.shutdownWrite])
        XCTAssertEqual(admission.reserved, 0)
    }
}
