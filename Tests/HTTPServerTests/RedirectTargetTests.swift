import XCTest
import HTTPServer
import HTTPTesting

/// No `Location` the server sends may leave the origin: not the trailing-slash redirect, not a
/// handler's redirect built from user input. Browsers read `//x`, `/\x`, `\/x` and paths with tabs
/// or newlines inside (which they delete) as another host, so these are never sent.
final class RedirectTargetTests: XCTestCase {
    /// Locations that browsers' URL parsers resolve to another host (or that we refuse to guess about).
    static let offsite = [
        "//evil.example", "//evil.example/", "/\\evil.example", "\\/evil.example", "\\\\evil.example",
        "/%2F%2Fevil.example", "/%2f/evil.example", "/%5Cevil.example", "/\t/evil.example", "/\n/evil.example",
        "/\r/evil.example", " //evil.example", "  /\\evil.example", "\t//evil.example", "https://evil.example/",
        "http:evil.example", "javascript:alert(1)", "evil.example", "", "/\u{0}/evil.example", "///evil.example",
    ]
    static let local = ["/", "/courses", "/courses/cs193p?tab=1", "/a/b#c", "/search?q=%2F%2Fx", "/a//b", "/caf%C3%A9"]

    func testOffsiteTargetsAreRefusedAndLocalOnesKept() {
        for target in Self.offsite {
            XCTAssertFalse(RedirectTarget.isLocal(target), "\(target.debugDescription) leaves the origin")
            XCTAssertEqual(RedirectTarget.local(target), "/", target.debugDescription)
        }
        for target in Self.local {
            XCTAssertTrue(RedirectTarget.isLocal(target), target.debugDescription)
            XCTAssertEqual(RedirectTarget.local(target), target)
        }
    }

    func testTheTrailingSlashRedirectNeverLeavesTheOrigin() async throws {
        let server = try startServer { router in
            router.get("/*path") { _, context in .text("file \(context.parameters["path"] ?? "")") }
            router.get("/courses") { _, _ in .text("courses") }
        }
        for target in ["//evil.example/", "/\\evil.example/", "/%2F%2Fevil.example/", "/%5Cevil.example/", "///evil.example/"] {
            let client = TestClient(port: server.port)
            let reply = try client.get(target)
            if let location = reply.headers["Location"] {
                XCTAssertTrue(RedirectTarget.isLocal(location), "\(target) redirected to \(location)")
                XCTAssertFalse(location.hasPrefix("//") || location.hasPrefix("/\\"), "\(target) redirected to \(location)")
            }
        }
        let client = TestClient(port: server.port)
        let kept = try client.get("/courses/?page=2")
        XCTAssertEqual(kept.status, 308)
        XCTAssertEqual(kept.headers["Location"], "/courses?page=2")
        await server.shutdown(gracePeriod: 1)
    }

    func testAHandlerCannotSendAnOffsiteLocation() async throws {
        let server = try startServer { router in
            router.get("/go") { request, _ in .redirect(to: request.query["next"] ?? "/") }
            router.get("/raw") { request, _ in Response(status: .found, headers: ["Location": request.query["next"] ?? "/"]) }
        }
        for path in ["/go", "/raw"] {
            for next in ["%2F%2Fevil.example", "%2F%5Cevil.example", "%5C%2Fevil.example", "%2F%09%2Fevil.example",
                         "%20%2F%2Fevil.example", "https%3A%2F%2Fevil.example"] {
                let client = TestClient(port: server.port)
                let reply = try client.get("\(path)?next=\(next)")
                XCTAssertEqual(reply.headers["Location"], "/", "\(path)?next=\(next)")
            }
            let client = TestClient(port: server.port)
            XCTAssertEqual(try client.get("\(path)?next=%2Fcourses").headers["Location"], "/courses")
        }
        await server.shutdown(gracePeriod: 1)
    }
}
