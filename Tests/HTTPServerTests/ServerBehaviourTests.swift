import XCTest
import HTTPServer
import HTTPTesting

/// Handlers, errors, streaming, shutdown, metrics and proxies over real sockets.
final class ServerBehaviourTests: XCTestCase {
    private var server: Server!

    override func tearDown() async throws {
        await server?.shutdown(gracePeriod: 1)
        server = nil
    }

    private struct Boom: Error {}

    func testThrowingHandlerGives500AndTheConnectionSurvives() throws {
        server = try startServer { router in
            router.get("/boom") { _, _ in throw Boom() }
            router.get("/api/boom") { _, _ in throw Boom() }
            router.get("/ok") { _, _ in .text("ok") }
        }
        let client = try RawConnection(port: server.port)
        let page = try client.get("/boom")
        XCTAssertEqual(page.status, 500)
        XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
        let api = try client.get("/api/boom")
        XCTAssertEqual(api.status, 500)
        XCTAssertEqual(api.text, #"{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"Something went wrong on our side.","code":"internal_server_error"}"#)
        XCTAssertEqual(try client.get("/ok").text, "ok")
    }

    func testHTTPErrorsRenderAsProblemsForAPIPathsAndAcceptJSON() throws {
        server = try startServer { router in
            router.get("/api/thing/:id") { _, context in
                throw HTTPError(.notFound, code: "no_thing", message: "No thing \(try context.parameters.require("id")) <here>")
            }
            router.get("/page") { _, _ in throw HTTPError.forbidden("Not <yours>") }
            router.get("/api/fields") { _, _ in
                throw HTTPError.unprocessable("two fields", code: "invalid", errors: [
                    HTTPError.FieldError(field: "$.a", message: "missing"), HTTPError.FieldError(field: "text", line: 3, column: 7, message: "what?")])
            }
        }
        let client = TestClient(server: server)
        let api = try client.get("/api/thing/7")
        XCTAssertEqual(api.status, 404)
        XCTAssertEqual(api.headers["Content-Type"], "application/problem+json")
        XCTAssertEqual(api.text, #"{"type":"about:blank","title":"Not Found","status":404,"detail":"No thing 7 <here>","code":"no_thing"}"#)
        let fields = try client.get("/api/fields")
        XCTAssertEqual(fields.status, 422)
        XCTAssertEqual(fields.text, #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"two fields","code":"invalid","errors":[{"field":"$.a","message":"missing"},{"field":"text","line":3,"column":7,"message":"what?"}]}"#)
        let page = try client.get("/page")
        XCTAssertEqual(page.status, 403)
        XCTAssertTrue(page.text.contains("Not &lt;yours&gt;"), "the message is escaped in the HTML page")
        let negotiated = try client.get("/page", headers: ["Accept": "application/json"])
        XCTAssertEqual(negotiated.text, #"{"type":"about:blank","title":"Forbidden","status":403,"detail":"Not <yours>","code":"forbidden"}"#)
    }

    func testSlowHandlerDoesNotStallOtherConnections() throws {
        let gate = Gate()
        server = try startServer({ router in
            router.get("/wait") { _, _ in
                await gate.wait()
                return .text("released")
            }
            router.get("/release") { _, _ in
                await gate.open()
                return .text("opened")
            }
        }, config: { $0.eventLoopCount = 1 })
        let waiting = try RawConnection(port: server.port)
        try waiting.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n")
        // If the waiting handler blocked the (single) loop, this request would never be answered.
        let other = try RawConnection(port: server.port)
        XCTAssertEqual(try other.get("/release").text, "opened")
        XCTAssertEqual(try waiting.read().text, "released")
    }

    func testStreamedResponseIsChunked() throws {
        server = try startServer { router in
            router.get("/stream") { _, _ in
                .stream(contentType: "text/plain") { writer in
                    for i in 0..<100 { try await writer.write("line \(i)\n") }
                }
            }
        }
        let client = try RawConnection(port: server.port)
        let reply = try client.get("/stream")
        XCTAssertEqual(reply.headers["Transfer-Encoding"], "chunked")
        XCTAssertEqual(reply.text, (0..<100).map { "line \($0)\n" }.joined())
        XCTAssertEqual(try client.get("/stream").body.count, reply.body.count, "keep-alive after a stream")
    }

    func testGracefulShutdownFinishesTheRequestInFlight() async throws {
        let started = Gate()
        server = try startServer { router in
            router.get("/slow") { _, _ in
                await started.open()
                try await Task.sleep(nanoseconds: 200_000_000)
                return .text("finished")
            }
        }
        let port = server.port
        let client = try RawConnection(port: port)
        try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        await started.wait()
        let idle = try RawConnection(port: port)
        await server.shutdown(gracePeriod: 5)
        let reply = try client.read()
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.text, "finished")
        XCTAssertEqual(reply.headers["Connection"], "close")
        XCTAssertTrue(idle.isClosedByPeer(), "idle connections are closed")
        XCTAssertThrowsError(try RawConnection(port: port).get("/slow"), "no longer accepting")
        server = nil
    }

    func testMetricsCountRequestsByRoutePattern() throws {
        server = try startServer { router in
            router.get("/items/:id") { _, _ in .text("item") }
        }
        let client = try RawConnection(port: server.port)
        for id in 1...3 { _ = try client.get("/items/\(id)") }
        _ = try client.get("/missing")
        let metrics = try client.get("/metrics")
        XCTAssertEqual(metrics.headers["Content-Type"], "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertTrue(metrics.text.contains(#"http_requests_total{route="/items/:id",status="200"} 3"#), metrics.text)
        XCTAssertTrue(metrics.text.contains(#"http_requests_total{route="unmatched",status="404"} 1"#))
        XCTAssertTrue(metrics.text.contains(#"http_request_duration_seconds_count{route="/items/:id"} 3"#))
        XCTAssertTrue(metrics.text.contains("http_open_connections 1"))
        XCTAssertEqual(server.metrics.requestCount(route: "/items/:id", status: 200), 3)
    }

    func testForwardedHeadersAreTrustedOnlyFromConfiguredProxies() throws {
        let routes: (Router) -> Void = { router in
            router.get("/who") { request, _ in .text("\(request.clientAddress) \(request.scheme)") }
        }
        let forwarded = ["X-Forwarded-For": "203.0.113.9, 198.51.100.2", "X-Forwarded-Proto": "https"]
        server = try startServer(routes) { $0.trustedProxies = ["127.0.0.1", "198.51.100.2"] }
        XCTAssertEqual(try TestClient(port: server.port).get("/who", headers: forwarded).text, "203.0.113.9 https")
        let untrusted = try startServer(routes)
        defer { Task { await untrusted.shutdown(gracePeriod: 0) } }
        XCTAssertEqual(try TestClient(port: untrusted.port).get("/who", headers: forwarded).text, "127.0.0.1 http")
    }

    func testCookiesAndQueryReachTheHandler() throws {
        server = try startServer { router in
            router.get("/c") { request, _ in
                var response = Response.text("\(request.cookie("session") ?? "-") \(request.query["q"] ?? "-")")
                response.setCookie(Cookie(name: "session", value: "new value", maxAge: 60, secure: true, sameSite: .strict))
                return response
            }
        }
        let reply = try TestClient(server: server).get("/c?q=a+b%21", headers: ["Cookie": "theme=dark; session=abc"])
        XCTAssertEqual(reply.text, "abc a b!")
        XCTAssertEqual(reply.headers["Set-Cookie"], "session=new%20value; Path=/; Max-Age=60; Secure; HttpOnly; SameSite=Strict")
    }
}

/// A one-shot signal between handlers in tests.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
