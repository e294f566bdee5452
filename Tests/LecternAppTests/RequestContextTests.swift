import Foundation
@testable import HTTPServer
import HTTPTesting
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
        return await server.handle(Request(method: method, target: target))
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
        ("GET", "/api/courses/COURSE/gradebook/canvas.csv"),
        ("GET", "/courses/COURSE/gradebook/exercises/corners"),
        ("POST", "/api/courses/COURSE/exercises/corners/regrades"),
        ("PUT", "/api/courses/COURSE/exercises/corners/policy"),
        ("POST", "/api/courses/COURSE/enrollments"),
        ("GET", "/courses/COURSE/audit"),
        ("GET", "/api/courses/COURSE/audit"),
        ("GET", "/courses/COURSE/edit"),
        ("GET", "/courses/COURSE/time"),
        ("PUT", "/api/courses/COURSE/settings"),
        ("GET", "/api/courses/COURSE/accommodations"),
        ("GET", "/courses/COURSE/regrade-requests"),
        ("GET", "/api/courses/COURSE/regrade-requests"),
        ("PUT", "/api/courses/COURSE/exercises/corners/regrade-cutoff"),
        ("GET", "/courses/COURSE/analytics"),
        ("GET", "/api/courses/COURSE/exercises/corners/analytics"),
        ("GET", "/courses/COURSE/exercises/corners/similarity"),
        ("GET", "/api/courses/COURSE/similarity?exercise=corners"),
    ]

    /// Routes that resolve an exercise of the course.
    private static let exerciseRoutes: [(method: String, path: String)] = [
        ("GET", "/courses/cs193p/gradebook/exercises/EXERCISE"),
        ("POST", "/api/courses/cs193p/exercises/EXERCISE/regrades"),
        ("PUT", "/api/courses/cs193p/exercises/EXERCISE/policy"),
        ("POST", "/api/courses/cs193p/exercises/EXERCISE/extensions"),
        ("PUT", "/api/courses/cs193p/exercises/EXERCISE/regrade-cutoff"),
        ("GET", "/api/courses/cs193p/exercises/EXERCISE/analytics"),
        ("GET", "/api/courses/cs193p/exercises/EXERCISE/analytics.csv"),
        ("GET", "/courses/cs193p/exercises/EXERCISE/analytics"),
        ("GET", "/courses/cs193p/exercises/EXERCISE/similarity"),
        ("GET", "/api/courses/cs193p/similarity?exercise=EXERCISE"),
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

    func testEachFormChecksItsTokenWhereItAlwaysHas() async throws {
        let fixture = try await CourseworkFixture()
        let other = try fixture.browserSignIn(username: "otto")
        let student = try fixture.browserSignIn(username: "bob")
        let formType = "application/x-www-form-urlencoded"
        func post(_ session: (cookie: String, csrf: String), _ path: String, _ body: String) throws -> TestResponse {
            try fixture.client.send("POST", path, headers: ["Cookie": session.cookie, "Content-Type": formType], body: Array(body.utf8))
        }
        // The roster form checks its token before the course; the policy form after the course and the staff check.
        let rosterForeign = try post(other, "/courses/cs193p/roster", "csv=x%2CX%2C")
        let policyForeign = try post(other, "/courses/cs193p/exercises/corners/policy", "scorePolicy=best")
        let policyStudent = try post(student, "/courses/cs193p/exercises/corners/policy", "scorePolicy=best")
        let policyMissing = try post(student, "/courses/cs193p/exercises/nope/policy", "scorePolicy=best")
        let withToken = try post(student, "/courses/cs193p/exercises/corners/policy", "scorePolicy=best&csrf=\(student.csrf)")
        await fixture.stop()
        XCTAssertEqual(rosterForeign.status, 403, rosterForeign.text)
        XCTAssertTrue(rosterForeign.text.contains("did not come from this site"), rosterForeign.text)
        XCTAssertEqual(policyForeign.status, 404, policyForeign.text)
        XCTAssertTrue(policyForeign.text.contains("No course cs193p."), policyForeign.text)
        XCTAssertEqual(policyStudent.status, 403)
        XCTAssertTrue(policyStudent.text.contains("instructors can do this"), policyStudent.text)
        XCTAssertEqual(policyMissing.status, 403, "the staff check comes before the exercise is looked up")
        XCTAssertEqual(withToken.status, 403, "a student with the right token is still no instructor")
        XCTAssertTrue(withToken.text.contains("instructors can do this"), withToken.text)
    }

    func testRefusedBulkExtensionsAreAProblemNamingEachRow() async throws {
        let fixture = try await CourseworkFixture()
        let response = try fixture.send(.instructor, "POST", "/api/courses/cs193p/extensions", contentType: "text/csv",
                                        body: "username,exercise,dueAt,closesAt,reason\nnobody,corners,2030-01-01T00:00,,\n")
        await fixture.stop()
        XCTAssertEqual(response.status, 422, response.text)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
        let problem = try response.object()
        XCTAssertEqual(problem["code"] as? String, "invalid_extensions")
        let errors = try XCTUnwrap(problem["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.first?["line"] as? Int, 2, response.text)
    }
}
