import Foundation
import XCTest
import HTTPTesting

/// The lecture API, caption downloads and reading pages, through the real server and a real database
/// seeded from `Courses/cs193p`.
final class LectureRoutesTests: XCTestCase {
    private var server: SampleCourseServer!

    override func setUp() async throws {
        server = try await SampleCourseServer.start()
    }

    override func tearDown() async throws {
        await server.stop()
    }

    func testLectureListAndDetailFollowCourseJSON() throws {
        let manifestLectures = try XCTUnwrap(SampleContent.manifest()["lectures"] as? [[String: Any]])
        let list = try XCTUnwrap(server.get("/api/courses/cs193p/lectures").json() as? [[String: Any]])
        XCTAssertEqual(list.map { $0["number"] as? Int }, manifestLectures.map { $0["number"] as? Int })
        XCTAssertEqual(list.map { $0["title"] as? String }, manifestLectures.map { $0["title"] as? String })
        for lecture in list {
            XCTAssertGreaterThan(lecture["cueCount"] as? Int ?? 0, 0, "every sample lecture has captions")
            XCTAssertGreaterThan(lecture["sectionCount"] as? Int ?? 0, 0, "every sample lecture has a transcript")
        }

        let lecture = try server.json("/api/courses/cs193p/lectures/9")
        XCTAssertEqual(lecture["course"] as? String, "cs193p")
        XCTAssertEqual(lecture["date"] as? String, "2026-10-22")
        let cues = try XCTUnwrap(lecture["cues"] as? [[String: Any]])
        XCTAssertEqual(cues.count, list.first { $0["number"] as? Int == 9 }?["cueCount"] as? Int)
        let starts = cues.compactMap { $0["start"] as? Double }
        XCTAssertEqual(starts, starts.sorted(), "cues come in time order")
        XCTAssertEqual(cues.first?["text"] as? String, "[ Music ]", "page chrome before the first timestamp is skipped")
        XCTAssertEqual(cues.first?["nonSpeech"] as? Bool, true)
        let sections = try XCTUnwrap(lecture["sections"] as? [[String: Any]])
        XCTAssertTrue(sections.contains { ($0["title"] as? String)?.hasPrefix("Какую задачу") ?? false }, "\(sections.map { $0["title"] ?? "" })")

        XCTAssertEqual(try server.get("/api/courses/cs193p/lectures/99").status, 404)
        XCTAssertEqual(try server.get("/api/courses/nope/lectures").status, 404)
        XCTAssertEqual(try server.get("/api/courses/cs193p/lectures/nine").status, 400)
    }

    func testErrorPagesUseTheSiteLayoutAndAPIErrorsStayJSON() throws {
        let page = try TestClient.get("/courses/cs193p/lectures/99", port: server.port, accept: "text/html")
        XCTAssertEqual(page.status, 404)
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.contains("rel=\"stylesheet\""), html)
        XCTAssertTrue(html.contains("name=\"viewport\""), html)
        XCTAssertTrue(html.contains("404"), html)
        let api = try server.get("/api/courses/cs193p/lectures/99")
        XCTAssertEqual(api.status, 404)
        XCTAssertEqual(api.header("Content-Type"), "application/problem+json")
        let problem = try XCTUnwrap(api.json() as? [String: Any])
        XCTAssertEqual(problem["status"] as? Int, 404)
        XCTAssertNotNil(problem["detail"] as? String)
    }

    func testCaptionDownloadsHoldEveryCue() throws {
        let cueCount = try XCTUnwrap(server.json("/api/courses/cs193p/lectures/8")["cues"] as? [Any]).count
        let vtt = try server.get("/courses/cs193p/lectures/8/captions.vtt")
        XCTAssertEqual(vtt.status, 200)
        XCTAssertEqual(vtt.header("Content-Type"), "text/vtt; charset=utf-8")
        let vttText = String(decoding: vtt.body, as: UTF8.self)
        XCTAssertTrue(vttText.hasPrefix("WEBVTT"))
        XCTAssertEqual(vttText.components(separatedBy: " --> ").count - 1, cueCount)

        let srt = try server.get("/courses/cs193p/lectures/8/captions.srt")
        XCTAssertEqual(srt.status, 200)
        let srtText = String(decoding: srt.body, as: UTF8.self)
        XCTAssertTrue(srtText.hasPrefix("1\n") || srtText.hasPrefix("1\r\n"), String(srtText.prefix(40)))
        XCTAssertEqual(srtText.components(separatedBy: " --> ").count - 1, cueCount)
        XCTAssertEqual(try server.get("/courses/cs193p/lectures/99/captions.srt").status, 404)
    }

    func testLecturePageAnchorsEveryCueAndMarksTheLinkedOne() throws {
        let cues = try XCTUnwrap(server.json("/api/courses/cs193p/lectures/9")["cues"] as? [[String: Any]])
        let linked = try XCTUnwrap(cues.first { ($0["text"] as? String)?.contains("magic number") ?? false })
        let second = Int(try XCTUnwrap(linked["start"] as? Double))
        let page = try server.html("/courses/cs193p/lectures/9?t=\(second)")
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("<link rel=\"stylesheet\" href=\"/style.css\">"))
        XCTAssertEqual(page.components(separatedBy: "class=\"cue-time\"").count - 1, cues.count, "a timestamp link on every cue")
        XCTAssertEqual(page.components(separatedBy: "aria-current=\"true\"").count - 1, 1, "exactly one cue is marked")
        XCTAssertTrue(page.contains("<li id=\"t\(second)\" class=\"cue") && page.contains("current\" aria-current=\"true\""),
                      "the marked cue is the one starting at \(second) s")
        XCTAssertTrue(page.contains("href=\"/courses/cs193p/lectures/9?t=\(second)#t\(second)\""))
        XCTAssertTrue(page.contains("lang=\"ru\""), "the Russian transcript is marked as Russian")
        XCTAssertTrue(page.contains("<pre tabindex=\"0\"><code"), "code blocks render as code")
        XCTAssertFalse(page.contains("```"), "Markdown is rendered, not shown")
        XCTAssertTrue(page.contains("href=\"/courses/cs193p/lectures/9/captions.vtt\""))
    }

    func testCourseHomeListsLecturesAndExercises() async throws {
        try await server.app.context.database.write { db in
            try db.execute(sql: """
                INSERT INTO exercises (course_id, slug, title, kind, position, version, points, definition_json, updated_at)
                SELECT id, 'centered-logo', 'Center a <logo>', 'layout', 1, 'v1', 10, '{}', 0 FROM courses WHERE slug = 'cs193p'
                """)
        }
        let page = try server.html("/courses/cs193p")
        XCTAssertTrue(page.contains(try XCTUnwrap(SampleContent.manifestTitle()).replacingOccurrences(of: "&", with: "&amp;")))
        for number in [8, 9, 10] {
            XCTAssertTrue(page.contains("href=\"/courses/cs193p/lectures/\(number)\""), "lecture \(number)")
        }
        XCTAssertTrue(page.contains("href=\"/courses/cs193p/exercises/centered-logo\""))
        XCTAssertTrue(page.contains("Center a &lt;logo&gt;"), "titles are escaped")
        XCTAssertTrue(page.contains("10 points"))
        XCTAssertTrue(try server.html("/courses").contains("href=\"/courses/cs193p\""))
        XCTAssertEqual(try server.get("/courses/nope").status, 404)
    }
}
