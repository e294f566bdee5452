import Foundation
import JSON
@testable import LecternApp
import LTI
import SQLite
import Store
import XCTest

/// LTI 1.3 launches end to end: the simulated LMS on loopback, the real server, a real database.
final class LTILaunchTests: XCTestCase {
    func testAStudentLaunchLandsSignedInOnTheExerciseInsideTheLMSFrame() async throws {
        let fixture = try await LTIFixture()
        do {
            let login = try fixture.platform.initiateLogin(fixture.client, target: fixture.cornersURL)
            let stateHeader = try XCTUnwrap(login.response.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix("lectern_lti_state=") }?.value)
            XCTAssertTrue(stateHeader.contains("SameSite=None") && stateHeader.contains("Secure") && stateHeader.contains("HttpOnly"), stateHeader)
            let loginPolicy = try XCTUnwrap(login.response.header("Content-Security-Policy"))
            XCTAssertTrue(loginPolicy.contains("form-action 'self' \(fixture.platform.origin)"), loginPolicy)
            XCTAssertTrue(loginPolicy.contains("frame-ancestors 'self' \(fixture.platform.origin)"), loginPolicy)
            XCTAssertTrue(login.response.text.contains("action=\"\(fixture.platform.authURL)\""), login.response.text)
            XCTAssertEqual(login.redirectURI, "http://127.0.0.1:\(fixture.port)/lti/launch")
            XCTAssertNil(login.response.header("Location"), "the browser leaves by a form, never by a redirect")
            let framed = try fixture.client.send("GET", "/lti/login?iss=\(ToolMessages.formEncode(fixture.platform.issuer))&login_hint=x"
                                                    + "&target_link_uri=y", headers: ["Referer": "https://school.instructure.com/courses/42"])
            XCTAssertTrue(framed.header("Content-Security-Policy")?.contains("https://school.instructure.com") ?? false,
                          "the LMS page that frames the login may frame it")

            let token = try fixture.platform.sign(fixture.platform.launchClaims(nonce: login.nonce, target: fixture.cornersURL))
            let launch = try fixture.platform.postLaunch(fixture.client, idToken: token, state: login.state, cookie: login.stateCookie)
            XCTAssertEqual(launch.status, 303, launch.text)
            XCTAssertEqual(launch.header("Location"), "/courses/cs193p/exercises/corners")
            let sessionHeader = try XCTUnwrap(launch.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix("lectern_session=") }?.value)
            XCTAssertTrue(sessionHeader.contains("SameSite=None") && sessionHeader.contains("Secure"), sessionHeader)

            let cookie = try LTIFixture.sessionCookie(launch)
            let page = try fixture.client.send("GET", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie])
            XCTAssertEqual(page.status, 200, page.text)
            XCTAssertTrue(page.text.contains("Sam Student"), "signed in as the account made from the name claim")
            let framing = try XCTUnwrap(page.header("Content-Security-Policy"))
            XCTAssertTrue(framing.contains("frame-ancestors 'self' \(fixture.platform.origin)"), framing)
            let me = try fixture.client.send("GET", "/courses/cs193p/gradebook", headers: ["Cookie": cookie])
            XCTAssertEqual(me.status, 403, "a learner is a student of the course")

            // A page of an ordinary session is still not framable.
            let signedIn = try fixture.coursework.browserSignIn(username: "alice")
            let ordinary = try fixture.client.send("GET", "/courses/cs193p/exercises/corners", headers: ["Cookie": signedIn.cookie])
            XCTAssertTrue(ordinary.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") ?? false)

            // The same platform user lands on the same account next time.
            let again = try fixture.launchStudent()
            XCTAssertEqual(again.status, 303, again.text)
            let users = try await fixture.database.read { db in
                try db.fetchValue(Int.self, sql: "SELECT count(*) FROM lti_users") ?? 0
            }
            XCTAssertEqual(users, 1)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testDeepLinkingCreatesLineItemsWhoseLaunchesOpenTheChosenExercise() async throws {
        let fixture = try await LTIFixture()
        do {
            let platform = fixture.platform
            let instructorRoles = ["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"]
            let launch = try platform.launch(fixture.client, target: "http://127.0.0.1:\(fixture.port)/lti/launch") { nonce in
                var claims = platform.launchClaims(nonce: nonce, subject: "teacher-1", roles: instructorRoles,
                                                   target: "http://127.0.0.1:\(fixture.port)/lti/launch", lineItemID: nil)
                claims.removeAll { $0.0 == LTIClaim.resourceLink }
                for index in claims.indices where claims[index].0 == LTIClaim.messageType { claims[index].1 = "LtiDeepLinkingRequest" }
                claims.append((LTIClaim.deepLinkingSettings, .object(JSONObject([
                    ("deep_link_return_url", .string(platform.origin + "/deep-link-return")),
                    ("accept_types", .array(["ltiResourceLink"])), ("accept_multiple", .bool(true)), ("data", .string("opaque-42")),
                ]))))
                return claims
            }
            XCTAssertEqual(launch.status, 303, launch.text)
            let location = try XCTUnwrap(launch.header("Location"))
            XCTAssertTrue(location.hasPrefix("/lti/deep-link?request="), location)
            let cookie = try LTIFixture.sessionCookie(launch)
            let picker = try fixture.client.send("GET", location, headers: ["Cookie": cookie])
            XCTAssertEqual(picker.status, 200, picker.text)
            XCTAssertTrue(picker.text.contains("value=\"corners\""), picker.text)
            let csrf = try XCTUnwrap(CourseworkFixture.hiddenCSRF(in: picker.text))
            let requestToken = String(location.dropFirst("/lti/deep-link?request=".count))

            let withoutCSRF = try fixture.client.send("POST", "/lti/deep-link", headers: [
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
            ], body: Array("request=\(requestToken)&exercise=corners".utf8))
            XCTAssertEqual(withoutCSRF.status, 403, "the selection is a state-changing form: it needs the CSRF token")

            let chosen = try fixture.client.send("POST", "/lti/deep-link", headers: [
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
            ], body: Array("csrf=\(csrf)&request=\(requestToken)&exercise=corners".utf8))
            XCTAssertEqual(chosen.status, 200, chosen.text)
            let policy = try XCTUnwrap(chosen.header("Content-Security-Policy"))
            XCTAssertTrue(policy.contains("form-action 'self' \(platform.origin)"), policy)
            XCTAssertTrue(chosen.text.contains("action=\"\(platform.origin)/deep-link-return\""), chosen.text)
            guard let range = chosen.text.range(of: #"name="JWT" value="([A-Za-z0-9_\-\.]+)""#, options: .regularExpression) else {
                return XCTFail("no JWT field: \(chosen.text)")
            }
            let jwt = String(chosen.text[range].dropFirst(#"name="JWT" value=""#.count).dropLast())
            let items = try platform.receiveDeepLinkingResponse(jwt)
            XCTAssertEqual(items.count, 1)
            XCTAssertEqual(items.first?["url"]?.stringValue, fixture.cornersURL)
            XCTAssertEqual(try JSONWebToken.parse(jwt).claims[LTIClaim.deepLinkingData]?.stringValue, "opaque-42")
            let lineItem = try XCTUnwrap(platform.lineItems.first)
            XCTAssertEqual(lineItem["scoreMaximum"]?.doubleValue, 100)
            XCTAssertEqual(lineItem["label"]?.stringValue, items.first?["title"]?.stringValue)

            let replay = try fixture.client.send("POST", "/lti/deep-link", headers: [
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
            ], body: Array("csrf=\(csrf)&request=\(requestToken)&exercise=corners".utf8))
            XCTAssertEqual(replay.status, 404, "a selection is returned once")

            // A student's launch of the new link: the custom parameter names the exercise; the
            // target link is the LMS's generic launch URL.
            let lineItemURL = try XCTUnwrap(lineItem["id"]?.stringValue)
            let studentLaunch = try platform.launch(fixture.client, target: "http://127.0.0.1:\(fixture.port)/lti/launch") { nonce in
                var claims = platform.launchClaims(nonce: nonce, target: "http://127.0.0.1:\(fixture.port)/lti/launch",
                                                   lineItemID: String(lineItemURL.split(separator: "/").last ?? ""),
                                                   custom: [("exercise", lineItem["custom"]?["exercise"] ?? .null)])
                claims.removeAll { $0.0 == LTIClaim.targetLinkURI }
                claims.append((LTIClaim.targetLinkURI, .string("http://127.0.0.1:\(fixture.port)/lti/launch")))
                return claims
            }
            XCTAssertEqual(studentLaunch.status, 303, studentLaunch.text)
            XCTAssertEqual(studentLaunch.header("Location"), "/courses/cs193p/exercises/corners")
            let submitted = try fixture.submit(try CourseworkFixture.reference(), cookie: try LTIFixture.sessionCookie(studentLaunch))
            XCTAssertEqual(submitted.status, 201, submitted.text)
            let scores = try fixture.waitForScores(1)
            XCTAssertEqual(scores.first?.lineItem, lineItemURL, "the score goes to the line item deep linking created")
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testAnInstructorsFirstLaunchLinksTheLMSCourseAndOnlyThenStudentsGetIn() async throws {
        let fixture = try await LTIFixture(course: nil)
        do {
            let platform = fixture.platform
            let early = try fixture.launchStudent()
            XCTAssertEqual(early.status, 403, early.text)
            XCTAssertTrue(early.text.contains("not_linked"), early.text)

            let teacher = try platform.launch(fixture.client, target: fixture.cornersURL) { nonce in
                platform.launchClaims(nonce: nonce, subject: "teacher-1", roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"],
                                      target: fixture.cornersURL)
            }
            XCTAssertEqual(teacher.status, 303, teacher.text)
            let gradebook = try fixture.client.send("GET", "/courses/cs193p/gradebook", headers: ["Cookie": try LTIFixture.sessionCookie(teacher)])
            XCTAssertEqual(gradebook.status, 200, "an LMS instructor teaches the linked course")
            let status = try fixture.client.send("GET", "/courses/cs193p/lti", headers: ["Cookie": try LTIFixture.sessionCookie(teacher)])
            XCTAssertTrue(status.text.contains("iOS apps"), "the linked LMS course is listed: \(status.text)")

            let student = try fixture.launchStudent()
            XCTAssertEqual(student.status, 303, student.text)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testTheRosterImportsTheLMSCoursesMembersThroughNRPS() async throws {
        let fixture = try await LTIFixture()
        do {
            let platform = fixture.platform
            platform.members = [
                .object(JSONObject([("user_id", "m-1"), ("name", "Mia Member"), ("roles", ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"]), ("status", "Active")])),
                .object(JSONObject([("user_id", "m-2"), ("name", "Gone"), ("roles", ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"]), ("status", "Inactive")])),
                .object(JSONObject([("user_id", "m-3"), ("name", "Tina TA"), ("roles", ["http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"])])),
            ]
            let teacher = try platform.launch(fixture.client, target: fixture.cornersURL) { nonce in
                platform.launchClaims(nonce: nonce, subject: "teacher-1", roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"],
                                      target: fixture.cornersURL)
            }
            let cookie = try LTIFixture.sessionCookie(teacher)
            let page = try fixture.client.send("GET", "/courses/cs193p/lti", headers: ["Cookie": cookie])
            let csrf = try XCTUnwrap(CourseworkFixture.hiddenCSRF(in: page.text))
            let imported = try fixture.client.send("POST", "/courses/cs193p/lti/roster", headers: [
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
            ], body: Array("csrf=\(csrf)".utf8))
            XCTAssertEqual(imported.status, 200, imported.text)
            XCTAssertTrue(imported.text.contains("3 members, 2 enrolled, 1 skipped"), imported.text)
            let roles = try await fixture.database.read { db in
                try db.fetchAll(sql: """
                    SELECT users.display_name AS name, enrollments.role AS role FROM lti_users JOIN users ON users.id = lti_users.user_id
                    JOIN enrollments ON enrollments.user_id = users.id WHERE lti_users.subject LIKE 'm-%' ORDER BY users.display_name
                    """).map { row -> String in "\(try row.get("name") as String):\(try row.get("role") as String)" }
            }
            XCTAssertEqual(roles, ["Mia Member:student", "Tina TA:instructor"])
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testOurKeySetPublishesTheSigningKeyAndARotatedKeyStaysPublishedForItsGracePeriod() async throws {
        let fixture = try await LTIFixture()
        do {
            let first = try JSONWebKeySet.parse(bytes: try fixture.client.send("GET", "/.well-known/jwks.json").body)
            XCTAssertEqual(first.keys.count, 1)
            let lines = try await LTITool.rotateKey(database: fixture.database)
            XCTAssertTrue(lines.first?.hasPrefix("New signing key") ?? false)
            let second = try JSONWebKeySet.parse(bytes: try fixture.client.send("GET", "/.well-known/jwks.json").body)
            XCTAssertEqual(second.keys.count, 2, "the old key stays published")
            let (current, _) = try await fixture.coursework.app.context.lti.signingKey()
            XCTAssertNotEqual(current, first.keys.first?.keyID, "the new key signs at once")
            XCTAssertEqual(second.keys.first?.keyID, current)
            let stored = try await fixture.database.read { db in try db.fetchValue(String.self, sql: "SELECT private_key_pem FROM lti_keys LIMIT 1") }
            XCTAssertTrue(stored?.contains("PRIVATE KEY") ?? false)
            let published = String(decoding: try fixture.client.send("GET", "/.well-known/jwks.json").body, as: UTF8.self)
            XCTAssertFalse(published.contains("\"d\""), "no private exponent is published")
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }
}
