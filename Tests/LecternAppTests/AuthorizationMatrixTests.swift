import Foundation
import LecternApp
import Store
import XCTest

/// Every route, as each kind of visitor, through the real server and a real database file:
/// students never see each other's work, instructors only their own course, and where existence
/// should not leak the answer is 404 rather than 403.
final class AuthorizationMatrixTests: XCTestCase {
    private typealias Actor = CourseworkFixture.Actor

    /// One route and the status each actor must get, in `Actor.allCases` order:
    /// anonymous, student A, student B, instructor, instructor of another course, admin.
    private struct Case {
        let method: String
        let path: String
        var contentType: String? = nil
        var body: String = ""
        let expected: [Int]
    }

    func testEveryRouteAnswersEachActorAsExpected() async throws {
        let fixture = try await CourseworkFixture()
        do {
            try await runMatrix(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testARefusedFieldIsA422NamingItNotA500() async throws {
        let fixture = try await CourseworkFixture()
        let response = try fixture.send(.admin, "POST", "/api/courses", contentType: "application/json",
                                        body: #"{"slug":"Not A Slug!","title":"Bad"}"#)
        let listed = try fixture.send(.admin, "GET", "/api/courses")
        await fixture.stop()
        XCTAssertEqual(response.status, 422, response.text)
        XCTAssertTrue(response.text.contains("invalid_slug"), response.text)
        XCTAssertFalse(listed.text.contains("Not A Slug"), "nothing was stored")
    }

    func testAdminsCreateCoursesWithTheFormOnTheCoursesPage() async throws {
        let fixture = try await CourseworkFixture()
        let formType = "application/x-www-form-urlencoded"
        let adminList = try fixture.send(.admin, "GET", "/courses")
        let instructorList = try fixture.send(.instructor, "GET", "/courses")
        let created = try fixture.send(.admin, "POST", "/courses", contentType: formType,
                                       body: "slug=cs101&title=Programming+%3Cbasics%3E&summary=Loops+and+lists")
        let home = try fixture.send(.studentA, "GET", "/courses/cs101")
        let duplicate = try fixture.send(.admin, "POST", "/courses", contentType: formType, body: "slug=cs101&title=Again")
        let malformed = try fixture.send(.admin, "POST", "/courses", contentType: formType, body: "slug=Not+A+Slug!&title=Bad")
        let audit = try fixture.send(.admin, "GET", "/api/courses/cs101/audit")
        let listed = try fixture.send(.admin, "GET", "/api/courses")
        await fixture.stop()

        XCTAssertTrue(adminList.text.contains(#"action="/courses""#), "admins get the form")
        XCTAssertFalse(instructorList.text.contains(#"action="/courses""#), "instructors do not")
        XCTAssertEqual(created.status, 303, created.text)
        XCTAssertEqual(created.header("Location"), "/courses/cs101")
        XCTAssertEqual(home.status, 200)
        XCTAssertTrue(home.text.contains("Programming &lt;basics&gt;"), "the title is stored and shown escaped")
        XCTAssertEqual(duplicate.status, 422, duplicate.text)
        XCTAssertTrue(duplicate.text.contains("already exists"), duplicate.text)
        XCTAssertEqual(malformed.status, 422, malformed.text)
        XCTAssertFalse(listed.text.contains("Not A Slug"), "nothing was stored")
        XCTAssertTrue(audit.text.contains("course.create"), audit.text)
    }

    private func runMatrix(_ fixture: CourseworkFixture) async throws {
        _ = try await AccountProvisioning.provision(NewUser(username: "nopass", displayName: "No Password"), password: nil,
                                                    courseSlug: "other", role: .instructor, database: fixture.app.context.database)
        let created = try fixture.submit(.studentA, try CourseworkFixture.reference())
        XCTAssertEqual(created.status, 201, created.text)
        let submission = try XCTUnwrap(created.object()["id"] as? Int)
        let dryRun = try fixture.send(.instructor, "POST", "/api/courses/cs193p/exercises/corners/regrades")
        XCTAssertEqual(dryRun.status, 202, dryRun.text)
        let run = try XCTUnwrap(dryRun.object()["id"] as? Int)
        _ = try fixture.waitForRegrade(run, status: "ready")

        let course = "/api/courses/cs193p"
        let exercise = "\(course)/exercises/corners"
        let json = "application/json"
        let cases: [Case] = [
            Case(method: "GET", path: "/api/health", expected: [200, 200, 200, 200, 200, 200]),
            Case(method: "GET", path: "/api/courses", expected: [200, 200, 200, 200, 200, 200]),
            Case(method: "GET", path: "/login", expected: [200, 303, 303, 303, 303, 303]),
            Case(method: "GET", path: "/api/me", expected: [401, 200, 200, 200, 200, 200]),
            Case(method: "GET", path: "/account", expected: [303, 200, 200, 200, 200, 200]),
            Case(method: "POST", path: "/account/tokens", contentType: "application/x-www-form-urlencoded", body: "name=ci",
                 expected: [303, 200, 200, 200, 200, 200]),
            Case(method: "POST", path: "/account/tokens/999999/revoke", contentType: "application/x-www-form-urlencoded",
                 expected: [303, 404, 404, 404, 404, 404]),
            Case(method: "GET", path: "/courses/cs193p/exercises/corners", expected: [303, 200, 200, 200, 404, 200]),
            Case(method: "GET", path: "/courses/other/exercises/corners", expected: [303, 404, 404, 404, 404, 404]),
            Case(method: "GET", path: "/courses/nope/exercises/corners", expected: [303, 404, 404, 404, 404, 404]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners", contentType: "application/x-www-form-urlencoded",
                 body: "text=H%3A%7C-%5Bthing1%5D", expected: [303, 303, 303, 303, 404, 303]),
            Case(method: "GET", path: "/submissions/\(submission)", expected: [303, 200, 404, 200, 404, 200]),
            Case(method: "GET", path: "/submissions/999999", expected: [303, 404, 404, 404, 404, 404]),
            Case(method: "GET", path: "/api/submissions/\(submission)", expected: [401, 200, 404, 200, 404, 200]),
            Case(method: "POST", path: "/api/submissions/\(submission)/verify", expected: [401, 200, 404, 200, 404, 200]),
            Case(method: "POST", path: "\(exercise)/submissions", contentType: "text/plain", body: "V:|-[thing1]",
                 expected: [401, 201, 201, 201, 404, 201]),
            Case(method: "GET", path: "\(exercise)/submissions?user=me", expected: [401, 200, 200, 200, 404, 200]),
            Case(method: "GET", path: "\(exercise)/submissions?user=alice", expected: [401, 200, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/gradebook", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(course)/gradebook", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(course)/gradebook.csv", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/gradebook/students/alice", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/gradebook/exercises/corners", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/api/regrades/\(run)", expected: [401, 404, 404, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/regrades/\(run)", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/api/regrades/\(run)/discard", expected: [401, 404, 404, 202, 404, 409]),
            Case(method: "POST", path: "/api/regrades/\(run)/apply", expected: [401, 404, 404, 409, 404, 409]),
            Case(method: "POST", path: "/courses/cs193p/regrades/\(run)/apply", contentType: "application/x-www-form-urlencoded",
                 expected: [303, 403, 403, 409, 404, 409]),
            Case(method: "POST", path: "\(exercise)/regrades", expected: [401, 403, 403, 202, 404, 202]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/regrades", contentType: "application/x-www-form-urlencoded",
                 expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "PUT", path: "\(exercise)/policy", contentType: json, body: #"{"scorePolicy":"best"}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/policy", contentType: "application/x-www-form-urlencoded",
                 body: "maxAttempts=&scorePolicy=best", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/extensions", contentType: "application/x-www-form-urlencoded",
                 body: "username=bob&dueAt=2030-01-01T00%3A00", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "\(exercise)/extensions", contentType: json, body: #"{"username":"bob","dueAt":"2030-01-01T00:00:00Z"}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            // Late days, accommodations, bulk extensions.
            Case(method: "GET", path: "\(course)/settings", expected: [401, 200, 200, 200, 404, 200]),
            Case(method: "PUT", path: "\(course)/settings", contentType: json, body: #"{"lateDays":2}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "/courses/cs193p/late-days", contentType: "application/x-www-form-urlencoded", body: "lateDays=3",
                 expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "GET", path: "/courses/cs193p/time", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(course)/accommodations", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "PUT", path: "\(course)/accommodations/bob", contentType: json, body: #"{"extraMinutes":30}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "/courses/cs193p/accommodations", contentType: "application/x-www-form-urlencoded",
                 body: "username=bob&timeMultiplier=1.25", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "\(course)/extensions", contentType: "text/csv",
                 body: "username,exercise,dueAt,closesAt,reason\nbob,corners,2030-01-01T00:00,,\n", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/extensions", contentType: "application/x-www-form-urlencoded",
                 body: "csv=username%2Cexercise%2CdueAt%2CclosesAt%2Creason%0Abob%2Ccorners%2C2030-01-01T00%3A00%2C%2C",
                 expected: [303, 403, 403, 200, 404, 200]),
            // Analytics, similarity, LMS exports.
            Case(method: "GET", path: "\(exercise)/analytics", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(exercise)/analytics.csv", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/exercises/corners/analytics", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/analytics", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(course)/similarity?exercise=corners", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/exercises/corners/similarity", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(course)/gradebook/canvas.csv", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "\(course)/gradebook/moodle.csv", expected: [401, 403, 403, 200, 404, 200]),
            // Regrade requests: only the submission's owner asks; the course's instructors answer (request 1 is alice's first).
            Case(method: "POST", path: "/api/submissions/\(submission)/regrade-requests", contentType: json, body: #"{"message":"Please look."}"#,
                 expected: [401, 201, 404, 403, 404, 403]),
            Case(method: "POST", path: "/submissions/\(submission)/regrade-requests", contentType: "application/x-www-form-urlencoded",
                 body: "message=Again", expected: [303, 303, 404, 403, 404, 403]),
            Case(method: "GET", path: "\(course)/regrade-requests", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/regrade-requests", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "\(course)/regrade-requests/1/answer", contentType: json, body: #"{"reply":"Seen."}"#,
                 expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/regrade-requests/1/answer", contentType: "application/x-www-form-urlencoded",
                 body: "reply=Seen&regrade=none", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "\(course)/regrade-requests/999/answer", contentType: json, body: #"{"reply":"Seen."}"#,
                 expected: [401, 403, 403, 404, 404, 404]),
            Case(method: "PUT", path: "\(exercise)/regrade-cutoff", contentType: json, body: #"{"closesAt":null}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/regrade-cutoff", contentType: "application/x-www-form-urlencoded",
                 body: "closesAt=", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "\(course)/enrollments", contentType: json, body: #"{"username":"bob","role":"student"}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "\(course)/roster", contentType: "text/csv", body: "username,name,email\ncarol,Carol,\n",
                 expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/roster", contentType: "application/x-www-form-urlencoded",
                 body: "csv=dora%2CDora%2C", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/metrics", expected: [401, 403, 403, 403, 403, 200]),
            Case(method: "GET", path: "/", expected: [200, 200, 200, 200, 200, 200]),
            Case(method: "GET", path: "/my-work", expected: [303, 200, 200, 200, 200, 200]),
            Case(method: "GET", path: "/courses/cs193p/edit", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/edit", contentType: "application/x-www-form-urlencoded",
                 body: "title=Sample+course&summary=Edited", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "/courses/cs193p/edit", contentType: "application/x-www-form-urlencoded",
                 body: "title=&summary=x", expected: [303, 403, 403, 422, 404, 422]),
            Case(method: "GET", path: "/set-password?token=0123", expected: [404, 404, 404, 404, 404, 404]),
            Case(method: "POST", path: "/set-password", contentType: "application/x-www-form-urlencoded",
                 body: "token=0123&password=a+long+enough+password", expected: [404, 404, 404, 404, 404, 404]),
            Case(method: "GET", path: "\(course)/audit", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/audit", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "PUT", path: "\(course)/lectures/1", contentType: json, body: #"{"title":"One"}"#,
                 expected: [401, 403, 403, 201, 404, 200]),
            Case(method: "PUT", path: "/api/courses/nope/lectures/1", contentType: json, body: #"{"title":"One"}"#,
                 expected: [401, 404, 404, 404, 404, 404]),
            Case(method: "GET", path: "/courses/cs193p/lectures/new", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/lectures/new", contentType: "application/x-www-form-urlencoded",
                 body: "number=2&title=Two", expected: [303, 403, 403, 201, 404, 409]),
            Case(method: "DELETE", path: "\(course)/lectures/2", expected: [401, 403, 403, 204, 404, 404]),
            Case(method: "GET", path: "/courses/cs193p/lectures/1/edit", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/lectures/99/edit", expected: [303, 403, 403, 404, 404, 404]),
            Case(method: "POST", path: "/courses/cs193p/lectures/1/edit", contentType: "application/x-www-form-urlencoded",
                 body: "title=One+again", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "PUT", path: "\(course)/lectures/3", contentType: json,
                 body: #"{"title":"Three","captions":{"text":"0:01 one\n0:02 two\n0:03 three"}}"#,
                 expected: [401, 403, 403, 201, 404, 200]),
            Case(method: "PATCH", path: "\(course)/lectures/3/cues/0", contentType: json, body: #"{"text":"corrected"}"#,
                 expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "PATCH", path: "\(course)/lectures/3/cues/9", contentType: json, body: #"{"text":"corrected"}"#,
                 expected: [401, 403, 403, 404, 404, 404]),
            Case(method: "POST", path: "/courses/cs193p/lectures/3/cues/1", contentType: "application/x-www-form-urlencoded",
                 body: "text=fixed", expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "\(course)/captions/replace", contentType: json, body: #"{"find":"two","replace":"2"}"#,
                 expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/courses/cs193p/captions/replace", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/captions/replace", contentType: "application/x-www-form-urlencoded",
                 body: "find=two&replace=2&preview=1", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "PUT", path: "\(course)/lectures/3/captions/es", contentType: "text/vtt",
                 body: "WEBVTT\n\n00:01.000 --> 00:02.000\nuno\n", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "DELETE", path: "\(course)/lectures/3/captions/es", expected: [401, 403, 403, 204, 404, 404]),
            // The versioned paths answer exactly as the paths they alias.
            Case(method: "GET", path: "/api/v1/me", expected: [401, 200, 200, 200, 200, 200]),
            Case(method: "POST", path: "/api/v1/courses/cs193p/exercises/corners/submissions", contentType: "text/plain",
                 body: "V:|-[thing1]-|", expected: [401, 201, 201, 201, 404, 201]),
            Case(method: "GET", path: "/api/v1/courses/cs193p/gradebook", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/api/v1/courses/cs193p/exercises/corners/regrades", expected: [401, 403, 403, 202, 404, 202]),
            Case(method: "PUT", path: "/api/v1/courses/cs193p/exercises/corners/policy", contentType: json, body: #"{"scorePolicy":"best"}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "/api/v1/courses/cs193p/enrollments", contentType: json, body: #"{"username":"bob","role":"student"}"#,
                 expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "PATCH", path: "/api/v1/courses/cs193p/lectures/3/cues/0", contentType: json, body: #"{"text":"again"}"#,
                 expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "DELETE", path: "/api/v1/courses/cs193p/lectures/3/captions/es", expected: [401, 403, 403, 404, 404, 404]),
            Case(method: "GET", path: "/api/v1/courses/cs193p/audit", expected: [401, 403, 403, 200, 404, 200]),
            Case(method: "GET", path: "/api/docs", expected: [200, 200, 200, 200, 200, 200]),
            Case(method: "GET", path: "/api/v1/openapi.json", expected: [200, 200, 200, 200, 200, 200]),
            // LTI: the key set is public; login and launch are cross-site and need a registered
            // platform and a login state, whoever asks; the rest is for admins or the course's staff.
            Case(method: "GET", path: "/.well-known/jwks.json", expected: [200, 200, 200, 200, 200, 200]),
            Case(method: "POST", path: "/lti/login", contentType: "application/x-www-form-urlencoded",
                 body: "iss=https%3A%2F%2Fnowhere.example&login_hint=x&target_link_uri=y", expected: [400, 400, 400, 400, 400, 400]),
            Case(method: "POST", path: "/lti/launch", contentType: "application/x-www-form-urlencoded", body: "id_token=x&state=y",
                 expected: [401, 401, 401, 401, 401, 401]),
            Case(method: "GET", path: "/lti/deep-link?request=nope", expected: [303, 404, 404, 404, 404, 404]),
            Case(method: "POST", path: "/lti/deep-link", contentType: "application/x-www-form-urlencoded", body: "request=nope&exercise=corners",
                 expected: [303, 404, 404, 404, 404, 404]),
            Case(method: "GET", path: "/admin/lti", expected: [303, 403, 403, 403, 403, 200]),
            Case(method: "POST", path: "/admin/lti/platforms", contentType: "application/x-www-form-urlencoded",
                 body: "issuer=https%3A%2F%2Flms.example&clientId=c&deploymentId=d&authUrl=https%3A%2F%2Flms.example%2Fauth"
                    + "&tokenUrl=https%3A%2F%2Flms.example%2Ftoken&jwksUrl=https%3A%2F%2Flms.example%2Fjwks",
                 expected: [303, 403, 403, 403, 403, 303]),
            Case(method: "POST", path: "/admin/lti/platforms", contentType: "application/x-www-form-urlencoded",
                 body: "issuer=http%3A%2F%2Flms.example&clientId=c&deploymentId=d&authUrl=a&tokenUrl=b&jwksUrl=c",
                 expected: [303, 403, 403, 403, 403, 422]),
            Case(method: "POST", path: "/admin/lti/platforms/999999/remove", contentType: "application/x-www-form-urlencoded",
                 expected: [303, 403, 403, 403, 403, 404]),
            Case(method: "GET", path: "/courses/cs193p/lti", expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/lti/retry", contentType: "application/x-www-form-urlencoded",
                 expected: [303, 403, 403, 200, 404, 200]),
            Case(method: "POST", path: "/courses/cs193p/lti/roster", contentType: "application/x-www-form-urlencoded",
                 expected: [303, 403, 403, 409, 404, 409]),
        ]
        for testCase in cases {
            for (actor, expected) in zip(Actor.allCases, testCase.expected) {
                let response = try fixture.send(actor, testCase.method, testCase.path, contentType: testCase.contentType, body: testCase.body)
                XCTAssertEqual(response.status, expected,
                               "\(testCase.method) \(testCase.path) as \(actor): \(response.text.prefix(300))")
            }
        }
        // Rosters that name an existing account without a password never hand out a link to it.
        for actor in Actor.allCases {
            let roster = try fixture.send(actor, "POST", "\(course)/roster", contentType: "text/csv", body: "nopass,No Password,\n")
            XCTAssertFalse(roster.text.contains("set-password"), "roster as \(actor): \(roster.text)")
            let enrol = try fixture.send(actor, "POST", "\(course)/enrollments", contentType: json, body: #"{"username":"nopass","role":"student"}"#)
            XCTAssertFalse(enrol.text.contains("set-password"), "enrolment as \(actor): \(enrol.text)")
        }
        // Creating a course: admins only (each admin request needs a fresh slug), by API or by form.
        for (index, actor) in Actor.allCases.enumerated() {
            let body = #"{"slug":"new-\#(index)","title":"New course \#(index)"}"#
            let response = try fixture.send(actor, "POST", "/api/courses", contentType: json, body: body)
            XCTAssertEqual(response.status, [401, 403, 403, 403, 403, 201][index], "POST /api/courses as \(actor): \(response.text)")
            let form = try fixture.send(actor, "POST", "/courses", contentType: "application/x-www-form-urlencoded",
                                        body: "slug=form-\(index)&title=Form+course+\(index)")
            XCTAssertEqual(form.status, [303, 403, 403, 403, 403, 303][index], "POST /courses as \(actor): \(form.text)")
        }
        try runAuthoringMatrix(fixture)
        // Signing out ends each session (last: nothing works after it).
        for (actor, expected) in zip(Actor.allCases, [401, 204, 204, 204, 204, 204]) {
            XCTAssertEqual(try fixture.send(actor, "DELETE", "/api/session").status, expected, "DELETE /api/session as \(actor)")
            XCTAssertEqual(try fixture.send(actor, "GET", "/api/me").status, 401, "signed out: \(actor)")
        }
    }

    /// The exercise editor's routes and API: the course's instructors and admins only.
    private func runAuthoringMatrix(_ fixture: CourseworkFixture) throws {
        let course = "/api/courses/cs193p"
        let exercise = "\(course)/exercises/corners"
        let json = "application/json"
        let formType = "application/x-www-form-urlencoded"
        let corners = try ExerciseAuthoringTests.encode(try ExerciseAuthoringTests.cornersBody(slug: "corners"))
        let staffOnly = [401, 403, 403, 200, 404, 200]
        let staffPages = [303, 403, 403, 200, 404, 200]
        let preview = "action=preview&points=100&lectureNumber=1&scenarios=%5B%5D"
        let cases: [Case] = [
            Case(method: "GET", path: exercise, expected: staffOnly),
            Case(method: "GET", path: "\(course)/exercises/nope", expected: [401, 403, 403, 404, 404, 404]),
            Case(method: "PUT", path: exercise, contentType: json, body: corners, expected: staffOnly),
            Case(method: "POST", path: "\(course)/exercise-preview", contentType: json, body: corners, expected: staffOnly),
            Case(method: "GET", path: "\(course)/library", expected: staffOnly),
            Case(method: "POST", path: "\(exercise)/unpublish", expected: [401, 403, 403, 204, 404, 204]),
            Case(method: "POST", path: "\(exercise)/publish", expected: staffOnly),
            Case(method: "DELETE", path: exercise, expected: [401, 403, 403, 409, 404, 409]),
            Case(method: "GET", path: "/courses/cs193p/new-exercise", expected: staffPages),
            Case(method: "POST", path: "/courses/cs193p/new-exercise", contentType: formType, body: preview, expected: staffPages),
            Case(method: "GET", path: "/courses/cs193p/exercises/corners/edit", expected: staffPages),
            Case(method: "GET", path: "/courses/cs193p/exercises/nope/edit", expected: [303, 403, 403, 404, 404, 404]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/edit", contentType: formType, body: preview, expected: staffPages),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/feedback", contentType: formType, body: "feedback=full",
                 expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/unpublish", contentType: formType,
                 expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/publish", contentType: formType,
                 expected: [303, 403, 403, 303, 404, 303]),
            Case(method: "POST", path: "/courses/cs193p/exercises/corners/delete", contentType: formType,
                 expected: [303, 403, 403, 409, 404, 409]),
            Case(method: "GET", path: "/courses/cs193p/library", expected: staffPages),
        ]
        for testCase in cases {
            for (actor, expected) in zip(Actor.allCases, testCase.expected) {
                let response = try fixture.send(actor, testCase.method, testCase.path, contentType: testCase.contentType, body: testCase.body)
                XCTAssertEqual(response.status, expected,
                               "\(testCase.method) \(testCase.path) as \(actor): \(response.text.prefix(300))")
            }
        }
        // Routes that create an exercise: each allowed request needs a fresh slug.
        for (index, actor) in Actor.allCases.enumerated() {
            let created = [401, 403, 403, 201, 404, 201][index]
            let made = try fixture.send(actor, "POST", "\(course)/exercises", contentType: json,
                                        body: try ExerciseAuthoringTests.encode(try ExerciseAuthoringTests.cornersBody(slug: "made-\(index)")))
            XCTAssertEqual(made.status, created, "POST \(course)/exercises as \(actor): \(made.text.prefix(300))")
            let duplicate = try fixture.send(actor, "POST", "\(exercise)/duplicate", contentType: json, body: #"{"slug":"dup-\#(index)"}"#)
            XCTAssertEqual(duplicate.status, created, "POST \(exercise)/duplicate as \(actor): \(duplicate.text.prefix(300))")
            let copy = try fixture.send(actor, "POST", "\(course)/library/corners/copy", contentType: json, body: #"{"slug":"copy-\#(index)"}"#)
            XCTAssertEqual(copy.status, created, "POST \(course)/library/corners/copy as \(actor): \(copy.text.prefix(300))")
            let page = [303, 403, 403, 303, 404, 303][index]
            let formCopy = try fixture.send(actor, "POST", "/courses/cs193p/library/corners/copy", contentType: formType, body: "slug=form-copy-\(index)")
            XCTAssertEqual(formCopy.status, page, "POST /courses/cs193p/library/corners/copy as \(actor): \(formCopy.text.prefix(300))")
            let formDuplicate = try fixture.send(actor, "POST", "/courses/cs193p/exercises/corners/duplicate", contentType: formType,
                                                 body: "slug=form-dup-\(index)")
            XCTAssertEqual(formDuplicate.status, page, "POST …/corners/duplicate as \(actor): \(formDuplicate.text.prefix(300))")
            let deleted = try fixture.send(actor, "DELETE", "\(course)/exercises/made-3")
            XCTAssertEqual(deleted.status, [401, 403, 403, 204, 404, 404][index], "DELETE made-3 as \(actor)")
        }
    }
}
