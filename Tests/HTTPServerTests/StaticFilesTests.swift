import Foundation
import XCTest
import HTTPServer
import HTTPTesting

final class StaticFilesTests: XCTestCase {
    private var server: Server!
    private var base: URL!

    override func setUp() async throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        let publicDir = base.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicDir.appendingPathComponent("css"), withIntermediateDirectories: true)
        try "body{}".write(to: publicDir.appendingPathComponent("css/site.css"), atomically: true, encoding: .utf8)
        try "top secret".write(to: base.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: publicDir.appendingPathComponent("escape.txt"),
                                                   withDestinationURL: base.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: publicDir.appendingPathComponent("alias.css"),
                                                   withDestinationURL: publicDir.appendingPathComponent("css/site.css"))
        server = try startServer { router in router.staticFiles("/static", root: publicDir.path) }
    }

    override func tearDown() async throws {
        await server?.shutdown(gracePeriod: 1)
        try? FileManager.default.removeItem(at: base)
    }

    func testServesFilesWithCachingHeaders() throws {
        let client = TestClient(server: server)
        let reply = try client.get("/static/css/site.css")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.text, "body{}")
        XCTAssertEqual(reply.headers["Content-Type"], "text/css; charset=utf-8")
        XCTAssertEqual(reply.headers["Cache-Control"], "public, max-age=3600")
        let etag = try XCTUnwrap(reply.headers["ETag"])
        let lastModified = try XCTUnwrap(reply.headers["Last-Modified"])
        XCTAssertEqual(try client.get("/static/css/site.css", headers: ["If-None-Match": etag]).status, 304)
        XCTAssertEqual(try client.get("/static/css/site.css", headers: ["If-None-Match": "\"other\""]).status, 200)
        XCTAssertEqual(try client.get("/static/css/site.css", headers: ["If-Modified-Since": lastModified]).status, 304)
        XCTAssertEqual(try client.get("/static/alias.css").text, "body{}", "symlinks inside the root are fine")
        let head = try TestClient(port: server.port).send("HEAD", "/static/css/site.css")
        XCTAssertEqual(head.headers["Content-Length"], "6")
    }

    func testTraversalAttemptsAreNotFound() throws {
        let client = TestClient(server: server)
        let attempts = [
            "/static/../secret.txt", "/static/css/../../secret.txt", "/static/%2e%2e/secret.txt",
            "/static/%2E%2E%2Fsecret.txt", "/static/css/%2e%2e/%2e%2e/secret.txt", "/static/escape.txt",
            "/static/css%00/site.css", "/static/css/site.css%00.png", "/static/css", "/static/", "/static/..%5csecret.txt",
            "/static/./css/site.css",
        ]
        for path in attempts {
            let reply = try client.get(path)
            XCTAssertTrue([404, 400, 308].contains(reply.status), "\(path) → \(reply.status)")
            XCTAssertFalse(reply.text.contains("top secret"), path)
        }
    }
}
