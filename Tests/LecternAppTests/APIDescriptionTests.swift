import Foundation
import HTTPServer
import JSON
@testable import LecternApp
import XCTest

/// The OpenAPI description against the code: every `/api/...` route the router has is described
/// (under `/api/v1/`), every described operation is routed, and the document is the one served.
final class APIDescriptionTests: XCTestCase {
    private struct Operation: Hashable, CustomStringConvertible {
        let method: String
        let path: String
        var description: String { "\(method) \(path)" }
    }

    /// `/api/courses/:course/lectures` → `/api/v1/courses/{course}/lectures`.
    private static func described(_ pattern: String) -> String {
        let versioned = pattern.hasPrefix(APIPath.versionPrefix) ? pattern : APIPath.versionPrefix + pattern.dropFirst(APIPath.prefix.count)
        return versioned.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }

    private static func documentedOperations() throws -> Set<Operation> {
        let document = try OpenAPIDocument.assembled.get()
        var operations: Set<Operation> = []
        for (path, item) in try XCTUnwrap(document["paths"]?.objectValue) {
            for (method, _) in try XCTUnwrap(item.objectValue) where APIDocsPage.methods.contains(method) {
                operations.insert(Operation(method: method.uppercased(), path: path))
            }
        }
        return operations
    }

    func testEveryAPIRouteIsDescribedAndEveryDescribedOperationIsRouted() async throws {
        let fixture = try await CourseworkFixture()
        let router = Application.makeRouter(fixture.app.context)
        await fixture.stop()

        let apiRoutes = router.routes.filter { $0.pattern.hasPrefix(APIPath.prefix) }
        XCTAssertGreaterThan(apiRoutes.count, 40, "the router's table has the API routes")
        let routed = Set(apiRoutes.map { Operation(method: $0.method.rawValue, path: Self.described($0.pattern)) })
        let documented = try Self.documentedOperations()

        let undocumented = routed.subtracting(documented).map(\.description).sorted()
        XCTAssertEqual(undocumented, [], "routes missing from the OpenAPI document (describe them in an OpenAPIPart)")
        let unrouted = documented.subtracting(routed).map(\.description).sorted()
        XCTAssertEqual(unrouted, [], "operations described but not routed")

        // Every route answers both with and without the version.
        let patterns = Set(apiRoutes.map { "\($0.method.rawValue) \($0.pattern)" })
        for route in apiRoutes where !route.pattern.hasPrefix(APIPath.versionPrefix) {
            let versioned = APIPath.versionPrefix + route.pattern.dropFirst(APIPath.prefix.count)
            XCTAssertTrue(patterns.contains("\(route.method.rawValue) \(versioned)"), "no /api/v1 alias of \(route.pattern)")
        }
    }

    func testTheRouteTableTestSeesARouteThatIsNotDescribed() throws {
        let router = Router()
        router.get("/api/courses") { _, _ in .status(.ok) }
        router.get("/api/not-described/:id") { _, _ in .status(.ok) }
        router.alias(APIPath.prefix, as: APIPath.versionPrefix)
        let routed = Set(router.routes.map { Operation(method: $0.method.rawValue, path: Self.described($0.pattern)) })
        let missing = routed.subtracting(try Self.documentedOperations())
        XCTAssertEqual(missing, [Operation(method: "GET", path: "/api/v1/not-described/{id}")])
        XCTAssertEqual(router.routes.map(\.pattern), ["/api/courses", "/api/not-described/:id", "/api/v1/courses", "/api/v1/not-described/:id"])
    }

    func testTheDocumentIsServedAsAssembledAndItsDocsPageHasNoScript() async throws {
        let fixture = try await CourseworkFixture()
        let plain = try fixture.send(.anonymous, "GET", "/api/openapi.json")
        let versioned = try fixture.send(.anonymous, "GET", "/api/v1/openapi.json")
        let tag = try XCTUnwrap(plain.header("ETag"))
        let again = try fixture.client.send("GET", "/api/openapi.json", headers: ["If-None-Match": tag])
        let page = try fixture.send(.anonymous, "GET", "/api/docs")
        await fixture.stop()

        XCTAssertEqual(plain.status, 200)
        XCTAssertEqual(plain.body, try OpenAPIDocument.bytes.get())
        XCTAssertEqual(versioned.body, plain.body)
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        let document = try XCTUnwrap(try plain.object() as [String: Any])
        XCTAssertEqual(document["openapi"] as? String, "3.1.0")
        let schemes = (document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any]
        XCTAssertEqual(Set(schemes?.keys.map { $0 } ?? []), ["bearer", "session"])

        XCTAssertEqual(page.status, 200)
        XCTAssertFalse(page.text.contains("<script"), "no scripts: the page works under default-src 'self'")
        XCTAssertTrue(page.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
        for operation in try Self.documentedOperations() {
            XCTAssertTrue(page.text.contains("\(operation.method) \(operation.path)"), "the page lists \(operation)")
        }
        XCTAssertTrue(page.text.contains("a token with the staff scope"), "the page says which scope each operation needs")
    }
}
