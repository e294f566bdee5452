import Foundation
import HTTPTesting
@testable import LecternApp
import XCTest

/// Lecture import by instructors through the API and the lecture form, end to end through the real
/// server and a temporary database file.
final class LectureAdminTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private let api = "/api/courses/cs193p/lectures"

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    /// Captions whose first line is page chrome; `word` is said in the second cue.
    private func captions(saying word: String) -> String {
        """
        Stanford CS193p · captions
        00:01 Today we talk about magic numbers.
        00:05 The \(word) example keeps its constraints
        00:09 [laughter] and the solver does the rest.
        """
    }

    private let transcript = """
        # Magic numbers

        Never write 42 inline.

        ## The solver

        It keeps every constraint.
        """

    private func lectureJSON(title: String = "Auto Layout", captions: String?, format: String? = nil,
                             transcript: String? = nil, date: String? = "2026-10-22") throws -> String {
        let captionsValue: Any = captions.map { text -> [String: Any] in ["format": format.map { $0 as Any } ?? NSNull(), "text": text] }
            ?? NSNull()
        let body: [String: Any] = ["title": title, "date": date.map { $0 as Any } ?? NSNull(),
                                   "transcript": transcript.map { $0 as Any } ?? NSNull(), "captions": captionsValue]
        return String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
    }

    private func put(_ number: Int, _ json: String, as actor: CourseworkFixture.Actor = .instructor) throws -> TestResponse {
        try fixture.send(actor, "PUT", "\(api)/\(number)", contentType: "application/json", body: json)
    }

    private func searchTotal(_ query: String) throws -> Int? {
        try fixture.send(.anonymous, "GET", "/api/search?q=\(query)&course=cs193p").object()["total"] as? Int
    }

    /// The stored lecture as the API shows it.
    private func stored(_ number: Int) throws -> [String: Any] {
        let response = try fixture.send(.anonymous, "GET", "\(api)/\(number)")
        XCTAssertEqual(response.status, 200, response.text)
        return try response.object()
    }

    func testPutCreatesThenReplacesIdempotentlyAndSearchFollows() throws {
        let first = try lectureJSON(captions: captions(saying: "zeppelin"), transcript: transcript)
        let created = try put(9, first)
        XCTAssertEqual(created.status, 201, created.text)
        XCTAssertEqual(created.header("Location"), "\(api)/9")
        let report = try created.object()
        XCTAssertEqual(report["created"] as? Bool, true)
        XCTAssertEqual(report["url"] as? String, "/courses/cs193p/lectures/9")
        let captionReport = try XCTUnwrap(report["captions"] as? [String: Any])
        XCTAssertEqual(captionReport["format"] as? String, "plain")
        XCTAssertEqual(captionReport["cueCount"] as? Int, 3, "three timestamped lines")
        let skipped = try XCTUnwrap(captionReport["skippedLines"] as? [[String: Any]])
        XCTAssertEqual(skipped.count, 1)
        XCTAssertEqual(skipped.first?["line"] as? Int, 1)
        XCTAssertEqual(skipped.first?["text"] as? String, "Stanford CS193p · captions")
        let sections = try XCTUnwrap((report["transcript"] as? [String: Any])?["sections"] as? [[String: Any]])
        XCTAssertEqual(sections.compactMap { $0["title"] as? String }, ["Magic numbers", "The solver"])
        XCTAssertEqual(sections.compactMap { $0["level"] as? Int }, [1, 2])

        let before = try stored(9)
        XCTAssertEqual(before["cueCount"] as? Int, 3)
        XCTAssertEqual(before["sectionCount"] as? Int, 2)
        XCTAssertEqual(before["date"] as? String, "2026-10-22")
        XCTAssertEqual(try searchTotal("zeppelin"), 1)

        let again = try put(9, first)
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertEqual(try again.object()["created"] as? Bool, false)
        let after = try stored(9)
        XCTAssertEqual(after["cueCount"] as? Int, 3, "importing twice changes nothing")
        XCTAssertEqual((after["cues"] as? [[String: Any]])?.compactMap { $0["text"] as? String },
                       (before["cues"] as? [[String: Any]])?.compactMap { $0["text"] as? String })
        XCTAssertEqual((after["sections"] as? [[String: Any]])?.compactMap { $0["markdown"] as? String },
                       (before["sections"] as? [[String: Any]])?.compactMap { $0["markdown"] as? String })
        XCTAssertEqual(try searchTotal("zeppelin"), 1, "no duplicate index rows after a replace")

        let replaced = try put(9, try lectureJSON(captions: captions(saying: "quokka"), transcript: nil))
        XCTAssertEqual(replaced.status, 200, replaced.text)
        XCTAssertTrue(try replaced.object()["transcript"] is NSNull)
        XCTAssertEqual(try searchTotal("quokka"), 1, "the new text is found")
        XCTAssertEqual(try searchTotal("zeppelin"), 0, "the removed text is gone from the index")
        XCTAssertEqual(try searchTotal("inline"), 0, "the removed transcript is gone from the index")
        XCTAssertEqual(try stored(9)["sectionCount"] as? Int, 0)

        let audit = try XCTUnwrap(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").json() as? [[String: Any]])
        let imports = audit.filter { $0["action"] as? String == "lecture.import" }
        XCTAssertEqual(imports.count, 3)
        XCTAssertEqual(imports.compactMap { ($0["details"] as? [String: Any])?["replaced"] as? Bool }, [true, true, false],
                       "newest first")
    }

    func testDeleteRemovesTheLectureAndItsSearchEntries() throws {
        XCTAssertEqual(try put(2, try lectureJSON(captions: captions(saying: "zeppelin"), transcript: transcript)).status, 201)
        XCTAssertEqual(try put(3, try lectureJSON(captions: captions(saying: "quokka"))).status, 201)
        XCTAssertEqual(try searchTotal("zeppelin"), 1)
        XCTAssertEqual(try fixture.send(.studentA, "DELETE", "\(api)/2").status, 403)
        XCTAssertEqual(try fixture.send(.otherInstructor, "DELETE", "\(api)/2").status, 404)
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        XCTAssertEqual(try fixture.client.send("DELETE", "\(api)/2", headers: ["Cookie": cookie]).status, 403, "no CSRF header")
        XCTAssertEqual(try fixture.client.send("DELETE", "\(api)/2", headers: ["Cookie": cookie, "X-CSRF-Token": csrf]).status, 204)

        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(api)/2").status, 404)
        XCTAssertEqual(try searchTotal("zeppelin"), 0, "cues are gone from the index")
        XCTAssertEqual(try searchTotal("inline"), 0, "transcript sections are gone from the index")
        XCTAssertEqual(try searchTotal("quokka"), 1, "the other lecture stays")
        XCTAssertEqual(try fixture.send(.instructor, "DELETE", "\(api)/2").status, 404)
        let audit = try XCTUnwrap(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").json() as? [[String: Any]])
        let deletion = try XCTUnwrap(audit.first)
        XCTAssertEqual(deletion["action"] as? String, "lecture.delete")
        XCTAssertEqual((deletion["details"] as? [String: Any])?["number"] as? Int, 2)
    }

    func testUnreadableContentIsRefusedWithItsLineAndNothingIsStored() throws {
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> later\nWorld\n"
        let badCaptions = try put(4, try lectureJSON(captions: srt, format: "srt"))
        XCTAssertEqual(badCaptions.status, 400, badCaptions.text)
        let captionProblem = try badCaptions.object()
        let captionError = try XCTUnwrap((captionProblem["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(captionError["field"] as? String, "captions")
        XCTAssertEqual(captionError["line"] as? Int, 6, "the timing line of the second block")
        XCTAssertEqual(captionProblem["code"] as? String, "invalid_captions")
        XCTAssertTrue((captionProblem["detail"] as? String ?? "").hasPrefix("captions line 6: "), "\(captionProblem)")

        let longLine = String(repeating: "x", count: 70_000)
        let badTranscript = try put(4, try lectureJSON(captions: nil, transcript: "# Title\n\n\(longLine)\n"))
        XCTAssertEqual(badTranscript.status, 400, badTranscript.text)
        let transcriptError = try XCTUnwrap((try badTranscript.object()["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(transcriptError["field"] as? String, "transcript")
        XCTAssertEqual(transcriptError["line"] as? Int, 3, "the line longer than the 64 KiB line limit")

        let badDate = try put(4, try lectureJSON(captions: nil, date: "2026-13-01"))
        XCTAssertEqual(badDate.status, 422, badDate.text)
        XCTAssertEqual((try badDate.object()["errors"] as? [[String: Any]])?.first?["field"] as? String, "date")

        let misspelt = try put(4, #"{"titel":"Auto Layout"}"#)
        XCTAssertEqual(misspelt.status, 400)
        XCTAssertTrue(misspelt.text.contains(#"unknown field \"titel\""#), misspelt.text)
        let malformed = try put(4, "{\"title\":\n\"x\",,}")
        XCTAssertEqual(malformed.status, 400)
        XCTAssertTrue(malformed.text.contains("2:"), "line and column of the JSON error: \(malformed.text)")
        let wrongFormat = try put(4, try lectureJSON(captions: "00:01 hi", format: "sbv"))
        XCTAssertEqual(wrongFormat.status, 400, wrongFormat.text)

        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(api)/4").status, 404, "no refused upload left a lecture behind")
        XCTAssertEqual((try fixture.send(.anonymous, "GET", "/api/courses/cs193p/lectures").json() as? [Any])?.count, 0)
    }

    func testABodyOverTheRouteLimitIs413() throws {
        let padding = String(repeating: "a", count: LectureUpload.maxBodyBytes)
        let response = try put(5, #"{"title":"Big","transcript":"\#(padding)"}"#)
        XCTAssertEqual(response.status, 413)
        let withinDefault = try put(5, try lectureJSON(captions: nil, transcript: String(repeating: "A line of words.\n", count: 100_000)))
        XCTAssertEqual(withinDefault.status, 201, "1.7 MB, over the server's default limit, is accepted on this route")
    }

    func testTheFormNeedsTheSessionCSRFTokenAndAnswersWithWhatWasRead() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let form = try fixture.client.send("GET", "/courses/cs193p/lectures/new", headers: ["Cookie": cookie])
        XCTAssertEqual(form.status, 200, form.text)
        XCTAssertEqual(CourseworkFixture.hiddenCSRF(in: form.text), csrf)
        XCTAssertTrue(form.text.contains(#"name="captions""#) && form.text.contains(#"name="transcript""#))

        let fields = ["number": "7", "title": "Springs", "date": "", "video": "", "captionsFormat": "",
                      "captions": captions(saying: "zeppelin"), "transcript": transcript]
        func post(_ path: String, _ fields: [String: String], csrf: String?) throws -> TestResponse {
            var all = fields
            all["csrf"] = csrf
            return try fixture.client.send("POST", path, headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                                           body: Array(Self.formEncoded(all).utf8))
        }
        XCTAssertEqual(try post("/courses/cs193p/lectures/new", fields, csrf: nil).status, 403)
        XCTAssertEqual(try post("/courses/cs193p/lectures/new", fields, csrf: String(repeating: "0", count: 64)).status, 403)
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(api)/7").status, 404, "a refused form stores nothing")

        let saved = try post("/courses/cs193p/lectures/new", fields, csrf: csrf)
        XCTAssertEqual(saved.status, 201, saved.text)
        XCTAssertEqual(saved.header("Location"), "/courses/cs193p/lectures/7")
        XCTAssertTrue(saved.text.contains("3 cues (plain, 1 line skipped), 2 transcript sections"), saved.text)
        XCTAssertTrue(saved.text.contains("Stanford CS193p · captions"), "the skipped line is listed")
        XCTAssertTrue(saved.text.contains(#"href="/courses/cs193p/lectures/7#the-solver""#), saved.text)

        let duplicate = try post("/courses/cs193p/lectures/new", fields, csrf: csrf)
        XCTAssertEqual(duplicate.status, 409, "the new-lecture form does not replace a lecture")
        XCTAssertTrue(duplicate.text.contains("exists already"))
        XCTAssertTrue(duplicate.text.contains("zeppelin"), "the form keeps what was entered")

        var broken = fields
        broken["captionsFormat"] = "srt"
        broken["captions"] = "1\nnot a timing line\nHello\n"
        broken["number"] = "8"
        let refused = try post("/courses/cs193p/lectures/new", broken, csrf: csrf)
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("captions line 2:"), refused.text)

        // The cookie also drives the API, which then needs the token as a header.
        let body = Array(try lectureJSON(captions: nil).utf8)
        let withoutHeader = try fixture.client.send("PUT", "\(api)/7", headers: ["Cookie": cookie, "Content-Type": "application/json"], body: body)
        XCTAssertEqual(withoutHeader.status, 403)
        let withHeader = try fixture.client.send("PUT", "\(api)/7", headers: [
            "Cookie": cookie, "Content-Type": "application/json", "X-CSRF-Token": csrf,
        ], body: body)
        XCTAssertEqual(withHeader.status, 200, withHeader.text)
    }

    func testTheFormTakesUploadedFilesInPlaceOfPastedText() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let page = try fixture.client.send("GET", "/courses/cs193p/lectures/new", headers: ["Cookie": cookie])
        XCTAssertTrue(page.text.contains(#"enctype="multipart/form-data""#) && page.text.contains(#"name="captionsFile""#),
                      page.text)
        let boundary = "----LecternTest7MA4YWxk"
        func part(_ name: String, _ value: String, filename: String? = nil) -> String {
            let file = filename.map { "; filename=\"\($0)\"\r\nContent-Type: text/plain" } ?? ""
            return "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\(file)\r\n\r\n\(value)\r\n"
        }
        let body = part("csrf", csrf) + part("number", "9") + part("title", "Uploaded") + part("captionsFormat", "")
            + part("captions", "pasted text that the file replaces") + part("captionsFile", captions(saying: "kayak"), filename: "nine.txt")
            + part("transcript", transcript) + part("transcriptFile", "", filename: "")
            + "--\(boundary)--\r\n"
        let saved = try fixture.client.send("POST", "/courses/cs193p/lectures/new", headers: [
            "Cookie": cookie, "Content-Type": "multipart/form-data; boundary=\(boundary)",
        ], body: Array(body.utf8))
        XCTAssertEqual(saved.status, 201, saved.text)
        XCTAssertTrue(saved.text.contains("3 cues (plain, 1 line skipped), 2 transcript sections"), saved.text)
        XCTAssertEqual(try searchTotal("kayak"), 1, "the uploaded captions were stored")
        XCTAssertEqual(try searchTotal("replaces"), 0, "not the pasted text")

        let malformed = try fixture.client.send("POST", "/courses/cs193p/lectures/new", headers: [
            "Cookie": cookie, "Content-Type": "multipart/form-data; boundary=\(boundary)",
        ], body: Array(part("csrf", csrf).utf8))
        XCTAssertEqual(malformed.status, 400, "a body without its closing boundary")
    }

    func testSavingTheEditFormUnchangedStoresTheSameLecture() throws {
        let tricky = """
            Before any heading, with a [link](https://example.com).

            # C# and *emphasis*: `code` #

            Body with `code`.

            ## Mistakes \\ escapes_and_underscores

            1. one
            2. two

            ### Рис. 5

            ```swift
            let x = 42 // <b>
            ```
            """
        XCTAssertEqual(try put(3, try lectureJSON(title: "Edits & <more>", captions: captions(saying: "zeppelin"),
                                                  transcript: tricky)).status, 201)
        let before = try stored(3)
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let page = try fixture.client.send("GET", "/courses/cs193p/lectures/3/edit", headers: ["Cookie": cookie])
        XCTAssertEqual(page.status, 200, page.text)
        var fields = try Self.formFields(page.text)
        XCTAssertEqual(fields["title"], "Edits & <more>")
        XCTAssertEqual(fields["captionsFormat"], "vtt")
        XCTAssertTrue(fields["captions"]?.hasPrefix("WEBVTT") == true)
        fields["csrf"] = csrf
        let saved = try fixture.client.send("POST", "/courses/cs193p/lectures/3/edit", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array(Self.formEncoded(fields).utf8))
        XCTAssertEqual(saved.status, 200, saved.text)
        let after = try stored(3)
        for key in ["title", "date", "video", "cueCount", "sectionCount"] {
            XCTAssertEqual("\(after[key] ?? "none")", "\(before[key] ?? "none")", key)
        }
        for key in ["anchor", "title", "level", "markdown", "text"] {
            XCTAssertEqual((after["sections"] as? [[String: Any]])?.map { "\($0[key] ?? "none")" },
                           (before["sections"] as? [[String: Any]])?.map { "\($0[key] ?? "none")" }, "sections' \(key)")
        }
        for key in ["start", "end", "text", "speakerChange", "nonSpeech"] {
            XCTAssertEqual((after["cues"] as? [[String: Any]])?.map { "\($0[key] ?? "none")" },
                           (before["cues"] as? [[String: Any]])?.map { "\($0[key] ?? "none")" }, "cues' \(key)")
        }
    }

    func testHostileTextIsEscapedOnEveryPage() throws {
        let hostile = try lectureJSON(title: #"<script>alert("title")</script>"#,
                                      captions: "00:01 <img src=x onerror=alert(1)> hi\n00:04 \"quoted\" & <b>bold</b>",
                                      transcript: "# <i>heading</i>\n\n<script>alert(2)</script> [x](javascript:alert(3))\n")
        let created = try put(6, hostile)
        XCTAssertEqual(created.status, 201, created.text)
        let (cookie, _) = try fixture.browserSignIn(username: "ines")
        for path in ["/courses/cs193p/lectures/6", "/courses/cs193p/lectures/6/edit", "/courses/cs193p"] {
            let page = try fixture.client.send("GET", path, headers: ["Cookie": cookie, "Accept": "text/html"])
            XCTAssertEqual(page.status, 200, path)
            for raw in ["<script>alert", "<img src=x", "<i>heading", "<b>bold", #"href="javascript:"#] {
                XCTAssertFalse(page.text.contains(raw), "\(path) contains \(raw)")
            }
            XCTAssertTrue(page.text.contains("&lt;script&gt;alert"), path)
        }
    }

    // MARK: - Form helpers

    private static func formEncoded(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
    }

    /// The values of a page's text inputs, selected options and textareas, by name, unescaped.
    private static func formFields(_ html: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        let patterns = [
            #"<input type="(?:text|number|date|url)" id="[^"]*" name="([^"]*)" value="([^"]*)""#,
            #"<select id="[^"]*" name="([^"]*)">(?:(?!</select>).)*?<option value="([^"]*)" selected"#,
            #"<textarea class="code" id="[^"]*" name="([^"]*)"[^>]*>\n((?:(?!</textarea>)[\s\S])*)</textarea>"#,
        ]
        for pattern in patterns {
            let expression = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            let text = html as NSString
            for match in expression.matches(in: html, range: NSRange(location: 0, length: text.length)) {
                fields[text.substring(with: match.range(at: 1))] = unescaped(text.substring(with: match.range(at: 2)))
            }
        }
        return fields
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
