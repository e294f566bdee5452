import Foundation
import HTTPTesting
import LecternApp
import XCTest

/// What API clients build on, end to end through the real server: cursor paging with `next`
/// links, ETags and cache rules, CORS on the public reads only, search hits that link into the
/// video, and the token list on the account page.
final class APIClientFeaturesTests: XCTestCase {
    private typealias Actor = CourseworkFixture.Actor

    /// Runs `body` with a fixture, stopping it afterwards whatever happens.
    private func withFixture(_ configure: (inout AppConfiguration) -> Void = { _ in },
                             _ body: (CourseworkFixture) async throws -> Void) async throws {
        let fixture = try await CourseworkFixture(configure: configure)
        do {
            try await body(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    /// Imports lecture `number` of `cs193p` with `cues` captions (one a second, each saying "layout"),
    /// with a video URL.
    private func importLecture(_ fixture: CourseworkFixture, number: Int, cues: Int, video: String? = nil) throws {
        var vtt = "WEBVTT\n\n"
        for index in 0..<cues {
            vtt += String(format: "00:%02d.000 --> 00:%02d.500\nStep %d of the layout.\n\n", index, index, index)
        }
        var body: [String: Any] = ["title": "Lecture \(number)", "captions": ["format": "vtt", "text": vtt]]
        if let video { body["video"] = video }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let response = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/lectures/\(number)",
                                        contentType: "application/json", body: json)
        XCTAssertEqual(response.status, 201, response.text)
    }

    /// Follows `next` links from `path`, collecting what `items` takes from each page.
    private func walk(_ fixture: CourseworkFixture, _ actor: Actor, _ path: String,
                      items: (TestResponse) throws -> [String]) throws -> (items: [String], pages: Int) {
        var all: [String] = []
        var next: String? = path
        var pages = 0
        while let current = next, pages < 50 {
            let response = try fixture.send(actor, "GET", current)
            XCTAssertEqual(response.status, 200, response.text)
            all += try items(response)
            pages += 1
            next = response.header("Link").map { link in
                String(link.dropFirst().prefix { $0 != ">" })
            }
        }
        return (all, pages)
    }

    func testListsArePagedWithCursorsInAFixedOrder() async throws {
        try await withFixture { fixture in
            try importLecture(fixture, number: 1, cues: 25)

            // Search: cursor pages give the same hits as one big page, without repeats.
            let whole = try fixture.send(.anonymous, "GET", "/api/search?q=layout&limit=100").object()
            let wholeHits = (whole["hits"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
            XCTAssertEqual(wholeHits.count, 25)
            let paged = try walk(fixture, .anonymous, "/api/v1/search?q=layout&limit=7") { response in
                let object = try response.object()
                let next = object["next"] as? String
                XCTAssertEqual(next, response.header("Link").map { String($0.dropFirst().prefix { $0 != ">" }) }, "next in the body and the header")
                return (object["hits"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
        }
        XCTAssertEqual(paged.items, wholeHits)
        XCTAssertEqual(paged.pages, 4)
        // Offset paging stays for jumping to a page.
        let third = try fixture.send(.anonymous, "GET", "/api/search?q=layout&limit=7&offset=14").object()
        XCTAssertEqual((third["hits"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }, Array(wholeHits[14..<21]))

        // A cursor is opaque and bound to its list and query.
        let link = try XCTUnwrap(try fixture.send(.anonymous, "GET", "/api/search?q=layout&limit=7").header("Link"))
        let cursor = try XCTUnwrap(link.components(separatedBy: "cursor=").last?.prefix { $0 != ">" })
        let otherQuery = try fixture.send(.anonymous, "GET", "/api/search?q=step&cursor=\(cursor)")
        XCTAssertEqual(otherQuery.status, 400)
        XCTAssertEqual((try otherQuery.object()["errors"] as? [[String: Any]])?.first?["field"] as? String, "cursor")
        XCTAssertEqual(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit?cursor=\(cursor)").status, 400, "another list's cursor")
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "/api/search?q=layout&cursor=not-a-cursor").status, 400)

        // Submissions, newest first.
        for text in ["H:|-[thing1]", "H:|-[thing1]-|", try CourseworkFixture.reference()] {
            XCTAssertEqual(try fixture.submit(.studentA, text).status, 201)
        }
        let attempts = try walk(fixture, .studentA, "/api/courses/cs193p/exercises/corners/submissions?limit=2") { response in
            (try response.json() as? [[String: Any]] ?? []).compactMap { ($0["attempt"] as? Int).map(String.init) }
        }
        XCTAssertEqual(attempts.items, ["3", "2", "1"])
        XCTAssertEqual(attempts.pages, 2)

        // The gradebook, by username.
        let students = try walk(fixture, .instructor, "/api/courses/cs193p/gradebook?limit=1") { response in
            let object = try response.object()
            return (object["students"] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String }
        }
        XCTAssertEqual(students.items, ["alice", "bob"])

        // The audit log, newest first: the lecture import and three policy changes.
        for attempts in [3, 4, 5] {
            XCTAssertEqual(try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners/policy",
                                            contentType: "application/json", body: #"{"maxAttempts":\#(attempts)}"#).status, 204)
        }
        let entries = try walk(fixture, .instructor, "/api/courses/cs193p/audit?limit=2") { response in
            (try response.json() as? [[String: Any]] ?? []).map { entry in
                "\(entry["action"] as? String ?? "")\((entry["details"] as? [String: Any])?["maxAttempts"].map { " \($0)" } ?? "")"
            }
        }
        XCTAssertEqual(Array(entries.items.prefix(4)), ["policy.change 5", "policy.change 4", "policy.change 3", "lecture.import"])
        XCTAssertEqual(entries.items.dropFirst(4).filter { $0 != "role.change" }, [], "then the enrollments of the fixture")
        XCTAssertEqual(entries.pages, (entries.items.count + 1) / 2)
        let unpaged = try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit")
        XCTAssertNil(unpaged.header("Link"), "no next link on the last page")
        XCTAssertEqual(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit?limit=0").status, 400)
        }
    }

    func testPublicDataHasETagsAndPersonalDataIsNeverStored() async throws {
        try await withFixture { fixture in
            try importLecture(fixture, number: 2, cues: 3)
            for path in ["/api/courses", "/api/v1/courses/cs193p/lectures", "/api/courses/cs193p/lectures/2",
                         "/courses/cs193p/lectures/2/captions.vtt", "/api/search?q=layout"] {
                let first = try fixture.send(.anonymous, "GET", path)
                XCTAssertEqual(first.status, 200, path)
                XCTAssertEqual(first.header("Cache-Control"), "public, max-age=60", path)
                let tag = try XCTUnwrap(first.header("ETag"), path)
                let again = try fixture.client.send("GET", path, headers: ["If-None-Match": "\"other\", \(tag)"])
                XCTAssertEqual(again.status, 304, path)
                XCTAssertTrue(again.body.isEmpty, path)
                XCTAssertEqual(again.header("ETag"), tag, path)
                XCTAssertEqual(try fixture.client.send("GET", path, headers: ["If-None-Match": "\"other\""]).status, 200, path)
        }
        let before = try XCTUnwrap(try fixture.send(.anonymous, "GET", "/api/courses/cs193p/lectures/2").header("ETag"))
        XCTAssertEqual(try fixture.send(.instructor, "PATCH", "/api/courses/cs193p/lectures/2/cues/0", contentType: "application/json",
                                        body: #"{"text":"Corrected."}"#).status, 200)
        let after = try fixture.client.send("GET", "/api/courses/cs193p/lectures/2", headers: ["If-None-Match": before])
        XCTAssertEqual(after.status, 200, "a corrected cue changes the ETag")

        for (actor, path) in [(Actor.studentA, "/api/me"), (.instructor, "/api/courses/cs193p/gradebook"),
                              (.instructor, "/api/courses/cs193p/audit"), (.anonymous, "/api/me")] {
            XCTAssertEqual(try fixture.send(actor, "GET", path).header("Cache-Control"), "private, no-store", path)
        }
        XCTAssertEqual(try fixture.send(.anonymous, "POST", "/api/session", contentType: "application/json",
                                        body: #"{"username":"alice","password":"correct horse battery"}"#).header("Cache-Control"), "no-store")
        }
    }

    func testOnlyThePublicReadsAreOpenToTheConfiguredOrigins() async throws {
        let allowed = "https://course.example.edu"
        try await withFixture({ $0.corsOrigins = [allowed] }) { fixture in
            try importLecture(fixture, number: 3, cues: 2)

            for path in ["/api/search?q=layout", "/api/v1/courses/cs193p/lectures", "/api/courses/cs193p/lectures/3"] {
                let response = try fixture.client.send("GET", path, headers: ["Origin": allowed])
                XCTAssertEqual(response.status, 200, path)
                XCTAssertEqual(response.header("Access-Control-Allow-Origin"), allowed, path)
                XCTAssertNil(response.header("Access-Control-Allow-Credentials"), "never with credentials")
                XCTAssertTrue(response.header("Access-Control-Expose-Headers")?.contains("Link") == true)
                XCTAssertEqual(response.header("Vary"), "Origin")
                let stranger = try fixture.client.send("GET", path, headers: ["Origin": "https://evil.example"])
                XCTAssertEqual(stranger.status, 200)
                XCTAssertNil(stranger.header("Access-Control-Allow-Origin"), "a disallowed origin gets no CORS header")
        }
        let preflight = try fixture.client.send("OPTIONS", "/api/search", headers: [
            "Origin": allowed, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "If-None-Match"])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), allowed)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Methods"), "GET, HEAD")
        XCTAssertNotNil(preflight.header("Access-Control-Max-Age"))
        let credentialed = try fixture.client.send("OPTIONS", "/api/search", headers: [
            "Origin": allowed, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization"])
        XCTAssertNil(credentialed.header("Access-Control-Allow-Origin"), "no Authorization cross-origin")
        let writing = try fixture.client.send("OPTIONS", "/api/courses/cs193p/lectures/3", headers: [
            "Origin": allowed, "Access-Control-Request-Method": "PUT"])
        XCTAssertNil(writing.header("Access-Control-Allow-Origin"), "no writes cross-origin")

        // Routes that are not public reads stay same-origin, even for an allowed origin.
        for (method, path) in [("GET", "/api/me"), ("GET", "/api/courses"), ("GET", "/api/courses/cs193p/gradebook"),
                               ("OPTIONS", "/api/courses/cs193p/gradebook"), ("GET", "/courses/cs193p/lectures/3")] {
            let response = try fixture.client.send(method, path, headers: [
                "Origin": allowed, "Access-Control-Request-Method": "GET", "Authorization": "Bearer \(fixture.tokens[.instructor] ?? "")"])
            XCTAssertNil(response.header("Access-Control-Allow-Origin"), "\(method) \(path)")
        }
        }
    }

    func testSearchHitsCarryTheVideoAndTheCueTimes() async throws {
        try await withFixture { fixture in
            try importLecture(fixture, number: 4, cues: 3, video: "https://video.example.edu/lecture-4.mp4")
            try importLecture(fixture, number: 5, cues: 1)
            let results = try fixture.send(.anonymous, "GET", "/api/search?q=%22step+2%22").object()
            let hit = try XCTUnwrap((results["hits"] as? [[String: Any]])?.first)
            XCTAssertEqual((hit["lecture"] as? [String: Any])?["video"] as? String, "https://video.example.edu/lecture-4.mp4")
            XCTAssertEqual(hit["start"] as? Double, 2)
            XCTAssertEqual(hit["end"] as? Double, 2.5)
            XCTAssertEqual(hit["videoAt"] as? String, "https://video.example.edu/lecture-4.mp4#t=2,2.5")
            let noVideo = try fixture.send(.anonymous, "GET", "/api/search?q=step&course=cs193p&lecture=5").object()
            let plain = try XCTUnwrap((noVideo["hits"] as? [[String: Any]])?.first)
            XCTAssertTrue((plain["lecture"] as? [String: Any])?["video"] is NSNull)
            XCTAssertNil(plain["videoAt"])
            XCTAssertEqual(plain["start"] as? Double, 0)
        }
    }

    func testTheAccountPageListsTokensWithScopesAndLastUse() async throws {
        try await withFixture { fixture in
            let form = "application/x-www-form-urlencoded"
            let created = try fixture.send(.studentB, "POST", "/account/tokens", contentType: form, body: "name=grader+script&scope=submit")
            let range = try XCTUnwrap(created.text.range(of: "<pre><code>[0-9a-f]{64}</code></pre>", options: .regularExpression))
            let token = String(created.text[range].dropFirst("<pre><code>".count).prefix(64))
            XCTAssertEqual(try fixture.send(.studentB, "POST", "/account/tokens", contentType: form, body: "name=unused").status, 200)

            let before = try fixture.send(.studentB, "GET", "/account").text
            XCTAssertTrue(before.contains("<th>Last used</th>"), before)
            XCTAssertEqual(before.components(separatedBy: "<td>never</td>").count - 1, 2, "neither token used yet")
            XCTAssertTrue(before.contains("<td>read submit</td>"))

            XCTAssertEqual(try fixture.client.send("GET", "/api/v1/me", headers: ["Authorization": "Bearer \(token)"]).status, 200)
            let after = try fixture.send(.studentB, "GET", "/account").text
            XCTAssertEqual(after.components(separatedBy: "<td>never</td>").count - 1, 1, "the used token shows its last use")
            let year = Calendar(identifier: .gregorian).component(.year, from: Date())
            XCTAssertTrue(after.contains("<td>\(year)-"), after)
            XCTAssertTrue(after.contains(#"href="/api/docs""#), "the account page links the API page")
        }
    }
}
