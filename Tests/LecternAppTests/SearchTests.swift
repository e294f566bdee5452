import Foundation
import XCTest

/// `/api/search` and the search page through the real server, over the sample course.
final class SearchTests: XCTestCase {
    private var server: SampleCourseServer!

    override func setUp() async throws {
        server = try await SampleCourseServer.start()
    }

    override func tearDown() async throws {
        await server.stop()
    }

    private func search(_ query: String, _ extra: String = "") throws -> [String: Any] {
        try server.json("/api/search?q=\(SampleCourseServer.encoded(query))\(extra)")
    }

    func testResultShapeWithTimestampsLinksAndContext() throws {
        let results = try search("magic number", "&course=cs193p&context=1")
        XCTAssertEqual(results["query"] as? String, "magic number")
        XCTAssertTrue(results["suggestion"] is NSNull)
        let hits = try XCTUnwrap(results["hits"] as? [[String: Any]])
        XCTAssertFalse(hits.isEmpty)
        XCTAssertGreaterThanOrEqual(results["total"] as? Int ?? 0, hits.count)
        let caption = try XCTUnwrap(hits.first { $0["kind"] as? String == "caption" })
        let lecture = try XCTUnwrap(caption["lecture"] as? [String: Any])
        let number = try XCTUnwrap(lecture["number"] as? Int)
        let start = Int(try XCTUnwrap(caption["start"] as? Double))
        XCTAssertEqual(caption["course"] as? String, "cs193p")
        XCTAssertEqual(caption["url"] as? String, "/courses/cs193p/lectures/\(number)?t=\(start)#t\(start)")
        XCTAssertEqual(caption["timestamp"] as? String, String(format: "%d:%02d", start / 60, start % 60))
        XCTAssertGreaterThanOrEqual(caption["end"] as? Double ?? 0, caption["start"] as? Double ?? 1)
        let snippet = try XCTUnwrap(caption["snippet"] as? String)
        XCTAssertTrue(snippet.lowercased().contains("<mark>magic</mark>"), snippet)
        XCTAssertTrue(snippet.lowercased().contains("<mark>number"), "word forms are highlighted: \(snippet)")
        let context = try XCTUnwrap(caption["context"] as? [String: [[String: Any]]])
        XCTAssertLessThanOrEqual(context["before"]?.count ?? 9, 1)
        XCTAssertEqual(context["after"]?.count, 1)
        XCTAssertGreaterThanOrEqual(context["after"]?.first?["start"] as? Double ?? 0, caption["start"] as? Double ?? 1)

        let transcript = try XCTUnwrap(try search("приоритет")["hits"] as? [[String: Any]]).first { $0["kind"] as? String == "transcript" }
        XCTAssertNil(transcript?["start"], "transcript hits have no time")
        XCTAssertTrue((transcript?["url"] as? String)?.contains("#") ?? false, "they link to their section")
    }

    func testRussianWordFormsPhrasesAndFilters() throws {
        let russian = try XCTUnwrap(search("магическими числами")["hits"] as? [[String: Any]])
        XCTAssertTrue(russian.contains { ($0["lecture"] as? [String: Any])?["number"] as? Int == 9 }, "\(russian)")

        let inLecture10 = try search("constraint", "&course=cs193p&lecture=10")
        let numbers = try XCTUnwrap(inLecture10["hits"] as? [[String: Any]]).compactMap { ($0["lecture"] as? [String: Any])?["number"] as? Int }
        XCTAssertFalse(numbers.isEmpty)
        XCTAssertEqual(Set(numbers), [10])

        let phrase = try XCTUnwrap(search("\"magic numbers\"")["hits"] as? [[String: Any]])
        XCTAssertTrue(phrase.allSatisfy { ($0["snippet"] as? String)?.lowercased().contains("<mark>magic numbers</mark>") ?? false },
                      "a phrase matches the exact words")

        let all = try XCTUnwrap(search("constraint", "&limit=100")["hits"] as? [[String: Any]]).map { $0["url"] as? String }
        let secondPage = try XCTUnwrap(search("constraint", "&limit=5&offset=5")["hits"] as? [[String: Any]]).map { $0["url"] as? String }
        XCTAssertEqual(secondPage, Array(all[5..<10]))
    }

    func testSuggestionForAMisspelledWord() throws {
        let results = try search("autolayot")
        XCTAssertEqual(results["total"] as? Int, 0)
        XCTAssertEqual(results["suggestion"] as? String, "autolayout")
        let page = try server.html("/search?q=autolayot")
        XCTAssertTrue(page.contains("Did you mean"))
        XCTAssertTrue(page.contains("href=\"/search?q=autolayout\""), "the suggestion is a link")
    }

    func testBadParametersAreClientErrors() throws {
        for extra in ["&limit=0", "&limit=abc", "&offset=-1", "&lecture=9", "&context=99"] {
            XCTAssertEqual(try server.get("/api/search?q=view\(extra)").status, 400, extra)
        }
        XCTAssertEqual(try search("view", "&course=nope")["total"] as? Int, 0)
    }

    func testHostileQueriesNeverFail() throws {
        let hostile = [
            "\"", "\"unbalanced", "(", ")", "((view", "NEAR(view layout)", "NEAR/2", "*", "**", "view*OR*", "-", "--view",
            "OR", "AND", "NOT", "view AND OR NOT", "stemmed_text:view", "exact_text : \"view\"", "{exact_text}: x", "^view",
            "\u{1}\u{2}\u{7F}", "'; DROP TABLE courses; --", "%", "view\u{0}", "\u{FEFF}", "🙂",
            String(repeating: "(\"x\" OR ", count: 150), String(repeating: "a", count: 3_000),
        ]
        for query in hostile {
            let encoded = SampleCourseServer.encoded(query)
            let api = try server.get("/api/search?q=\(encoded)")
            XCTAssertEqual(api.status, 200, query.debugDescription)
            XCTAssertNotNil(try? api.json() as? [String: Any], query.debugDescription)
            XCTAssertEqual(try server.get("/search?q=\(encoded)").status, 200, query.debugDescription)
        }
        let tooLong = try server.get("/api/search?q=" + String(repeating: "x", count: 10_240))
        XCTAssertNotEqual(tooLong.status, 500, "10 KB of query is refused or searched, never an error")
        XCTAssertEqual(try server.get("/api/health").status, 200, "the server is still fine")
    }

    func testSearchPageGroupsResultsByLectureWithHighlights() throws {
        let page = try server.html("/search?q=constraint&course=cs193p")
        XCTAssertTrue(page.contains("<form class=\"search-form\""))
        XCTAssertTrue(page.contains("<mark>"))
        XCTAssertTrue(page.contains("<h2><a href=\"/courses/cs193p/lectures/9\">"))
        XCTAssertTrue(page.contains("<h2><a href=\"/courses/cs193p/lectures/10\">"))
        XCTAssertEqual(page.components(separatedBy: "<h2><a href=\"/courses/cs193p/lectures/9\">").count, 2, "one group per lecture")
        XCTAssertTrue(page.contains("value=\"cs193p\" selected"), "the course filter is kept")
        XCTAssertFalse(try server.html("/search?q=%3Cscript%3E").contains("<script>"), "the query is escaped")
    }
}
