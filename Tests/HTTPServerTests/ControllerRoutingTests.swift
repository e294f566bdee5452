import XCTest
import HTTPServer

/// What controllers are built from: named handlers (`use:`), groups that only add middleware, and
/// errors that know their own answer (``HTTPResponseError``), without sockets.
final class ControllerRoutingTests: XCTestCase {
    private func respond(_ router: Router, _ method: HTTPMethod, _ target: String,
                         headers: HTTPHeaders = HTTPHeaders()) async -> Response {
        var config = ServerConfiguration()
        config.metricsPath = nil
        let server = Server(router: router, configuration: config)
        return await server.handle(Request(method: method, target: target, headers: headers))
    }

    private func text(_ response: Response) -> String { String(decoding: response.bodyBytes ?? [], as: UTF8.self) }

    enum Shelf: ContextKey { typealias Value = String }

    /// A controller in miniature: state resolved once, routes listed, one method per route.
    struct BookController: Sendable {
        let greeting: String

        func addRoutes(to router: Router) {
            let shelved = router.group(middleware: [ShelfMiddleware()])
            shelved.get("/shelves/:shelf/books/:id", use: show)
            shelved.post("/shelves/:shelf/books", maxBodyBytes: 8, use: create)
            router.delete("/books/:id", use: remove)
            router.put("/books/:id", use: replace)
            router.patch("/books/:id", use: replace)
        }

        func show(_ request: Request, context: RequestContext) async throws -> Response {
            .text("\(greeting) \(try context.parameters.int("id")) on \(context[Shelf.self] ?? "?")")
        }

        func create(_ request: Request, context: RequestContext) async throws -> Response {
            .text("created on \(context[Shelf.self] ?? "?")", status: .created)
        }

        func remove(_ request: Request, context: RequestContext) async throws -> Response {
            throw BookError.checkedOut(returnsIn: 3)
        }

        func replace(_ request: Request, context: RequestContext) async throws -> Response {
            .text("\(request.method.rawValue) \(context.route ?? "")")
        }
    }

    /// Resolves the `:shelf` parameter into the context once, for every route of its group.
    struct ShelfMiddleware: Middleware {
        func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
            let name = try context.parameters.require("shelf")
            guard name != "missing" else { throw BookError.noShelf(name) }
            var context = context
            context[Shelf.self] = name.uppercased()
            return try await next(request, context)
        }
    }

    /// A domain error with its own answer.
    enum BookError: HTTPResponseError {
        case noShelf(String)
        case checkedOut(returnsIn: Int)

        var status: HTTPStatus {
            switch self {
            case .noShelf: .notFound
            case .checkedOut: .conflict
            }
        }

        var message: String {
            switch self {
            case .noShelf(let name): "No shelf \(name)."
            case .checkedOut: "The book is checked out."
            }
        }

        var headers: HTTPHeaders {
            guard case .checkedOut(let days) = self else { return HTTPHeaders() }
            var headers = HTTPHeaders()
            headers.add("Retry-After", String(days * 86_400))
            return headers
        }
    }

    func testNamedHandlersReadWhatTheirGroupsMiddlewareResolved() async {
        let router = Router()
        BookController(greeting: "book").addRoutes(to: router)
        let shown = await respond(router, .get, "/shelves/poetry/books/7")
        XCTAssertEqual(shown.status, .ok)
        XCTAssertEqual(text(shown), "book 7 on POETRY")
        let created = await respond(router, .post, "/shelves/prose/books")
        XCTAssertEqual(created.status, .created)
        XCTAssertEqual(text(created), "created on PROSE")
        let put = await respond(router, .put, "/books/1")
        XCTAssertEqual(text(put), "PUT /books/:id")
        let patch = await respond(router, .patch, "/books/1")
        XCTAssertEqual(text(patch), "PATCH /books/:id")
        XCTAssertEqual(router.routes.map { "\($0.method.rawValue) \($0.pattern)" },
                       ["GET /shelves/:shelf/books/:id", "POST /shelves/:shelf/books", "DELETE /books/:id", "PUT /books/:id",
                        "PATCH /books/:id"],
                       "a group without a prefix keeps each route's full path")
    }

    func testAGroupWithoutAPrefixOnlyWrapsItsOwnRoutes() async {
        let router = Router()
        BookController(greeting: "book").addRoutes(to: router)
        let missing = await respond(router, .get, "/shelves/missing/books/1")
        XCTAssertEqual(missing.status, .notFound)
        XCTAssertTrue(text(missing).contains("No shelf missing."), text(missing))
        let outside = await respond(router, .put, "/books/1")
        XCTAssertEqual(outside.status, .ok, "routes registered on the router itself get none of the group's middleware")
    }

    func testNestedGroupsWithoutPrefixesStackMiddlewareInOrder() async {
        let router = Router()
        let tag = { (name: String) in
            ClosureMiddleware { request, context, next in try await next(request, context).withHeader("X-Trace", name) }
        }
        let outer = router.group(middleware: [tag("outer")])
        outer.group(middleware: [tag("inner")]).get("/a/b") { _, _ in .text("ab") }
        outer.group("/c", middleware: [tag("prefixed")]).get("/d") { _, _ in .text("cd") }
        let ab = await respond(router, .get, "/a/b")
        XCTAssertEqual(ab.headers.values(for: "X-Trace"), ["inner", "outer"])
        let cd = await respond(router, .get, "/c/d")
        XCTAssertEqual(text(cd), "cd")
        XCTAssertEqual(cd.headers.values(for: "X-Trace"), ["prefixed", "outer"])
    }

    func testAnErrorThatKnowsItsAnswerIsRenderedAtTheEdge() async {
        let router = Router()
        BookController(greeting: "book").addRoutes(to: router)
        let html = await respond(router, .delete, "/books/1")
        XCTAssertEqual(html.status, .conflict)
        XCTAssertEqual(html.headers["Retry-After"], "259200")
        XCTAssertTrue(text(html).contains("The book is checked out."), text(html))
        let problem = await respond(router, .delete, "/books/1", headers: ["Accept": "application/json"])
        XCTAssertEqual(problem.status, .conflict)
        XCTAssertEqual(problem.contentType, ErrorRenderer.problemMediaType)
        XCTAssertTrue(text(problem).contains(#""code":"conflict""#), text(problem))
        XCTAssertTrue(text(problem).contains("The book is checked out."), text(problem))
    }

    func testHTTPErrorOfAnyResponseErrorKeepsEveryPart() {
        let converted = HTTPError(BookError.checkedOut(returnsIn: 1))
        XCTAssertEqual(converted.status, .conflict)
        XCTAssertEqual(converted.code, "conflict", "the default code comes from the status")
        XCTAssertEqual(converted.message, "The book is checked out.")
        XCTAssertEqual(converted.headers["Retry-After"], "86400")
        XCTAssertEqual(converted.errors, [])
        let original = HTTPError(.badRequest, code: "odd", message: "Odd.", errors: [HTTPError.FieldError(field: "x", message: "bad")])
        let same = HTTPError(original as any HTTPResponseError)
        XCTAssertEqual(same.code, "odd")
        XCTAssertEqual(same.errors, original.errors)
    }
}
