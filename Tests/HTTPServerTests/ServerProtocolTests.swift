import Synchronization
import XCTest
import HTTPServer
import HTTPTesting

/// HTTP/1.1 behaviour over real loopback sockets.
final class ServerProtocolTests: XCTestCase {
    private var server: Server!

    override func tearDown() async throws {
        await server?.shutdown(gracePeriod: 1)
        server = nil
    }

    private func echoServer(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) throws -> Server {
        try startServer({ router in
            router.get("/hello") { _, _ in .text("hello") }
            router.post("/echo") { request, _ in Response(contentType: "application/octet-stream", body: .bytes(request.body)) }
            router.post("/small", maxBodyBytes: 10) { request, _ in .text("\(request.body.count)") }
            router.get("/wait/:ms") { _, context in
                try await Task.sleep(nanoseconds: UInt64(try context.parameters.int("ms")) * 1_000_000)
                return .text("waited \(try context.parameters.int("ms"))")
            }
        }, config: adjust)
    }

    func testKeepAliveServesManyRequestsOnOneConnection() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        for _ in 0..<5 {
            let reply = try client.get("/hello")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.text, "hello")
            XCTAssertNil(reply.headers["Connection"])
            XCTAssertNotNil(reply.headers["Date"])
            XCTAssertEqual(reply.headers["Server"], "Lectern")
        }
    }

    func testDualStackIPv6ListenerAcceptsIPv4Clients() throws {
        server = try echoServer { $0.host = "::" }
        XCTAssertEqual(try RawConnection(port: server.port).get("/hello").text, "hello")
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        // The first request is the slowest; responses must still come back in request order.
        try client.send("GET /wait/80 HTTP/1.1\r\nHost: x\r\n\r\nGET /wait/1 HTTP/1.1\r\nHost: x\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try client.read().text, "waited 80")
        XCTAssertEqual(try client.read().text, "waited 1")
        XCTAssertEqual(try client.read().text, "abc")
        XCTAssertEqual(try client.read().text, "hello")
    }

    func testChunkedBodySentOneByteAtATime() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        let request = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n6;x=y\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\n\r\n"
        for byte in request.utf8 { try client.send([byte]) }
        let reply = try client.read()
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.text, "Wikipedia in \r\n\r\nchunks.")
        XCTAssertEqual(try client.get("/hello").text, "hello", "the connection stays usable")
    }

    func testMalformedRequestsAreRefusedAndClosed() throws {
        server = try echoServer()
        let cases: [(String, Int)] = [
            ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("GET /hello HTTP/1.1\r\n\r\n", 400),
            ("GET /hello HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n", 400),
            ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
            ("GET /hello HTTP/1.1\r\nHost: x\r\n" + (0..<120).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        ]
        for (text, status) in cases {
            let client = try RawConnection(port: server.port)
            try client.send(text)
            let reply = try client.read()
            XCTAssertEqual(reply.status, status, text.prefix(60).debugDescription)
            XCTAssertEqual(reply.headers["Connection"], "close")
            XCTAssertTrue(client.isClosedByPeer(), "closed after \(status)")
        }
    }

    func testOversizedBodyIsRefusedBeforeItIsSent() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        // Only the head is sent: the 413 must not wait for the megabyte.
        try client.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")
        let reply = try client.read()
        XCTAssertEqual(reply.status, 413)
        XCTAssertTrue(client.isClosedByPeer())
        let within = try RawConnection(port: server.port)
        XCTAssertEqual(try within.request("POST", "/small", body: Array("0123456789".utf8)).text, "10")
    }

    func testExpectContinue() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        XCTAssertEqual(String(decoding: try client.read(count: 25), as: UTF8.self), "HTTP/1.1 100 Continue\r\n\r\n")
        try client.send("ping")
        XCTAssertEqual(try client.read().text, "ping")
    }

    func testHTTP10ClientGetsAnAnswerAndAClose() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        try client.send("GET /hello HTTP/1.0\r\n\r\n")
        let reply = try client.read()
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.text, "hello")
        XCTAssertTrue(client.isClosedByPeer())
    }

    func testConnectionCloseIsHonoured() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        let reply = try client.get("/hello", headers: ["Connection": "close"])
        XCTAssertEqual(reply.headers["Connection"], "close")
        XCTAssertTrue(client.isClosedByPeer())
    }

    func testHeadOptionsAnd405() throws {
        server = try echoServer()
        let client = try RawConnection(port: server.port)
        let head = try client.request("HEAD", "/hello")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Length"], "5", "HEAD reports the GET body length")
        XCTAssertEqual(try client.get("/hello").text, "hello", "no body bytes were sent for HEAD")
        let options = try client.request("OPTIONS", "/hello")
        XCTAssertEqual(options.status, 204)
        XCTAssertEqual(options.headers["Allow"], "GET, HEAD, OPTIONS")
        let wrong = try client.request("DELETE", "/echo")
        XCTAssertEqual(wrong.status, 405)
        XCTAssertEqual(wrong.headers["Allow"], "OPTIONS, POST")
        XCTAssertEqual(try client.get("/nope").status, 404)
    }

    func testHeaderTimeoutAnswers408() throws {
        server = try echoServer { $0.headerTimeout = 0.2 }
        let client = try RawConnection(port: server.port)
        try client.send("GET /hello HTTP/1.1\r\nHo")
        let reply = try client.read()
        XCTAssertEqual(reply.status, 408)
        XCTAssertTrue(client.isClosedByPeer())
    }

    func testSlowBodyAnswers408() throws {
        server = try echoServer {
            $0.bodyTimeout = 0.2
            $0.minBodyBytesPerSecond = 1_000_000
        }
        let client = try RawConnection(port: server.port)
        try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
        XCTAssertEqual(try client.read().status, 408)
    }

    func testIdleKeepAliveConnectionIsClosed() throws {
        server = try echoServer { $0.idleTimeout = 0.2 }
        let client = try RawConnection(port: server.port)
        XCTAssertEqual(try client.get("/hello").status, 200)
        XCTAssertTrue(client.isClosedByPeer())
    }

    func testConnectionLimitRefusesPolitelyWhenNoConnectionIsIdle() async throws {
        let gate = Gate()
        let entered = Atomic<Int>(0)
        server = try startServer({ router in
            router.get("/busy") { _, _ in
                entered.add(1, ordering: .relaxed)
                await gate.wait()
                return .text("done")
            }
        }, config: { $0.maxConnections = 2 })
        let a = try RawConnection(port: server.port)
        let b = try RawConnection(port: server.port)
        // Both are being answered, so neither can be shed.
        try a.send("GET /busy HTTP/1.1\r\nHost: x\r\n\r\n")
        try b.send("GET /busy HTTP/1.1\r\nHost: x\r\n\r\n")
        while entered.load(ordering: .relaxed) < 2 { try await Task.sleep(nanoseconds: 1_000_000) }
        let c = try RawConnection(port: server.port)
        let refused = try c.read()
        XCTAssertEqual(refused.status, 503)
        XCTAssertNotNil(refused.headers["Retry-After"])
        XCTAssertTrue(c.isClosedByPeer())
        await gate.open()
        XCTAssertEqual(try a.read().status, 200)
        XCTAssertEqual(try b.read().status, 200)
    }

    /// A full connection table sheds the connection idle the longest instead of refusing newcomers.
    func testIdleKeepAliveConnectionsAreShedWhenTheTableIsFull() throws {
        server = try echoServer { $0.maxConnections = 8 }
        let hog = try (0..<8).map { _ in try RawConnection(port: server.port, timeout: 0.5, from: "127.0.0.2") }
        for socket in hog { XCTAssertEqual(try socket.get("/hello").status, 200) }
        var newcomers: [RawConnection] = []
        for round in 0..<4 {
            let other = try RawConnection(port: server.port, from: "127.0.0.3")
            XCTAssertEqual(try other.get("/hello").status, 200, "newcomer \(round)")
            newcomers.append(other)
        }
        XCTAssertEqual(server.metrics.connectionsShed, 4)
        XCTAssertEqual(server.metrics.connectionsRefused, 0)
        // Each loop sheds its own oldest first; the two oldest sockets live on different loops.
        XCTAssertTrue(hog[0].isClosedByPeer() || hog[1].isClosedByPeer(), "an oldest idle connection made room")
        XCTAssertFalse(hog[7].isClosedByPeer(), "the newest hog connection is still open")
        XCTAssertLessThanOrEqual(server.metrics.openConnections, 8)
    }

    /// One address holding many idle sockets cannot take the slots other addresses need.
    func testOneAddressCannotHoldMoreThanItsShareOfConnections() throws {
        server = try echoServer {
            $0.maxConnections = 64
            $0.maxConnectionsPerAddress = 4
        }
        var hog: [RawConnection] = []
        for _ in 0..<4 {
            let socket = try RawConnection(port: server.port, from: "127.0.0.2")
            XCTAssertEqual(try socket.get("/hello").status, 200)
            hog.append(socket)
        }
        for _ in 0..<6 {
            let extra = try RawConnection(port: server.port, from: "127.0.0.2")
            XCTAssertEqual(try extra.read().status, 503, "over the per-address cap")
            XCTAssertTrue(extra.isClosedByPeer())
        }
        let other = try RawConnection(port: server.port, from: "127.0.0.3")
        XCTAssertEqual(try other.get("/hello").status, 200)
        for socket in hog { XCTAssertEqual(try socket.get("/hello").status, 200, "the hog's own connections still work") }
        hog.removeAll()
        // Closed connections give their address its slots back.
        while server.metrics.openConnections > 1 { usleep(1000) }
        let again = try RawConnection(port: server.port, from: "127.0.0.2")
        XCTAssertEqual(try again.get("/hello").status, 200)
    }

    func testTrustedProxyIsNotHeldToThePerAddressCap() throws {
        server = try echoServer {
            $0.maxConnectionsPerAddress = 2
            $0.trustedProxies = ["127.0.0.4"]
        }
        let sockets = try (0..<5).map { _ in try RawConnection(port: server.port, from: "127.0.0.4") }
        for socket in sockets { XCTAssertEqual(try socket.get("/hello").status, 200) }
    }

    func testAbsoluteFormTargetIsServedAndConnectIsNotImplemented() throws {
        server = try startServer { router in
            router.get("/where") { request, _ in .text("\(request.path) \(request.query["x"] ?? "") \(request.headers["Host"] ?? "")") }
        }
        let client = try RawConnection(port: server.port)
        try client.send("GET http://lectern.example:8080/where?x=1 HTTP/1.1\r\nHost: elsewhere\r\n\r\n")
        let reply = try client.read()
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.text, "/where 1 lectern.example:8080")
        XCTAssertEqual(try client.get("/where").status, 200, "the connection stays open")

        let tunnel = try RawConnection(port: server.port)
        try tunnel.send("CONNECT lectern.example:443 HTTP/1.1\r\nHost: lectern.example:443\r\n\r\n")
        XCTAssertEqual(try tunnel.read().status, 501)
        XCTAssertTrue(tunnel.isClosedByPeer())
    }

    func testManyConcurrentConnections() throws {
        server = try echoServer()
        let clients = try (0..<200).map { _ in try RawConnection(port: server.port) }
        var answered = 0
        for round in 0..<50 {
            for (i, client) in clients.enumerated() {
                try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \("\(i)-\(round)".utf8.count)\r\n\r\n\(i)-\(round)")
            }
            for (i, client) in clients.enumerated() {
                let reply = try client.read()
                XCTAssertEqual(reply.text, "\(i)-\(round)")
                answered += reply.status == 200 ? 1 : 0
            }
        }
        XCTAssertEqual(answered, 200 * 50)
    }
}
