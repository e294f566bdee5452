import Foundation
import HTTPTesting
import LecternApp
import XCTest

/// Captions from real tools, their downloads and their correction by instructors, end to end through
/// the real server and a temporary database file.
final class CaptionCorrectionTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private let api = "/api/courses/cs193p/lectures"
    private let page = "/courses/cs193p/lectures"

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    private let webVTT = """
        WEBVTT Kind: captions --> from an editor

        intro
        00:00:01.000 --> 00:00:04.000 align:start
        <v Ada>The Cassawary solver keeps the constraints.
        00:00:04.000 --> 00:00:06.000
        <v Ada>Auto Layout asks it for frames.

        00:00:09.000 --> 00:00:0x.000
        a broken cue

        00:00:06.000 --> 00:00:08.500
        <v Grace>And &hellip; what about springs?
        """

    private let transcript = """
        # Solving

        The solver keeps every constraint.
        """

    private func put(_ number: Int, captions: String, format: String? = nil, language: String? = nil,
                     transcript: String? = nil) throws -> TestResponse {
        var captionsNode: [String: Any] = ["text": captions]
        if let format { captionsNode["format"] = format }
        if let language { captionsNode["language"] = language }
        var body: [String: Any] = ["title": "Lecture \(number)", "captions": captionsNode]
        if let transcript { body["transcript"] = transcript }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        return try fixture.send(.instructor, "PUT", "\(api)/\(number)", contentType: "application/json", body: json)
    }

    private func search(_ query: String, extra: String = "") throws -> [String: Any] {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        return try fixture.send(.anonymous, "GET", "/api/search?q=\(encoded)&course=cs193p\(extra)").object()
    }

    private func cues(_ number: Int, language: String? = nil) throws -> [[String: Any]] {
        let lecture = try fixture.send(.anonymous, "GET", "\(api)/\(number)").object()
        return try XCTUnwrap(lecture["cues"] as? [[String: Any]])
    }

    private func patch(_ number: Int, _ index: Int, _ body: String, as actor: CourseworkFixture.Actor = .instructor,
                       query: String = "") throws -> TestResponse {
        try fixture.send(actor, "PATCH", "\(api)/\(number)/cues/\(index)\(query)", contentType: "application/json", body: body)
    }

    func testWebVTTFromAnEditorIsReadAsTheSpecSaysAndItsReportListsWhatWasSkipped() throws {
        let response = try put(1, captions: webVTT)
        XCTAssertEqual(response.status, 201, response.text)
        let captions = try XCTUnwrap(try response.object()["captions"] as? [String: Any])
        XCTAssertEqual(captions["cueCount"] as? Int, 3, "the cue without a blank line before it is its own cue")
        let skipped = try XCTUnwrap(captions["skippedLines"] as? [[String: Any]])
        XCTAssertEqual(skipped.first?["line"] as? Int, 9)
        XCTAssertEqual(skipped.first?["reason"] as? String, "cue at line 9 skipped: invalid end time \"00:00:0x.000\"")
        let stored = try cues(1)
        XCTAssertEqual(stored.compactMap { $0["text"] as? String }, [
            "The Cassawary solver keeps the constraints.", "Auto Layout asks it for frames.", "And … what about springs?",
        ])
        XCTAssertEqual(stored.map { $0["speaker"] as? String }, ["Ada", "Ada", "Grace"])
        XCTAssertEqual(stored.compactMap { $0["index"] as? Int }, [0, 1, 2])
    }

    func testVoicesIdentifiersAndSettingsAreWrittenBackInTheWebVTTExport() throws {
        XCTAssertEqual(try put(1, captions: webVTT).status, 201)
        let vtt = try fixture.send(.anonymous, "GET", "\(page)/1/captions.vtt")
        XCTAssertEqual(vtt.status, 200)
        XCTAssertTrue(vtt.text.contains("intro\n00:00:01.000 --> 00:00:04.000 align:start\n<v Ada>The Cassawary"), vtt.text)
        XCTAssertTrue(vtt.text.contains("<v Grace>And … what about springs?"), vtt.text)
        let srt = try fixture.send(.anonymous, "GET", "\(page)/1/captions.srt")
        XCTAssertEqual(srt.status, 200)
        XCTAssertTrue(srt.text.hasPrefix("1\n00:00:01,000 --> 00:00:04,000\n>> The Cassawary"), srt.text)
    }

    func testPlainTextAndMarkdownDownloads() throws {
        XCTAssertEqual(try put(1, captions: webVTT, transcript: transcript).status, 201)
        let text = try fixture.send(.anonymous, "GET", "\(page)/1/captions.txt")
        XCTAssertEqual(text.status, 200)
        XCTAssertEqual(text.header("Content-Type"), "text/plain; charset=utf-8")
        XCTAssertEqual(text.text, """
            Ada: The Cassawary solver keeps the constraints. Auto Layout asks it for frames.

            Grace: And … what about springs?


            """)
        let timed = try fixture.send(.anonymous, "GET", "\(page)/1/captions.txt?timestamps=1")
        XCTAssertEqual(timed.text, """
            [0:01] Ada: The Cassawary solver keeps the constraints.
            [0:04] Auto Layout asks it for frames.
            [0:06] Grace: And … what about springs?

            """)
        let markdown = try fixture.send(.anonymous, "GET", "\(page)/1/transcript.md")
        XCTAssertEqual(markdown.status, 200)
        XCTAssertEqual(markdown.header("Content-Type"), "text/markdown; charset=utf-8")
        XCTAssertTrue(markdown.text.hasPrefix("# Solving\n"), markdown.text)
        XCTAssertTrue(markdown.text.contains("The solver keeps every constraint."), markdown.text)
        XCTAssertEqual(try put(2, captions: "0:01 only captions").status, 201)
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(page)/2/transcript.md").status, 404)
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(page)/9/captions.txt").status, 404)
    }

    func testPatchingACueCorrectsItAuditsItAndSearchFollowsAtOnce() throws {
        XCTAssertEqual(try put(1, captions: webVTT).status, 201)
        XCTAssertEqual(try search("cassowary")["total"] as? Int, 0)
        let response = try patch(1, 0, #"{"text":"The Cassowary solver keeps the constraints.","start":1.5,"end":3.75}"#)
        XCTAssertEqual(response.status, 200, response.text)
        let cue = try response.object()
        XCTAssertEqual(cue["text"] as? String, "The Cassowary solver keeps the constraints.")
        XCTAssertEqual(cue["start"] as? Double, 1.5)
        XCTAssertEqual(cue["end"] as? Double, 3.75)
        XCTAssertEqual(cue["speaker"] as? String, "Ada", "the speaker stays")

        XCTAssertEqual(try search("cassowary")["total"] as? Int, 1, "found at once")
        XCTAssertEqual(try search("cassawary")["total"] as? Int, 0, "the old word is gone")
        XCTAssertEqual(try search("cassowory")["suggestion"] as? String, "cassowary", "did you mean learns the word")

        let audit = try XCTUnwrap(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").json() as? [[String: Any]])
        let entry = try XCTUnwrap(audit.first { $0["action"] as? String == "caption.correct" })
        let details = try XCTUnwrap(entry["details"] as? [String: Any])
        XCTAssertEqual((details["before"] as? [String: Any])?["text"] as? String, "The Cassawary solver keeps the constraints.")
        XCTAssertEqual((details["after"] as? [String: Any])?["start"] as? Double, 1.5)

        XCTAssertEqual(try patch(1, 0, #"{"start":5}"#).status, 422, "a cue may not pass the next one")
        XCTAssertEqual(try patch(1, 0, #"{"text":"   "}"#).status, 422)
        XCTAssertEqual(try patch(1, 0, #"{}"#).status, 400)
        XCTAssertEqual(try patch(1, 0, #"{"text":"x","colour":"red"}"#).status, 400)
        XCTAssertEqual(try patch(1, 7, #"{"text":"x"}"#).status, 404)
        XCTAssertEqual(try patch(1, 0, #"{"text":"x"}"#, as: .studentA).status, 403)
        XCTAssertEqual(try patch(1, 0, #"{"text":"x"}"#, as: .anonymous).status, 401)

        // A browser session needs its CSRF token.
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let body = Array(#"{"text":"Corrected from the browser."}"#.utf8)
        let without = try fixture.client.send("PATCH", "\(api)/1/cues/1", headers: [
            "Cookie": cookie, "Content-Type": "application/json",
        ], body: body)
        XCTAssertEqual(without.status, 403, without.text)
        let with = try fixture.client.send("PATCH", "\(api)/1/cues/1", headers: [
            "Cookie": cookie, "Content-Type": "application/json", "X-CSRF-Token": csrf,
        ], body: body)
        XCTAssertEqual(with.status, 200, with.text)
    }

    func testTheLecturePageOffersInstructorsTheCueFormWhichCorrectsTheCue() throws {
        XCTAssertEqual(try put(1, captions: webVTT).status, 201)
        let student = try fixture.send(.studentA, "GET", "\(page)/1?t=4")
        XCTAssertFalse(student.text.contains("cue-editor"), "students get no form")
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let instructor = try fixture.client.send("GET", "\(page)/1?t=4", headers: ["Cookie": cookie])
        XCTAssertTrue(instructor.text.contains(#"action="/courses/cs193p/lectures/1/cues/1""#), instructor.text)
        XCTAssertTrue(instructor.text.contains("Auto Layout asks it for frames."))
        let form = "csrf=\(csrf)&text=Auto+Layout+asks+the+solver+for+frames.&start=4&end=6"
        let posted = try fixture.client.send("POST", "\(page)/1/cues/1", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array(form.utf8))
        XCTAssertEqual(posted.status, 303, posted.text)
        XCTAssertEqual(posted.header("Location"), "\(page)/1?t=4#t4")
        XCTAssertEqual(try cues(1)[1]["text"] as? String, "Auto Layout asks the solver for frames.")
        let forged = try fixture.client.send("POST", "\(page)/1/cues/1", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("text=forged".utf8))
        XCTAssertEqual(forged.status, 403)
    }

    func testFindAndReplacePreviewsEveryChangeThenMakesThem() throws {
        XCTAssertEqual(try put(1, captions: webVTT).status, 201)
        XCTAssertEqual(try put(2, captions: "0:01 Cassawary again, and cassawary.\n0:05 Cassawaryish is not a word.").status, 201)
        let body = #"{"find":"Cassawary","replace":"Cassowary"}"#
        let preview = try fixture.send(.instructor, "POST", "/api/courses/cs193p/captions/replace",
                                       contentType: "application/json", body: body)
        XCTAssertEqual(preview.status, 200, preview.text)
        let previewed = try preview.object()
        XCTAssertEqual(previewed["applied"] as? Bool, false)
        let changes = try XCTUnwrap(previewed["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.compactMap { $0["lecture"] as? Int }, [1, 2])
        XCTAssertEqual(changes.compactMap { $0["after"] as? String },
                       ["The Cassowary solver keeps the constraints.", "Cassowary again, and Cassowary."])
        XCTAssertEqual(try search("cassowary")["total"] as? Int, 0, "a preview changes nothing")

        let applied = try fixture.send(.instructor, "POST", "/api/courses/cs193p/captions/replace", contentType: "application/json",
                                       body: #"{"find":"Cassawary","replace":"Cassowary","apply":true}"#)
        XCTAssertEqual(try applied.object()["count"] as? Int, 2)
        XCTAssertEqual(try search("cassowary")["total"] as? Int, 2)
        XCTAssertEqual(try search("cassawaryish")["total"] as? Int, 1, "whole words only")
        let audit = try XCTUnwrap(try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").json() as? [[String: Any]])
        XCTAssertEqual(audit.filter { $0["action"] as? String == "caption.replace" }.count, 2, "one entry per lecture")

        // The form: a preview lists the changes and offers to make them.
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let formPage = try fixture.client.send("GET", "/courses/cs193p/captions/replace", headers: ["Cookie": cookie])
        XCTAssertEqual(formPage.status, 200)
        let headers = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
        let formPreview = try fixture.client.send("POST", "/courses/cs193p/captions/replace", headers: headers,
                                                  body: Array("csrf=\(csrf)&find=springs&replace=joints&wholeWords=1&preview=1".utf8))
        XCTAssertEqual(formPreview.status, 200, formPreview.text)
        XCTAssertTrue(formPreview.text.contains("1 cues would change"), formPreview.text)
        XCTAssertTrue(formPreview.text.contains("And … what about joints?"), formPreview.text)
        XCTAssertEqual(try search("joints")["total"] as? Int, 0)
        let formApply = try fixture.client.send("POST", "/courses/cs193p/captions/replace", headers: headers,
                                                body: Array("csrf=\(csrf)&find=springs&replace=joints&wholeWords=1&apply=1".utf8))
        XCTAssertTrue(formApply.text.contains("Changed 1 cues"), formApply.text)
        XCTAssertEqual(try search("joints")["total"] as? Int, 1)
        XCTAssertEqual(try fixture.send(.studentA, "POST", "/api/courses/cs193p/captions/replace", contentType: "application/json",
                                        body: body).status, 403)
    }

    func testATrackInAnotherLanguageIsDownloadedAndSearchedByLanguage() throws {
        XCTAssertEqual(try put(1, captions: webVTT).status, 201)
        let spanish = "WEBVTT\n\n00:01.000 --> 00:04.000\nEl resolvedor guarda las restricciones.\n"
        let stored = try fixture.send(.instructor, "PUT", "\(api)/1/captions/es", contentType: "text/vtt", body: spanish)
        XCTAssertEqual(stored.status, 200, stored.text)
        XCTAssertEqual(try stored.object()["cueCount"] as? Int, 1)
        let lecture = try fixture.send(.anonymous, "GET", "\(api)/1").object()
        XCTAssertEqual(lecture["languages"] as? [String], ["en", "es"])
        XCTAssertEqual((lecture["cues"] as? [Any])?.count, 3, "the main track")
        let vtt = try fixture.send(.anonymous, "GET", "\(page)/1/captions.vtt?lang=es")
        XCTAssertTrue(vtt.text.contains("El resolvedor"), vtt.text)
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(page)/1/captions.vtt?lang=fr").status, 404)
        XCTAssertEqual(try search("restricciones")["total"] as? Int, 1)
        XCTAssertEqual(try search("restricciones", extra: "&lang=en")["total"] as? Int, 0)
        XCTAssertEqual(try search("restricciones", extra: "&lang=es")["total"] as? Int, 1)
        XCTAssertEqual(try patch(1, 0, #"{"text":"El solucionador guarda las restricciones."}"#, query: "?lang=es").status, 200)
        XCTAssertEqual(try search("solucionador", extra: "&lang=es")["total"] as? Int, 1)
        XCTAssertEqual(try fixture.send(.instructor, "PUT", "\(api)/1/captions/en", contentType: "text/vtt", body: spanish).status, 409,
                       "the main track is replaced by importing the lecture")
        XCTAssertEqual(try fixture.send(.instructor, "PUT", "\(api)/1/captions/not_a_tag", contentType: "text/vtt", body: spanish).status, 422)
        XCTAssertEqual(try fixture.send(.instructor, "DELETE", "\(api)/1/captions/es").status, 204)
        XCTAssertEqual(try search("restricciones")["total"] as? Int, 0)
    }

    func testSRTInWindows1252AndUTF16AreDecodedAndTheReportSaysSo() throws {
        let latin: [UInt8] = Array("1\r\n00:00:01,000 --> 00:00:02,000\r\n<font color=\"red\">caf".utf8) + [0xE9] + Array("</font>\r\n".utf8)
        let stored = try fixture.client.send("PUT", "\(api)/1/captions/fr", headers: [
            "Authorization": "Bearer \(try XCTUnwrap(fixture.tokens[.instructor]))", "Content-Type": "application/x-subrip",
        ], body: latin)
        XCTAssertEqual(stored.status, 404, "no lecture 1 yet")
        XCTAssertEqual(try put(1, captions: "0:01 hello").status, 201)
        let again = try fixture.client.send("PUT", "\(api)/1/captions/fr", headers: [
            "Authorization": "Bearer \(try XCTUnwrap(fixture.tokens[.instructor]))", "Content-Type": "application/x-subrip",
        ], body: latin)
        XCTAssertEqual(again.status, 200, again.text)
        XCTAssertEqual(try again.object()["encoding"] as? String, "Windows-1252")
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(page)/1/captions.txt?lang=fr").text, "café\n\n")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "WEBVTT\n\n00:01.000 --> 00:02.000\nnaïve\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let wide = try fixture.client.send("PUT", "\(api)/1/captions/de", headers: [
            "Authorization": "Bearer \(try XCTUnwrap(fixture.tokens[.instructor]))", "Content-Type": "text/vtt",
        ], body: utf16)
        XCTAssertEqual(try wide.object()["encoding"] as? String, "UTF-16LE")
        XCTAssertEqual(try search("naïve", extra: "&lang=de")["total"] as? Int, 1)
    }

    func testPlainDumpsSkipPageTextAfterTheLastCueAndTheFormPreviewStoresNothing() throws {
        let dump = """
            Lecture 9 · captions
            0:01 the solver runs
            once per pass
            0:04 and that is all for today.
            Sign in to keep watching
            Share
            """
        let response = try put(1, captions: dump)
        let captions = try XCTUnwrap(try response.object()["captions"] as? [String: Any])
        XCTAssertEqual(captions["cueCount"] as? Int, 2)
        let skipped = try XCTUnwrap(captions["skippedLines"] as? [[String: Any]])
        XCTAssertEqual(skipped.compactMap { $0["line"] as? Int }, [1, 5, 6])
        let joined = try XCTUnwrap(captions["joinedLines"] as? [[String: Any]])
        XCTAssertEqual(joined.compactMap { $0["line"] as? Int }, [3])
        XCTAssertEqual(joined.first?["cueStart"] as? Double, 1)
        XCTAssertEqual(try cues(1).last?["text"] as? String, "and that is all for today.")

        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let encoded = dump.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let preview = try fixture.client.send("POST", "\(page)/new", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("csrf=\(csrf)&number=5&title=Five&captions=\(encoded)&preview=1".utf8))
        XCTAssertEqual(preview.status, 200, preview.text)
        XCTAssertTrue(preview.text.contains("Import preview"), preview.text)
        XCTAssertTrue(preview.text.contains("untimed text after the last cue, which ends a sentence"), preview.text)
        XCTAssertTrue(preview.text.contains("once per pass"), preview.text)
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(api)/5").status, 404, "a preview stores nothing")
    }

    func testAWindows1252FileUploadedThroughTheFormIsDecodedAndSaidSo() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let boundary = "----LecternCaptions1252"
        func part(_ name: String, _ value: [UInt8], filename: String? = nil) -> [UInt8] {
            let file = filename.map { "; filename=\"\($0)\"" } ?? ""
            return Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\(file)\r\n\r\n".utf8) + value
                + Array("\r\n".utf8)
        }
        let srt = Array("1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>caf".utf8) + [0xE9] + Array("</i> au lait\r\n".utf8)
        let body = part("csrf", Array(csrf.utf8)) + part("number", Array("4".utf8)) + part("title", Array("Four".utf8))
            + part("captionsFile", srt, filename: "old-editor.srt") + part("preview", Array("1".utf8))
            + Array("--\(boundary)--\r\n".utf8)
        let preview = try fixture.client.send("POST", "\(page)/new", headers: [
            "Cookie": cookie, "Content-Type": "multipart/form-data; boundary=\(boundary)",
        ], body: body)
        XCTAssertEqual(preview.status, 200, preview.text)
        XCTAssertTrue(preview.text.contains("it was read as Windows-1252"), preview.text)
        XCTAssertTrue(preview.text.contains("café&lt;/i&gt; au lait"), "the form holds the decoded text to save: \(preview.text)")
        XCTAssertEqual(try fixture.send(.anonymous, "GET", "\(api)/4").status, 404)
    }

    func testSearchFindsJoinedAndSplitWordsAndShowsItsSyntax() throws {
        XCTAssertEqual(try put(1, captions: webVTT).status, 201)
        XCTAssertEqual(try put(2, captions: "0:01 autolayout in one word").status, 201)
        XCTAssertEqual(try search("autolayout")["total"] as? Int, 2)
        XCTAssertEqual(try search("auto layout")["total"] as? Int, 2)
        let html = try fixture.send(.anonymous, "GET", "/search?q=autolayout").text
        XCTAssertTrue(html.contains(#"<p class="search-hint" id="search-hint">Search syntax: Words, &quot;exact phrases&quot;, prefix*, OR, -excluded.</p>"#)
                      || html.contains(#"<p class="search-hint" id="search-hint">Search syntax: Words, "exact phrases", prefix*, OR, -excluded.</p>"#),
                      html)
    }
}
