import Foundation
@testable import HTTPServer
@testable import LecternApp
@testable import Store
import Synchronization
import XCTest

/// The app's request context: the principal is resolved once per request and read from the
/// context; course and exercise access are resolved by group middleware, with one 404 and one 403
/// text wherever they are checked.
final class RequestContextTests: XCTestCase {
    private static let ada = Principal(user: User(id: 7, username: "ada", displayName: "Ada Lovelace", email: nil, isAdmin: false,
                                                  createdAt: Date(timeIntervalSince1970: 0)),
                                       credential: .bearerSession(tokenHash: [1, 2, 3]))

    private func respond(_ router: Router, _ method: HTTPMethod, _ target: String) async -> Response {
        var config = ServerConfiguration()
        config.metricsPath = nil
        let server = Server(router: router, configuration: config)
        let request = Request(method: method, target: target)
        return await server.respond(to: request, lookup: server.routes.lookup(method: method, path: request.path))
    }

    private func text(_ response: Response) -> String { String(decoding: response.bodyBytes ?? [], as: UTF8.self) }

    /// A router with the app's principal resolution and error pages, resolving everyone as Ada and
    /// counting how often it is asked.
    /// A count shared with `@Sendable` closures.
    private final class Tally: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    private func router(counting resolutions: Tally, principal: Principal? = RequestContextTests.ada) -> Router {
        let router = Router()
        router.use(PrincipalResolution { _ in
            resolutions.add()
            return principal
        })
        router.use(ErrorPageMiddleware(renderer: Application.errorRenderer))
        router.use(DomainErrorMiddleware())
        return router
    }

    func testThePrincipalIsResolvedOncePerRequestHoweverOftenItIsRead() async {
        let resolutions = Tally()
        let router = router(counting: resolutions)
        router.group(middleware: [RequireSignIn()]).get("/courses/:course/thing") { _, context in
            let first = try context.principal
            let again = try await context.optionalPrincipal
            XCTAssertEqual(first.user.username, again?.user.username)
            throw AccessError.noCourse(try context.parameters.require("course"))
        }
        let response = await respond(router, .get, "/courses/nope/thing")
        XCTAssertEqual(response.status, .notFound)
        XCTAssertTrue(text(response).contains("No course nope."), text(response))
        XCTAssertTrue(text(response).contains("Ada Lovelace"), "the error page's user area reads the same resolution")
        XCTAssertEqual(resolutions.value, 1, "sign-in check, handler and error page share one resolution")
    }

    func testRoutesThatNeverAskDoNotResolve() async {
        let resolutions = Tally()
        let router = router(counting: resolutions)
        router.get("/public") { _, _ in .text("public") }
        let response = await respond(router, .get, "/public")
        XCTAssertEqual(text(response), "public")
        XCTAssertEqual(resolutions.value, 0)
    }

    func testSignInIsRequiredBeforeTheHandlerRuns() async {
        let resolutions = Tally()
        let router = router(counting: resolutions, principal: nil)
        let ran = Tally()
        let signedIn = router.group(middleware: [RequireSignIn()])
        signedIn.get("/account/thing") { _, _ in ran.add(); return Response.text("ran") }
        signedIn.get("/api/thing") { _, _ in ran.add(); return Response.text("ran") }
        let page = await respond(router, .get, "/account/thing")
        XCTAssertEqual(page.status, .seeOther)
        XCTAssertEqual(page.headers["Location"], "/login?next=/account/thing")
        let api = await respond(router, .get, "/api/thing")
        XCTAssertEqual(api.status, .unauthorized)
        XCTAssertEqual(ran.value, 0)
    }

    func testAHandlerWithoutItsMiddlewareFailsLoudly() async {
        let resolutions = Tally()
        let router = router(counting: resolutions)
        router.get("/courses/:course/oops") { _, context in .text(try context.course.course.slug) }
        let response = await respond(router, .get, "/courses/cs193p/oops")
        XCTAssertEqual(response.status, .internalServerError, "a registration mistake is a 500, never a silent pass")
    }

    // MARK: Through the real server and database

    /// Staff routes of the converted controllers, pages and API.
    private static let staffRoutes: [(method: String, path: String)] = [
        ("GET", "/courses/COURSE/gradebook"),
        ("GET", "/api/courses/COURSE/gradebook"),
        ("GET", "/api/courses/COURSE/gradebook.csv"),
        ("GET", "/courses/COURSE/gradebook/exercises/corners"),
        ("POST", "/api/courses/COURSE/exercises/corners/regrades"),
    ]

    /// Routes that resolve the path's exercise.
    private static let exerciseRoutes: [(method: String, path: String)] = [
        ("GET", "/courses/cs193p/gradebook/exercises/EXERCISE"),
        ("POST", "/api/courses/cs193p/exercises/EXERCISE/regrades"),
    ]

    func testCourseAndStaffRefusalsAreTheSameEverywhere() async throws {
        let fixture = try await CourseworkFixture()
        var failures: [String] = []
        for route in Self.staffRoutes {
            for (actor, course, status, message) in [
                (CourseworkFixture.Actor.otherInstructor, "cs193p", 404, "No course cs193p."),
                (.instructor, "nope", 404, "No course nope."),
                (.studentA, "cs193p", 403, "Only the course's instructors can do this."),
            ] {
                let path = route.path.replacingOccurrences(of: "COURSE", with: course)
                let response = try fixture.send(actor, route.method, path)
                if response.status != status || !response.text.contains(message) {
                    failures.append("\(route.method) \(path) as \(actor): \(response.status) \(response.text.prefix(200))")
                }
            }
        }
        await fixture.stop()
        XCTAssertEqual(failures, [])
    }

    func testAMissingExerciseIsTheSame404Everywhere() async throws {
        let fixture = try await CourseworkFixture()
        var failures: [String] = []
        for route in Self.exerciseRoutes {
            let path = route.path.replacingOccurrences(of: "EXERCISE", with: "nope")
            let response = try fixture.send(.instructor, route.method, path)
            if response.status != 404 || !response.text.contains("No exercise nope in cs193p.") {
                failures.append("\(route.method) \(path): \(response.status) \(response.text.prefix(200))")
            }
        }
        await fixture.stop()
        XCTAssertEqual(failures, [])
    }
}
