import Synchronization
import XCTest
import HTTPServer
import HTTPTesting

/// Large bodies are read only after the head alone has passed, and within a memory budget.
final class BodyAdmissionTests: XCTestCase {
    private var server: Server!

    override func tearDown() async throws {
        await server?.shutdown(gracePeriod: 1)
        server = nil
    }

    /// A route that wants a credential, and a head check that looks for one without reading anything.
    private func uploadServer(_ adjust: @escaping (inout ServerConfiguration) -> Void = { _ in }) throws -> Server {
        try startServer({ router in
            router.post("/admin/upload", maxBodyBytes: 32 << 20) { request, _ in
                guard request.headers["Authorization"] != nil else { throw HTTPError.unauthorized("Sign in first.") }
                return .text("\(request.body.count)")
            }
            router.get("/page") { _, _ in .text("page") }
        }, config: { config in
            config.headCheck = { request, _ in
                request.headers["Authorization"] == nil ? HTTPError.unauthorized("Sign in first.") : nil
            }
            adjust(&config)
        })
    }

    private static let bigHead = "Host: x\r\nContent-Length: \(24 << 20)\r\n\r\n"

    func testLargeAnonymousBodiesAreAnsweredFromTheHeadAlone() throws {
        server = try uploadServer()
        let start = Array(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        var clients: [RawConnection] = []
        for _ in 0..<40 {
            let client = try RawConnection(port: server.port)
            try client.send("POST /admin/upload HTTP/1.1\r\n" + Self.bigHead)
            try client.send(start)
            clients.append(client)
        }
        for client in clients {
            XCTAssertEqual(try client.read().status, 401)
            XCTAssertTrue(client.isClosedByPeer())
        }
        XCTAssertEqual(server.metrics.peakBodyBytesInFlight, 0, "no body memory was taken")
        XCTAssertEqual(server.metrics.requestCount(route: "/admin/upload", status: 401), 40)
    }

    func testLargeBodiesForNoRouteOrTheWrongMethodAreNotRead() throws {
        server = try uploadServer()
        let nowhere = try RawConnection(port: server.port)
        try nowhere.send("POST /nowhere HTTP/1.1\r\n" + Self.bigHead)
        XCTAssertEqual(try nowhere.read().status, 404)
        XCTAssertTrue(nowhere.isClosedByPeer())
        let wrongMethod = try RawConnection(port: server.port)
        try wrongMethod.send("PUT /page HTTP/1.1\r\n" + Self.bigHead)
        let reply = try wrongMethod.read()
        XCTAssertEqual(reply.status, 405)
        XCTAssertEqual(reply.headers["Allow"], "GET, HEAD, OPTIONS")
        XCTAssertTrue(wrongMethod.isClosedByPeer())
        let chunked = try RawConnection(port: server.port)
        try chunked.send("POST /admin/upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n")
        XCTAssertEqual(try chunked.read().status, 401, "a chunked body may be large: the head decides")
        XCTAssertEqual(server.metrics.peakBodyBytesInFlight, 0)
    }

    func testSmallBodiesAndAdmittedLargeBodiesAreRead() throws {
        server = try uploadServer()
        let client = try RawConnection(port: server.port)
        let small = try client.request("POST", "/admin/upload", body: Array("tiny".utf8))
        XCTAssertEqual(small.status, 401, "answered by the handler")
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 200 * 1024)
        let large = try client.request("POST", "/admin/upload", headers: ["Authorization": "Bearer t"], body: body)
        XCTAssertEqual(large.status, 200, "the connection stayed open after the small refusal")
        XCTAssertEqual(large.text, "\(200 * 1024)")
        XCTAssertGreaterThanOrEqual(server.metrics.peakBodyBytesInFlight, 200 * 1024)
        XCTAssertEqual(server.metrics.bodyBytesInFlight, 0, "given back once answered")
    }

    func testBodyMemoryBudgetAnswers503WithRetryAfter() throws {
        server = try uploadServer { $0.maxBodyMemoryBytes = 300 * 1024 }
        let first = try RawConnection(port: server.port)
        try first.send("POST /admin/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: \(200 * 1024)\r\n\r\n")
        try first.send(Array(repeating: UInt8(ascii: "c"), count: 1024))
        while server.metrics.bodyBytesInFlight < 200 * 1024 { usleep(1000) }
        let second = try RawConnection(port: server.port)
        try second.send("POST /admin/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: \(200 * 1024)\r\n\r\n")
        let busy = try second.read()
        XCTAssertEqual(busy.status, 503)
        XCTAssertNotNil(busy.headers["Retry-After"])
        XCTAssertTrue(second.isClosedByPeer())
        try first.send(Array(repeating: UInt8(ascii: "c"), count: 199 * 1024))
        XCTAssertEqual(try first.read().text, "\(200 * 1024)")
        let third = try RawConnection(port: server.port)
        let reply = try third.request("POST", "/admin/upload", headers: ["Authorization": "Bearer t"],
                                      body: [UInt8](repeating: UInt8(ascii: "d"), count: 200 * 1024))
        XCTAssertEqual(reply.status, 200, "the budget was given back")
    }
}
