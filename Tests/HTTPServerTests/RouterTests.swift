import XCTest
import HTTPServer

/// Routing decisions, without sockets.
final class RouterTests: XCTestCase {
    private func respond(_ router: Router, _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = HTTPHeaders()) async -> Response {
        var config = ServerConfiguration()
        config.metricsPath = nil
        let server = Server(router: router, configuration: config)
        return await server.handle(Request(method: method, target: target, headers: headers))
    }

    private func text(_ response: Response) -> String { String(decoding: response.bodyBytes ?? [], as: UTF8.self) }

    func testParametersLiteralsAndCatchAll() async {
        let router = Router()
        router.get("/lectures/:id") { _, c in .text("param \(c.parameters["id"] ?? "")") }
        router.get("/lectures/new") { _, _ in .text("literal") }
        router.get("/files/*path") { _, c in .text("rest \(c.parameters["path"] ?? "")") }
        router.get("/a/:x/b/:y") { _, c in .text(c.parameters.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: ",")) }
        let r1 = await respond(router, .get, "/lectures/new")
        XCTAssertEqual(text(r1), "literal")
        let r2 = await respond(router, .get, "/lectures/caf%C3%A9%20au%20lait")
        XCTAssertEqual(text(r2), "param café au lait")
        let r3 = await respond(router, .get, "/files/css/site.css")
        XCTAssertEqual(text(r3), "rest css/site.css")
        let r4 = await respond(router, .get, "/a/1/b/2?z=3")
        XCTAssertEqual(text(r4), "x=1,y=2")
        let r5 = await respond(router, .get, "/lectures/%ZZ")
        XCTAssertEqual(r5.status, .badRequest)
    }

    func testTrailingSlashPolicies() async {
        for (policy, expected) in [(TrailingSlashPolicy.redirect, 308), (.ignore, 200), (.strict, 404)] {
            let router = Router(trailingSlash: policy)
            router.get("/courses") { _, _ in .text("courses") }
            let response = await respond(router, .get, "/courses/?page=2")
            XCTAssertEqual(response.status.code, expected, "\(policy)")
            if policy == .redirect { XCTAssertEqual(response.headers["Location"], "/courses?page=2") }
        }
    }

    func testGroupsAndMiddlewareRunInOrder() async {
        let router = Router()
        let tag = { (name: String) in
            ClosureMiddleware { request, context, next in
                let response = try await next(request, context)
                return response.withHeader("X-Trace", name)
            }
        }
        router.use(tag("global"))
        let api = router.group("/api", middleware: [tag("api")])
        let admin = api.group("/admin", middleware: [tag("admin")])
        admin.get("/users") { _, _ in .text("users") }
        api.get("/") { _, _ in .text("api root") }
        let users = await respond(router, .get, "/api/admin/users")
        XCTAssertEqual(users.headers.values(for: "X-Trace"), ["admin", "api", "global"], "innermost adds its header first")
        let root = await respond(router, .get, "/api")
        XCTAssertEqual(text(root), "api root")
    }

    func testRouterMiddlewareSeesUnmatchedRequestsAndThrownErrors() async {
        let router = Router()
        router.use(ClosureMiddleware { request, context, next in
            do {
                return try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                return .text("custom 404 for \(request.path)", status: .notFound)
            }
        })
        router.get("/gone") { _, _ in throw HTTPError.notFound() }
        let missing = await respond(router, .get, "/nowhere")
        XCTAssertEqual(missing.status, .notFound)
        XCTAssertEqual(text(missing), "custom 404 for /nowhere")
        let gone = await respond(router, .get, "/gone")
        XCTAssertEqual(text(gone), "custom 404 for /gone")
    }

    enum User: ContextKey { typealias Value = String }

    func testMiddlewarePassesValuesThroughTheContext() async {
        let router = Router()
        router.use(ClosureMiddleware { request, context, next in
            guard let name = request.headers["X-User"] else { throw HTTPError.unauthorized() }
            var context = context
            context[User.self] = name
            return try await next(request, context)
        })
        router.get("/me") { _, c in .text(c[User.self] ?? "nobody") }
        let me = await respond(router, .get, "/me", headers: ["X-User": "ada"])
        XCTAssertEqual(text(me), "ada")
        let anonymous = await respond(router, .get, "/me")
        XCTAssertEqual(anonymous.status, .unauthorized)
    }

    func testMethodNotAllowedListsAllowedMethods() async {
        let router = Router()
        router.get("/x") { _, _ in .text("get") }
        router.put("/x") { _, _ in .text("put") }
        let response = await respond(router, .post, "/x")
        XCTAssertEqual(response.status, .methodNotAllowed)
        XCTAssertEqual(response.headers["Allow"], "GET, HEAD, OPTIONS, PUT")
        let head = await respond(router, .head, "/x")
        XCTAssertEqual(text(head), "get", "HEAD runs the GET handler; the server drops the body")
    }
}
