import Foundation
import XCTest
@testable import HTTPServer
import HTTPTesting

/// Metrics, the access log and trusted proxies are middleware: tested in process, and the
/// requests refused before routing through a socket.
final class RequestObserverTests: XCTestCase {
    private struct Boom: Error {}

    private func chain(_ middleware: [any Middleware], _ handler: @escaping Handler) -> Handler {
        middleware.wrapping(handler)
    }

    private func context(route: String) -> RequestContext {
        var context = RequestContext(route: route)
        context.receivedAt = Platform.monotonicSeconds()
        return context
    }

    func testEveryAnswerIsCountedByRouteAndStatusIncludingErrors() async throws {
        let metrics = ServerMetrics(shards: 1)
        let observer = RequestObserver(metrics: metrics, accessLog: nil)
        let ok = chain([observer]) { _, _ in .text("fine") }
        let missing = chain([observer]) { _, _ in throw HTTPError.notFound() }
        let broken = chain([observer]) { _, _ in throw Boom() }
        _ = try await ok(Request(method: .get, target: "/a"), context(route: "/a"))
        _ = try await ok(Request(method: .get, target: "/a"), context(route: "/a"))
        do {
            _ = try await missing(Request(method: .get, target: "/b/1"), context(route: "/b/:id"))
            XCTFail("the error reaches the renderer")
        } catch let error as HTTPError {
            XCTAssertEqual(error.status.code, 404)
        }
        do {
            _ = try await broken(Request(method: .get, target: "/c"), context(route: "/c"))
            XCTFail("the error reaches the renderer")
        } catch {}
        XCTAssertEqual(metrics.requestCount(route: "/a", status: 200), 2)
        XCTAssertEqual(metrics.requestCount(route: "/b/:id", status: 404), 1)
        XCTAssertEqual(metrics.requestCount(route: "/c", status: 500), 1)
    }

    func testAStreamedBodyIsLoggedWhenItEndsWithTheBytesSent() async throws {
        let log = AccessLog(shards: 1)
        let observer = RequestObserver(metrics: ServerMetrics(shards: 1), accessLog: log)
        let handler = chain([observer]) { _, _ in
            Response(body: .stream { writer in
                try await writer.write("hello ")
                try await writer.write("world")
            })
        }
        let response = try await handler(Request(method: .get, target: "/s"), context(route: "/s"))
        XCTAssertTrue(log.take(shard: 0).isEmpty, "nothing is logged before the body is sent")
        guard case .stream(let produce) = response.body else { return XCTFail("still a stream") }
        var received: [UInt8] = []
        let collected = Collector()
        try await produce(ResponseBodyWriter { bytes in collected.append(bytes) })
        received = collected.bytes
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "hello world")
        let line = String(decoding: log.take(shard: 0), as: UTF8.self)
        XCTAssertTrue(line.contains("path=/s") && line.contains("status=200") && line.contains("bytes=11"), line)
    }

    func testTheLogNamesTheClientThatTrustedProxiesForwardedFor() async throws {
        let log = AccessLog(shards: 1)
        let observer = RequestObserver(metrics: ServerMetrics(shards: 1), accessLog: log)
        let proxies = TrustedProxies(["10.0.0.1"])
        let handler = chain([proxies, observer]) { request, _ in .text("\(request.scheme) \(request.clientAddress)") }
        var headers = HTTPHeaders()
        headers.add("X-Forwarded-For", "203.0.113.9, 10.0.0.1")
        headers.add("X-Forwarded-Proto", "https")
        let viaProxy = Request(method: .get, target: "/p", headers: headers, remoteAddress: SocketAddress(host: "10.0.0.1", port: 1))
        let direct = Request(method: .get, target: "/p", headers: headers, remoteAddress: SocketAddress(host: "198.51.100.7", port: 1))
        let first = try await handler(viaProxy, context(route: "/p"))
        let second = try await handler(direct, context(route: "/p"))
        XCTAssertEqual(String(decoding: first.bodyBytes ?? [], as: UTF8.self), "https 203.0.113.9")
        XCTAssertEqual(String(decoding: second.bodyBytes ?? [], as: UTF8.self), "http 198.51.100.7",
                       "a peer that is not a trusted proxy cannot claim another address")
        let lines = String(decoding: log.take(shard: 0), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].contains("remote=203.0.113.9"), String(lines[0]))
        XCTAssertTrue(lines[1].contains("remote=198.51.100.7"), String(lines[1]))
    }

    func testRequestsRefusedBeforeRoutingAreCountedToo() throws {
        let server = try startServer({ router in router.get("/a") { _, _ in .text("a") } })
        defer { Task { await server.shutdown(gracePeriod: 1) } }
        let client = try RawConnection(port: server.port)
        try client.send("GET /a HTTP/1.1\r\nHost x\r\n\r\n")
        let reply = try client.read()
        XCTAssertEqual(reply.status, 400)
        XCTAssertEqual(server.metrics.requestCount(route: "unmatched", status: 400), 1)
        let ok = try TestClient(port: server.port).get("/a")
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(server.metrics.requestCount(route: "/a", status: 200), 1)
    }
}

/// Collects a streamed body.
private final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UInt8] = []
    func append(_ bytes: [UInt8]) { lock.lock(); storage += bytes; lock.unlock() }
    var bytes: [UInt8] { lock.lock(); defer { lock.unlock() }; return storage }
}
