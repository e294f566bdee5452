import Captions
import Foundation
import LecternApp
import Store
import XCTest

/// The front door and the ways between pages, through the real server: `/` for each kind of
/// visitor, error pages that keep the user area, lecture neighbours, links to a moment that land
/// on it, and the instructors' links to every form.
final class HomeAndNavigationTests: XCTestCase {
    private var fixture: CourseworkFixture!

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
        try await fixture.app.context.database.write { db in
            for (number, title) in [(8, "Views and drawing"), (9, "Animation and Auto Layout"), (10, "Gestures")] {
                let cues = [Cue(start: 0, end: 4000, text: "Welcome to lecture \(number)."),
                            Cue(start: 455_000, end: 462_000, text: "Pin the label to the corner.")]
                try LectureImport.importLecture(LectureContent(number: number, title: title, cues: cues), courseSlug: "cs193p", db)
            }
        }
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    func testTheHomePageForEachKindOfVisitor() throws {
        let visitor = try fixture.send(.anonymous, "GET", "/")
        XCTAssertEqual(visitor.status, 200)
        XCTAssertTrue(visitor.text.contains("Sample course"), "visitors see the courses")
        XCTAssertTrue(visitor.text.contains(#"action="/search""#), "and a search box")

        XCTAssertEqual(try fixture.submit(.studentA, try CourseworkFixture.reference()).status, 201)
        let student = try fixture.send(.studentA, "GET", "/")
        XCTAssertEqual(student.status, 200)
        XCTAssertTrue(student.text.contains("Stuck to the corners"), "the course's exercises with progress")
        XCTAssertTrue(student.text.contains("100 of 100"), student.text)
        XCTAssertTrue(student.text.contains("Recent submissions"))
        XCTAssertFalse(student.text.contains("/gradebook"), "students get no staff links")

        let instructor = try fixture.send(.instructor, "GET", "/")
        XCTAssertTrue(instructor.text.contains(#"href="/courses/cs193p/gradebook""#), instructor.text)
        XCTAssertTrue(instructor.text.contains(#"href="/courses/cs193p/lectures/new""#))
        XCTAssertFalse(instructor.text.contains("/courses/other/gradebook"), "only their own course's links")

        let work = try fixture.send(.studentA, "GET", "/my-work")
        XCTAssertEqual(work.status, 200)
        XCTAssertTrue(work.text.contains("/submissions/"), work.text)
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "/my-work").status, 303)
    }

    func testSigningInFromTheHeaderLinkComesBackHome() throws {
        let page = try fixture.client.send("GET", "/login")
        XCTAssertTrue(page.text.contains(#"name="next" value="/""#), page.text)
    }

    func testErrorPagesKeepTheUserArea() throws {
        let (cookie, _) = try fixture.browserSignIn(username: "alice")
        let missing = try fixture.client.send("GET", "/no/such/page", headers: ["Cookie": cookie])
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.text.contains("Alice Liddell"), "the signed-in name")
        XCTAssertTrue(missing.text.contains(#"action="/logout""#), "and sign-out")
        let forbidden = try fixture.client.send("GET", "/courses/cs193p/gradebook", headers: ["Cookie": cookie])
        XCTAssertEqual(forbidden.status, 403)
        XCTAssertTrue(forbidden.text.contains("Alice Liddell"))
        let api = try fixture.client.send("GET", "/api/nothing", headers: ["Cookie": cookie])
        XCTAssertTrue(api.text.hasPrefix("{"), "API errors stay JSON")
    }

    func testLecturePagesLinkTheirNeighboursAndInstructorsTheirForms() throws {
        let middle = try fixture.send(.studentA, "GET", "/courses/cs193p/lectures/9")
        XCTAssertTrue(middle.text.contains(#"rel="prev" href="/courses/cs193p/lectures/8""#), middle.text)
        XCTAssertTrue(middle.text.contains(#"rel="next" href="/courses/cs193p/lectures/10""#))
        XCTAssertFalse(middle.text.contains("/lectures/9/edit"), "students get no edit link")
        for download in ["captions.vtt", "captions.srt", "captions.txt", "captions.txt?timestamps=1"] {
            XCTAssertTrue(middle.text.contains(#"href="/courses/cs193p/lectures/9/\#(download)""#), "links \(download)")
        }
        let text = try fixture.send(.studentA, "GET", "/courses/cs193p/lectures/9/captions.txt?timestamps=1")
        XCTAssertEqual(text.status, 200)
        XCTAssertTrue(text.text.contains("Pin the label to the corner."), text.text)
        let first = try fixture.send(.studentA, "GET", "/courses/cs193p/lectures/8")
        XCTAssertFalse(first.text.contains(#"rel="prev""#))
        let staff = try fixture.send(.instructor, "GET", "/courses/cs193p/lectures/9")
        XCTAssertTrue(staff.text.contains(#"href="/courses/cs193p/lectures/9/edit""#))
        let course = try fixture.send(.instructor, "GET", "/courses/cs193p")
        XCTAssertTrue(course.text.contains(#"href="/courses/cs193p/lectures/new""#))
        XCTAssertTrue(course.text.contains(#"href="/courses/cs193p/lectures/9/edit""#))
    }

    func testALinkToAMomentLandsOnIt() throws {
        let exercise = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners")
        XCTAssertTrue(exercise.text.contains(#"href="/courses/cs193p/lectures/9?t=458#t458""#), exercise.text)
        let lecture = try fixture.send(.studentA, "GET", "/courses/cs193p/lectures/9?t=458")
        XCTAssertTrue(lecture.text.contains(#"id="t458""#), "the fragment has a target inside the cue playing at 7:38")
        XCTAssertEqual(lecture.text.components(separatedBy: #"aria-current="true""#).count - 1, 1)
    }

    func testARecordingPlaysWithItsCaptionsAndEveryCaptionLinksIntoIt() async throws {
        try await fixture.app.context.database.write { db in
            let cues = [Cue(start: 0, end: 4000, text: "Hello."), Cue(start: 65_000, end: 70_000, text: "Springs and dampers.")]
            try LectureImport.importLecture(LectureContent(number: 11, title: "Recorded", videoURL: "https://media.example.edu/l11.mp4",
                                                           cues: cues), courseSlug: "cs193p", db)
            try LectureImport.importLecture(LectureContent(number: 12, title: "On YouTube", videoURL: "https://www.youtube.com/watch?v=abc123",
                                                           cues: cues), courseSlug: "cs193p", db)
        }
        let file = try fixture.send(.anonymous, "GET", "/courses/cs193p/lectures/11?t=65")
        XCTAssertTrue(file.text.contains(#"<video class="lecture-video" id="lecture-video" controls preload="metadata" src="https://media.example.edu/l11.mp4#t=65">"#),
                      file.text)
        XCTAssertTrue(file.text.contains(#"<track kind="captions" src="/courses/cs193p/lectures/11/captions.vtt""#))
        XCTAssertTrue(file.text.contains(#"href="https://media.example.edu/l11.mp4#t=65""#), "a caption links into the recording")
        XCTAssertTrue(file.text.contains(#"<script src="/lecture.js" defer></script>"#))
        XCTAssertTrue(file.header("Content-Security-Policy")?.contains("media-src 'self' https:") == true)

        let youtube = try fixture.send(.anonymous, "GET", "/courses/cs193p/lectures/12?t=65")
        XCTAssertFalse(youtube.text.contains("<video"), "YouTube pages are linked, not played in a video element")
        XCTAssertTrue(youtube.text.contains(#"href="https://www.youtube.com/watch?v=abc123&amp;t=65s""#), youtube.text)

        let none = try fixture.send(.anonymous, "GET", "/courses/cs193p/lectures/9")
        XCTAssertFalse(none.text.contains("lecture.js"), "no recording, no script")
    }

    func testInstructorsEditTheirCourseWithTheFormAndItIsAudited() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let form = try fixture.client.send("GET", "/courses/cs193p/edit", headers: ["Cookie": cookie])
        XCTAssertEqual(form.status, 200)
        XCTAssertTrue(form.text.contains(#"value="Sample course""#), form.text)
        let noToken = try fixture.client.send("POST", "/courses/cs193p/edit", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                              body: Array("title=Hijacked".utf8))
        XCTAssertEqual(noToken.status, 403, "CSRF")
        let saved = try fixture.client.send("POST", "/courses/cs193p/edit", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                            body: Array("csrf=\(csrf)&title=iOS+%3Cdevelopment%3E&summary=Views+and+layout".utf8))
        XCTAssertEqual(saved.status, 303, saved.text)
        let page = try fixture.send(.studentA, "GET", "/courses/cs193p")
        XCTAssertTrue(page.text.contains("iOS &lt;development&gt;"), "stored and shown escaped")
        let tooLong = String(repeating: "x", count: 2001)
        let refused = try fixture.client.send("POST", "/courses/cs193p/edit", headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                              body: Array("csrf=\(csrf)&title=Fine&summary=\(tooLong)".utf8))
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.text.contains("summary"), refused.text)
        XCTAssertTrue(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").text.contains("course.update"))
    }
}
