import Foundation
import LecternApp
import XCTest

/// Students submit what they make in Xcode, through the real server: a file uploaded with the
/// exercise's form, or the file's text through the API, graded like the text format, with the
/// page showing what the file was understood as; and the starter downloaded in each form.
final class XcodeSubmissionTests: XCTestCase {
    private var fixture: CourseworkFixture!

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    private func corners(_ file: String) throws -> String {
        try String(contentsOfFile: CourseworkFixture.cornersFolder + "/" + file, encoding: .utf8)
    }

    /// A multipart body with the CSRF field and one file.
    private func multipart(csrf: String, fileName: String, contents: [UInt8], text: String = "") -> (type: String, body: [UInt8]) {
        let boundary = "lectern-test-boundary-7d1f"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n\(text)\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += contents + Array("\r\n--\(boundary)--\r\n".utf8)
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    func testAnUploadedSwiftFileIsGradedAndShownBesideWhatItBecame() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let page = try fixture.client.send("GET", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie])
        XCTAssertTrue(page.text.contains(#"enctype="multipart/form-data""#), "the form takes files")
        XCTAssertTrue(page.text.contains(#"type="file""#))
        XCTAssertTrue(page.text.contains("/downloads/starter.swift"), "the starter in Swift")
        XCTAssertTrue(page.text.contains("/downloads/starter.m"), "and Objective-C")

        let (type, body) = multipart(csrf: csrf, fileName: "ViewController.swift", contents: Array(try corners("reference.swift").utf8))
        let posted = try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie, "Content-Type": type], body: body)
        XCTAssertEqual(posted.status, 303, posted.text)
        let location = try XCTUnwrap(posted.header("Location"))
        let result = try fixture.client.send("GET", location, headers: ["Cookie": cookie])
        XCTAssertEqual(result.status, 200)
        XCTAssertTrue(result.text.contains("100 / 100"), "full marks")
        XCTAssertTrue(result.text.contains("What was understood"), "the conversion is shown")
        XCTAssertTrue(result.text.contains("Submitted Swift"))
    }

    func testTheAPITakesObjectiveCByMediaTypeAndSwiftByContent() throws {
        let objc = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/corners/submissions",
                                    contentType: "text/x-objective-c", body: try corners("reference.m"))
        XCTAssertEqual(objc.status, 201, objc.text)
        XCTAssertEqual(try objc.object()["score"] as? Int, 100, objc.text)
        let swift = try fixture.send(.studentB, "POST", "/api/courses/cs193p/exercises/corners/submissions",
                                     contentType: "text/plain", body: try corners("reference.swift"))
        XCTAssertEqual(swift.status, 201, swift.text)
        XCTAssertEqual(try swift.object()["score"] as? Int, 100, swift.text)
    }

    func testUnreadableFilesAreRefusedWithWhereAndNoAttemptIsCounted() throws {
        let broken = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/corners/submissions",
                                      contentType: "text/x-swift", body: "thing1.leadingAnchor.constraint(equalTo: \"unclosed")
        XCTAssertEqual(broken.status, 422, broken.text)
        let brokenAt = try XCTUnwrap((try broken.object()["errors"] as? [[String: Any]])?.first, broken.text)
        XCTAssertEqual(brokenAt["line"] as? Int, 1, "line and column: \(broken.text)")
        XCTAssertNotNil(brokenAt["column"] as? Int, broken.text)
        let (cookie, csrf) = try fixture.browserSignIn(username: "alice")
        let (type, body) = multipart(csrf: csrf, fileName: "ViewController.m", contents: [0xFF, 0xFE, 0x00, 0x41])
        XCTAssertEqual(try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie, "Content-Type": type],
                                               body: body).status, 400, "not UTF-8")
        let huge = multipart(csrf: csrf, fileName: "Huge.swift", contents: Array(repeating: UInt8(ascii: "x"), count: 600 * 1024))
        XCTAssertEqual(try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie, "Content-Type": huge.type],
                                               body: huge.body).status, 413)
        let mine = try fixture.send(.studentA, "GET", "/api/courses/cs193p/exercises/corners/submissions?user=me")
        XCTAssertEqual((try mine.json() as? [Any])?.count, 0, "no attempt was counted: \(mine.text)")
    }

    func testTheStarterDownloadsInEachForm() throws {
        for (file, marker) in [("starter.layout", ""), ("starter.swift", "NSLayoutConstraint"), ("starter.m", "@implementation")] {
            let response = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners/downloads/\(file)")
            XCTAssertEqual(response.status, 200, file)
            XCTAssertTrue(response.header("Content-Disposition")?.contains(file) == true)
            if !marker.isEmpty { XCTAssertTrue(response.text.contains(marker), "\(file): \(response.text.prefix(200))") }
        }
        XCTAssertEqual(try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners/downloads/reference.swift").status, 404,
                       "only starters")
        XCTAssertEqual(try fixture.send(.otherInstructor, "GET", "/courses/cs193p/exercises/corners/downloads/starter.swift").status, 404)
    }

    func testAStoryboardIsGradedThroughTheAPIAndTheFormAndItsStarterDownloads() throws {
        let storyboard = try corners("reference.storyboard")
        let api = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/corners/submissions",
                                   contentType: "application/x-ib+xml", body: storyboard)
        XCTAssertEqual(api.status, 201, api.text)
        XCTAssertEqual(try api.object()["score"] as? Int, 100, api.text)

        let (cookie, csrf) = try fixture.browserSignIn(username: "bob")
        let (type, body) = multipart(csrf: csrf, fileName: "Main.storyboard", contents: Array(storyboard.utf8))
        let posted = try fixture.client.send("POST", "/courses/cs193p/exercises/corners", headers: ["Cookie": cookie, "Content-Type": type], body: body)
        XCTAssertEqual(posted.status, 303, posted.text)
        let result = try fixture.client.send("GET", try XCTUnwrap(posted.header("Location")), headers: ["Cookie": cookie])
        XCTAssertTrue(result.text.contains("Submitted storyboard or XIB"), result.text)
        XCTAssertTrue(result.text.contains("What was understood"))

        let starter = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners/downloads/starter.storyboard")
        XCTAssertEqual(starter.status, 200)
        XCTAssertTrue(starter.text.contains("com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"))

        let hostile = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">]><document>&lol;</document>"
        let refused = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/corners/submissions",
                                       contentType: "application/x-ib+xml", body: hostile)
        XCTAssertEqual(refused.status, 422, refused.text)
        let refusedAt = try XCTUnwrap((try refused.object()["errors"] as? [[String: Any]])?.first, refused.text)
        XCTAssertEqual(refusedAt["line"] as? Int, 1, refused.text)
        XCTAssertNotNil(refusedAt["column"] as? Int, refused.text)
    }
}
