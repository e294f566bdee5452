import Synchronization
import XCTest
import HTTPServer

/// A route-scoped middleware is built into the chains of the routes it applies to only; requests
/// that match no route still pass through it, and the order of the others is kept.
final class RouteScopedMiddlewareTests: XCTestCase {
    /// Counts the requests it sees and marks their answers, for routes under `/api/`.
    final class APIOnly: RouteScopedMiddleware {
        let seen = Mutex<[String]>([])

        func applies(toRoute pattern: String) -> Bool { pattern.hasPrefix("/api/") }

        func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
            seen.withLock { $0.append(request.path) }
            var response = try await next(request, context)
            if request.path.hasPrefix("/api/") { response.headers.add("X-Scoped", "yes") }
            return response
        }
    }

    /// Appends its name to a header, to show where it ran in the chain.
    struct Tag: Middleware {
        let name: String
        func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
            var response = try await next(request, context)
            response.headers.add("X-Order", name)
            return response
        }
    }

    private func respond(_ router: Router, _ method: HTTPMethod, _ target: String) async -> Response {
        var config = ServerConfiguration()
        config.metricsPath = nil
        return await Server(router: router, configuration: config).handle(Request(method: method, target: target))
    }

    func testAScopedMiddlewareRunsOnlyForTheRoutesItAppliesToAndForUnmatchedRequests() async {
        let scoped = APIOnly()
        let router = Router()
        router.use(Tag(name: "first"))
        router.use(scoped)
        router.use(Tag(name: "last"))
        router.get("/api/items/:id") { _, context in .text("item \(context.parameters["id"] ?? "")") }
        router.get("/pages/:id") { _, context in .text("page \(context.parameters["id"] ?? "")") }
        router.get("/files/*path") { _, _ in .text("file") }

        let api = await respond(router, .get, "/api/items/7")
        XCTAssertEqual(api.headers["X-Scoped"], "yes")
        XCTAssertEqual(api.headers.values(for: "X-Order"), ["last", "first"], "the others keep their order")

        let page = await respond(router, .get, "/pages/7")
        XCTAssertEqual(String(decoding: page.bodyBytes ?? [], as: UTF8.self), "page 7")
        XCTAssertEqual(page.headers.values(for: "X-Order"), ["last", "first"])

        _ = await respond(router, .get, "/api/missing")        // 404: no route, so the whole chain
        _ = await respond(router, .post, "/api/items/7")       // 405: likewise
        _ = await respond(router, .get, "/files/api/x")        // a catch-all keeps every middleware
        XCTAssertEqual(scoped.seen.withLock { $0 }, ["/api/items/7", "/api/missing", "/api/items/7", "/files/api/x"],
                       "the page route's chain leaves the scoped middleware out")
    }
}
