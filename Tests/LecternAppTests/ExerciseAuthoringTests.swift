import Foundation
import Grading
import HTTPTesting
@testable import LecternApp
import Store
import XCTest

/// Exercises written in a course, through the real server and a real database file: the API and
/// the editor's forms, validation, preview, publishing, versions and the regrade that follows.
final class ExerciseAuthoringTests: XCTestCase {
    private let json = "application/json"
    private let formType = "application/x-www-form-urlencoded"

    /// The repository's `corners` folder as the API's JSON body, under another slug.
    static func cornersBody(slug: String = "corners-two") throws -> [String: Any] {
        let folder = CourseworkFixture.cornersFolder
        func text(_ path: String) throws -> String { try String(contentsOfFile: folder + "/" + path, encoding: .utf8) }
        func object(_ path: String) throws -> [String: Any] {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try text(path).utf8)) as? [String: Any])
        }
        var exercise = try object("exercise.json")
        exercise["slug"] = slug
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/examples")
            .filter { $0.hasSuffix(".layout") }.map { String($0.dropLast(7)) }.sorted()
        let examples = try names.map { name -> [String: Any] in
            ["name": name, "text": try text("examples/\(name).layout"), "expected": try object("examples/\(name).expected.json")]
        }
        return ["exercise": exercise, "statement": try text("statement.md"), "reference": try text("reference.layout"),
                "starter": try text("starter.layout"), "examples": examples]
    }

    static func encode(_ body: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    }

    func testCreatePreviewPublishSubmitEditRegradeAndApply() async throws {
        let fixture = try await CourseworkFixture()
        do {
            try await roundTrip(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    private func roundTrip(_ fixture: CourseworkFixture) async throws {
        let api = "/api/courses/cs193p/exercises"
        var body = try Self.cornersBody()

        // Create: stored, not yet seen by students.
        let created = try fixture.send(.instructor, "POST", api, contentType: json, body: try Self.encode(body))
        XCTAssertEqual(created.status, 201, created.text)
        XCTAssertEqual(created.header("Location"), "\(api)/corners-two")
        let state = try XCTUnwrap(try created.object()["state"] as? [String: Any])
        XCTAssertEqual(state["published"] as? Bool, false)
        let firstVersion = try XCTUnwrap(state["version"] as? String)
        XCTAssertEqual(firstVersion.count, 64)
        XCTAssertEqual(try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners-two").status, 404)
        XCTAssertEqual(try fixture.send(.studentA, "POST", "\(api)/corners-two/submissions", contentType: "text/plain",
                                        body: "H:|-[thing1]").status, 404)
        XCTAssertFalse(try fixture.send(.studentA, "GET", "/courses/cs193p").text.contains("corners-two"), "students do not see drafts")
        XCTAssertTrue(try fixture.send(.instructor, "GET", "/courses/cs193p").text.contains("corners-two"))

        // Preview: the reference and every example graded, with pictures; nothing stored.
        let preview = try fixture.send(.instructor, "POST", "/api/courses/cs193p/exercise-preview", contentType: json,
                                       body: try Self.encode(body))
        XCTAssertEqual(preview.status, 200, preview.text)
        let previewed = try preview.object()
        XCTAssertEqual(previewed["ready"] as? Bool, true, preview.text)
        let runs = try XCTUnwrap(previewed["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.map { $0["name"] as? String }, ["reference", "leading-pinned", "left-and-right", "missing-vertical"])
        XCTAssertEqual(runs.map { $0["matches"] as? Bool }, [true, true, true, true])
        XCTAssertEqual((runs[0]["pictures"] as? [[String: Any]])?.count, 4, "one picture per scenario")
        XCTAssertTrue(((runs[1]["pictures"] as? [[String: Any]])?.first?["svg"] as? String)?.hasPrefix("<svg") == true)

        // Publish: students see it; a student submits a wrong answer.
        let published = try fixture.send(.instructor, "POST", "\(api)/corners-two/publish")
        XCTAssertEqual(published.status, 200, published.text)
        XCTAssertTrue(try published.object()["regrade"] is NSNull, "no submissions, no regrade")
        let wrong = try String(contentsOfFile: CourseworkFixture.cornersFolder + "/examples/leading-pinned.layout", encoding: .utf8)
        let submitted = try fixture.send(.studentA, "POST", "\(api)/corners-two/submissions", contentType: "text/plain", body: wrong)
        XCTAssertEqual(submitted.status, 201, submitted.text)
        let submission = try submitted.object()
        let submissionID = try XCTUnwrap(submission["id"] as? Int)
        XCTAssertEqual(submission["score"] as? Double, 65)
        XCTAssertEqual(submission["version"] as? String, firstVersion, "the grade names the version it was graded against")
        XCTAssertTrue(try fixture.send(.studentA, "GET", "/submissions/\(submissionID)").text.contains(String(firstVersion.prefix(12))))

        // Edit: landscape is now worth 10 points and portrait 40; the example's expected score follows.
        var exercise = try XCTUnwrap(body["exercise"] as? [String: Any])
        var scenarios = try XCTUnwrap(exercise["scenarios"] as? [[String: Any]])
        scenarios[0]["points"] = 40
        scenarios[1]["points"] = 10
        exercise["scenarios"] = scenarios
        body["exercise"] = exercise
        let stale = try fixture.send(.instructor, "PUT", "\(api)/corners-two", contentType: json, body: try Self.encode(body))
        XCTAssertEqual(stale.status, 422, "the example's expected score no longer holds: \(stale.text)")
        let staleErrors = try XCTUnwrap(try stale.object()["errors"] as? [[String: Any]])
        XCTAssertEqual(staleErrors.first?["field"] as? String, "examples[0].text", stale.text)
        XCTAssertTrue((staleErrors.first?["message"] as? String)?.contains("expected a score of 65, got 80") == true, stale.text)

        var examples = try XCTUnwrap(body["examples"] as? [[String: Any]])
        var expected = try XCTUnwrap(examples[0]["expected"] as? [String: Any])
        expected["score"] = 80
        examples[0]["expected"] = expected
        body["examples"] = examples
        let saved = try fixture.send(.instructor, "PUT", "\(api)/corners-two", contentType: json, body: try Self.encode(body))
        XCTAssertEqual(saved.status, 200, saved.text)
        let savedState = try XCTUnwrap(try saved.object()["state"] as? [String: Any])
        XCTAssertEqual(savedState["version"] as? String, firstVersion, "students keep the published version")
        let secondVersion = try XCTUnwrap(savedState["draftVersion"] as? String)
        XCTAssertNotEqual(secondVersion, firstVersion)
        let again = try fixture.send(.studentB, "POST", "\(api)/corners-two/submissions", contentType: "text/plain", body: wrong)
        XCTAssertEqual(try again.object()["version"] as? String, firstVersion, "a draft grades nobody")

        // Publish the new version: straight into the dry-run regrade, then apply it.
        let republished = try fixture.send(.instructor, "POST", "\(api)/corners-two/publish")
        XCTAssertEqual(republished.status, 200, republished.text)
        let outcome = try republished.object()
        XCTAssertEqual(outcome["previousVersion"] as? String, firstVersion)
        XCTAssertEqual(outcome["version"] as? String, secondVersion)
        let run = try XCTUnwrap((outcome["regrade"] as? [String: Any])?["id"] as? Int)
        _ = try fixture.waitForRegrade(run, status: "ready")
        XCTAssertEqual(try fixture.send(.studentA, "GET", "/api/submissions/\(submissionID)").object()["score"] as? Double, 65,
                       "a dry run changes nothing that counts")
        XCTAssertEqual(try fixture.send(.instructor, "POST", "/api/regrades/\(run)/apply").status, 202)
        _ = try fixture.waitForRegrade(run, status: "applied")
        let regraded = try fixture.send(.studentA, "GET", "/api/submissions/\(submissionID)").object()
        XCTAssertEqual(regraded["score"] as? Double, 80)
        XCTAssertEqual(regraded["version"] as? String, secondVersion)

        // Deleting an exercise with grades is refused; the audit log names every step.
        XCTAssertEqual(try fixture.send(.instructor, "DELETE", "\(api)/corners-two").status, 409)
        let audit = try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").text
        for action in ["exercise.create", "exercise.save", "exercise.publish"] { XCTAssertTrue(audit.contains(action), action) }
    }

    func testHostileInputIsA422NamingTheFieldAndStoresNothing() async throws {
        let fixture = try await CourseworkFixture()
        let api = "/api/courses/cs193p/exercises"
        let base = try Self.cornersBody(slug: "hostile")
        func variant(_ change: (inout [String: Any]) -> Void) throws -> String {
            var body = base
            change(&body)
            return try Self.encode(body)
        }
        func exercise(_ change: @escaping (inout [String: Any]) -> Void) throws -> String {
            try variant { body in
                var exercise = body["exercise"] as? [String: Any] ?? [:]
                change(&exercise)
                body["exercise"] = exercise
            }
        }
        let cases: [(String, String, Int?)] = [
            ("{\"exercise\": {", "$", 1),
            (try variant { $0["statement"] = nil }, "statement", nil),
            (try variant { $0["statement"] = String(repeating: "x", count: 70_000) }, "statement", nil),
            (try variant { $0["evil"] = true }, "", nil),
            (try variant { $0["examples"] = [["name": "../../etc/passwd", "text": "x", "expected": ["score": 0, "messages": []]]] },
             "examples[0].name", nil),
            (try variant { $0["examples"] = Array(repeating: ["name": "a", "text": "", "expected": [:]], count: 60) }, "examples", nil),
            (try variant { $0["reference"] = "H:|-[thing1]\nthing1.width == = 3\n" }, "reference", 2),
            (try exercise { $0["slug"] = "../../x" }, "exercise.slug", nil),
            (try exercise { $0["points"] = -5 }, "exercise.points", nil),
            (try exercise { $0["scenarios"] = [["name": "portrait", "size": [320], "points": 100]] }, "exercise.scenarios[0].size", nil),
            (try exercise { $0["views"] = ["view <script> label 10x10"] }, "exercise.views[0]", nil),
            (try exercise { $0["kind"] = "shell" }, "exercise.kind", nil),
        ]
        var failures: [String] = []
        for (index, (body, field, line)) in cases.enumerated() {
            let response = try fixture.send(.instructor, "POST", api, contentType: json, body: body)
            guard response.status == 422, let errors = try? response.object()["errors"] as? [[String: Any]], let first = errors.first else {
                failures.append("case \(index): \(response.status) \(response.text.prefix(300))")
                continue
            }
            let named = first["field"] as? String ?? "?"
            if !(field.isEmpty ? named.contains("evil") || (first["message"] as? String)?.contains("evil") == true : named == field) {
                failures.append("case \(index): field \(named), expected \(field): \(response.text.prefix(300))")
            }
            if let line, first["line"] as? Int != line { failures.append("case \(index): line \(String(describing: first["line"])), expected \(line)") }
        }
        let stored = try await fixture.app.context.database.read { db in
            try ExerciseRecord.all(courseID: try XCTUnwrap(try Course.find(slug: "cs193p", db)).id, db).map(\.slug)
        }
        let wrongType = try fixture.send(.instructor, "POST", api, contentType: "text/plain", body: try Self.encode(base))
        let audit = try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit").text
        // Hostile text that is a valid exercise is stored, and shown escaped everywhere.
        var hostile = try Self.cornersBody(slug: "escaped")
        var manifest = try XCTUnwrap(hostile["exercise"] as? [String: Any])
        manifest["title"] = "<script>alert(1)</script>"
        hostile["exercise"] = manifest
        hostile["statement"] = "<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3))\n"
        let escapedCreated = try fixture.send(.instructor, "POST", api, contentType: json, body: try Self.encode(hostile))
        _ = try fixture.send(.instructor, "POST", "\(api)/escaped/publish")
        let shown = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/escaped").text
        let editorShown = try fixture.send(.instructor, "GET", "/courses/cs193p/exercises/escaped/edit").text
        await fixture.stop()
        XCTAssertEqual(failures, [])
        XCTAssertEqual(stored, ["corners"], "nothing was stored")
        XCTAssertEqual(escapedCreated.status, 201, escapedCreated.text)
        for page in [shown, editorShown] {
            XCTAssertFalse(page.contains("<script>alert") || page.contains("<img src=x") || page.contains("href=\"javascript:"), page)
            XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
        XCTAssertEqual(wrongType.status, 415)
        XCTAssertFalse(audit.contains("exercise.create"))
    }

    /// Publishing checks the saved version again: a version that no longer passes (say, after a
    /// change to the grader) is refused with its problems, and students keep what they had.
    func testAVersionThatFailsTheChecksCannotBePublished() async throws {
        let fixture = try await CourseworkFixture()
        let api = "/api/courses/cs193p/exercises"
        let created = try fixture.send(.instructor, "POST", api, contentType: json, body: try Self.encode(try Self.cornersBody(slug: "fragile")))
        XCTAssertEqual(created.status, 201, created.text)
        var files = try ExerciseDirectory.files(inExercise: CourseworkFixture.cornersFolder)
        files["exercise.json"] = Array(String(decoding: files["exercise.json"] ?? [], as: UTF8.self)
            .replacingOccurrences(of: "\"corners\"", with: "\"fragile\"").utf8)
        files["reference.layout"] = files["examples/leading-pinned.layout"]
        let broken = ExerciseFiles(files)
        try await fixture.app.context.database.write { db in
            let course = try XCTUnwrap(try Course.find(slug: "cs193p", db))
            let record = try XCTUnwrap(try ExerciseRecord.find(courseID: course.id, slug: "fragile", db))
            try ExerciseAuthoring.save(record, ExerciseDefinition(slug: "fragile", title: record.title, kind: "layout", position: 0,
                                                                  version: broken.version, points: 100,
                                                                  definitionJSON: ExerciseStorage.definitionJSON(files: broken.contents)), by: nil, db)
        }
        let refused = try fixture.send(.instructor, "POST", "\(api)/fragile/publish")
        let formRefused = try fixture.send(.instructor, "POST", "/courses/cs193p/exercises/fragile/publish",
                                           contentType: "application/x-www-form-urlencoded")
        let student = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/fragile")
        await fixture.stop()
        XCTAssertEqual(refused.status, 422, refused.text)
        let errors = try XCTUnwrap(try refused.object()["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.first?["field"] as? String, "reference", refused.text)
        XCTAssertTrue((errors.first?["message"] as? String)?.contains("scores 90 of 100") == true, refused.text)
        XCTAssertEqual(formRefused.status, 422)
        XCTAssertTrue(formRefused.text.contains("Not published"), formRefused.text)
        XCTAssertEqual(student.status, 404, "still unpublished")
    }

    func testTheEditorFormsWorkWithoutJavaScript() async throws {
        let fixture = try await CourseworkFixture()
        let browser = try fixture.browserSignIn(username: "ines")
        func post(_ path: String, _ fields: [(String, String)], csrf: String? = nil) throws -> TestResponse {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            let body = ([("csrf", csrf ?? browser.csrf)] + fields)
                .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
            return try fixture.client.send("POST", path, headers: ["Cookie": browser.cookie, "Content-Type": formType], body: Array(body.utf8))
        }
        let blank = try fixture.client.send("GET", "/courses/cs193p/new-exercise", headers: ["Cookie": browser.cookie])
        let fields: [(String, String)] = [
            ("slug", "centre-box"), ("title", "Centre the box"), ("kind", "layout"), ("points", "100"),
            ("lectureCourse", "cs193p"), ("lectureNumber", "9"), ("lectureAt", "07:38"),
            ("accepts", "text"), ("accepts", "storyboard"),
            ("views", "view box label 60x21"),
            ("scenarios", #"[{"name": "portrait", "size": [320, 568], "points": 50}, {"name": "landscape", "size": [568, 320], "points": 50}]"#),
            ("styleMagicNumbers", "10"), ("stylePinnedSizes", ""), ("styleUnusedDeclarations", ""), ("allowedLiterals", ""),
            ("statement", "# Centre the box\r\n\r\nKeep the box in the middle.\r\n"),
            ("reference", "box.centerX == superview.centerX\r\nbox.centerY == superview.centerY\r\n"),
            ("starter", ""),
            ("example-0-name", "top-left"), ("example-0-text", "H:|-[box]\r\nV:|-[box]\r\n"),
            ("example-0-expected", #"{"score": 0, "messages": []}"#),
        ]
        let previewed = try post("/courses/cs193p/new-exercise", fields + [("action", "preview")])
        let noCSRF = try post("/courses/cs193p/new-exercise", fields + [("action", "save")], csrf: String(repeating: "0", count: 64))
        let refused = try post("/courses/cs193p/new-exercise", fields + [("action", "save")])
        // The preview shows what the example gets, ready to paste as its expected grade.
        let messages = try XCTUnwrap(previewed.text.range(of: #""messages": \[[^\]]+\]"#, options: .regularExpression)
            .map { String(previewed.text[$0]) }, previewed.text)
        let fixed = fields.map { $0.0 == "example-0-expected" ? ($0.0, "{\"score\": 0, \(messages)}") : $0 }
        let created = try post("/courses/cs193p/new-exercise", fixed + [("action", "save")])
        let editor = try fixture.client.send("GET", "/courses/cs193p/exercises/centre-box/edit", headers: ["Cookie": browser.cookie])
        let published = try post("/courses/cs193p/exercises/centre-box/publish", [])
        let studentPage = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/centre-box")
        let stored = try fixture.send(.instructor, "GET", "/api/courses/cs193p/exercises/centre-box").object()
        // A student's grade, then a new version published from the browser: straight to the dry-run regrade.
        let submitted = try fixture.send(.studentA, "POST", "/api/courses/cs193p/exercises/centre-box/submissions",
                                         contentType: "text/plain", body: "H:|-[box]\nV:|-[box]\n")
        let edited = try post("/courses/cs193p/exercises/centre-box/edit",
                              fixed.map { $0.0 == "statement" ? ($0.0, "# Centre the box\n\nIn the very middle.\n") : $0 } + [("action", "save")])
        let republished = try post("/courses/cs193p/exercises/centre-box/publish", [])
        await fixture.stop()

        XCTAssertEqual(blank.status, 200)
        XCTAssertTrue(blank.text.contains(#"name="scenarios""#) && blank.text.contains(#"name="csrf""#), blank.text)
        XCTAssertEqual(previewed.status, 200, previewed.text)
        XCTAssertTrue(previewed.text.contains("Example top-left") && previewed.text.contains("<svg"), "the preview page, with pictures")
        XCTAssertTrue(previewed.text.contains("differs"), "the example does not get its expected grade yet")
        XCTAssertEqual(noCSRF.status, 403)
        XCTAssertEqual(refused.status, 422, "an example whose expected grade is wrong cannot be saved")
        XCTAssertTrue(refused.text.contains("examples[0].text") && refused.text.contains("#ex-example-0-text"), refused.text)
        XCTAssertEqual(created.status, 303, created.text)
        XCTAssertEqual(created.header("Location"), "/courses/cs193p/exercises/centre-box/edit?saved=1")
        XCTAssertTrue(editor.text.contains("Not published") && editor.text.contains("Centre the box"), editor.text)
        XCTAssertEqual(published.status, 303, published.text)
        XCTAssertEqual(studentPage.status, 200)
        XCTAssertTrue(studentPage.text.contains("Keep the box in the middle."))
        let source = try XCTUnwrap(stored["exercise"] as? [String: Any])
        XCTAssertEqual(source["accepts"] as? [String], ["text", "storyboard"])
        XCTAssertEqual(stored["reference"] as? String, "box.centerX == superview.centerX\nbox.centerY == superview.centerY\n",
                       "line ends as in the folder format")
        XCTAssertEqual(submitted.status, 201, submitted.text)
        XCTAssertEqual(edited.status, 303, edited.text)
        XCTAssertEqual(republished.status, 303, republished.text)
        XCTAssertTrue(republished.header("Location")?.hasPrefix("/courses/cs193p/regrades/") == true, "\(republished.header("Location") ?? "none")")
    }

    func testLibraryCopiesAreTheCoursesOwnAndTheLoaderLeavesThemAlone() async throws {
        let fixture = try await CourseworkFixture()
        let library = try fixture.send(.instructor, "GET", "/api/courses/cs193p/library")
        let copied = try fixture.send(.instructor, "POST", "/api/courses/other/library/corners/copy")
        let otherCopy = try fixture.send(.otherInstructor, "POST", "/api/courses/other/library/corners/copy")
        let missing = try fixture.send(.otherInstructor, "POST", "/api/courses/other/library/nope/copy")
        let page = try fixture.send(.otherInstructor, "GET", "/courses/other/library")
        // Editing the library's exercise in the sample course makes it the course's own.
        var body = try Self.cornersBody(slug: "corners")
        body["statement"] = "Our own wording.\n"
        let edited = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners", contentType: json, body: try Self.encode(body))
        try await ExerciseLoading().run(fixture.app.context)  // what every start does
        let database = fixture.app.context.database
        let (state, draft) = try await database.read { db -> (ExerciseAuthoringState, String?) in
            let course = try XCTUnwrap(try Course.find(slug: "cs193p", db))
            let record = try XCTUnwrap(try ExerciseRecord.find(courseID: course.id, slug: "corners", db))
            let state = try ExerciseAuthoring.state(exerciseID: record.id, db)
            return (state, try ExerciseRecord.definition(exerciseID: record.id, version: state.draftVersion ?? "", db))
        }
        let source = try fixture.send(.instructor, "GET", "/api/courses/cs193p/exercises/corners").object()
        await fixture.stop()

        XCTAssertEqual(library.status, 200)
        XCTAssertTrue(library.text.contains("\"slug\":\"corners\""), library.text)
        XCTAssertEqual(copied.status, 404, "instructors copy only into their own course")
        XCTAssertEqual(otherCopy.status, 201, otherCopy.text)
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(page.text.contains("/courses/other/library/corners/copy"), page.text)
        XCTAssertEqual(edited.status, 200, edited.text)
        XCTAssertEqual(state.origin, "course")
        XCTAssertTrue(state.published)
        XCTAssertNotNil(draft, "the loader at start leaves the course's own copy alone")
        XCTAssertEqual(source["statement"] as? String, "Our own wording.\n")
    }
}

/// What students see of a grade: hidden scenarios and checks, feedback levels; staff see everything.
final class FeedbackPolicyTests: XCTestCase {
    private let json = "application/json"

    func testHiddenChecksAreCountedNotShownUntilTheDeadlineAndNeverSayAllPassed() async throws {
        let fixture = try await CourseworkFixture()
        let exercise = "/api/courses/cs193p/exercises/corners"
        let future = ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400))
        let past = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-60))
        let policy = try fixture.send(.instructor, "PUT", "\(exercise)/policy", contentType: json, body: """
            {"dueAt":"\(future)","visibility":{"landscape":"afterDeadline","3.5-inch":"never"},"feedback":"hint"}
            """)
        let unknown = try fixture.send(.instructor, "PUT", "\(exercise)/policy", contentType: json,
                                       body: #"{"visibility":{"sideways":"never"}}"#)
        let badLevel = try fixture.send(.instructor, "PUT", "\(exercise)/policy", contentType: json, body: #"{"feedback":"everything"}"#)
        let wrong = try String(contentsOfFile: CourseworkFixture.cornersFolder + "/examples/leading-pinned.layout", encoding: .utf8)
        let submitted = try fixture.submit(.studentA, wrong)
        let id = try XCTUnwrap(try submitted.object()["id"] as? Int)
        let student = try fixture.send(.studentA, "GET", "/api/submissions/\(id)").object()
        let studentPage = try fixture.send(.studentA, "GET", "/submissions/\(id)").text
        let exercisePage = try fixture.send(.studentA, "GET", "/courses/cs193p/exercises/corners").text
        let home = try fixture.send(.studentA, "GET", "/").text
        let myWork = try fixture.send(.studentA, "GET", "/my-work").text
        let staff = try fixture.send(.instructor, "GET", "/api/submissions/\(id)").object()
        let staffPage = try fixture.send(.instructor, "GET", "/submissions/\(id)").text
        let full = try fixture.submit(.studentB, try CourseworkFixture.reference())
        let fullPage = try fixture.send(.studentB, "GET", "/submissions/\(try XCTUnwrap(try full.object()["id"] as? Int))").text

        // After the deadline, landscape is shown; 3.5-inch never is. Pass-fail drops the messages.
        let closed = try fixture.send(.instructor, "PUT", "\(exercise)/policy", contentType: json,
                                      body: #"{"dueAt":"\#(past)","feedback":"passFail"}"#)
        let after = try fixture.send(.studentA, "GET", "/api/submissions/\(id)").object()
        let afterPage = try fixture.send(.studentA, "GET", "/submissions/\(id)").text
        await fixture.stop()

        XCTAssertEqual(policy.status, 204, policy.text)
        XCTAssertEqual(unknown.status, 422)
        XCTAssertTrue(unknown.text.contains("visibility.sideways"), unknown.text)
        XCTAssertEqual(badLevel.status, 422)
        XCTAssertTrue(badLevel.text.contains("feedback"), badLevel.text)

        let names = (student["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["portrait", "right-to-left", "no magic numbers", "sizes from content", "no unused declarations"],
                       "hidden scenarios are not listed")
        XCTAssertTrue(student["score"] is NSNull, "no total gives a hidden check away")
        XCTAssertEqual(student["visibleScore"] as? Double, 40, "portrait and right-to-left pass, minus the magic number")
        let hidden = try XCTUnwrap(student["hidden"] as? [[String: Any]])
        XCTAssertEqual(hidden.map { $0["shown"] as? String }, ["afterDeadline", "never"])
        XCTAssertEqual(hidden.map { $0["points"] as? Double }, [25, 25])
        let magic = (student["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "no magic numbers" }?["message"] as? String
        XCTAssertEqual(magic, "Magic number.", "a hint says what is wrong, not where or how to fix it")
        XCTAssertTrue(studentPage.contains("1 hidden check: 25 points, shown after the deadline"), studentPage)
        XCTAssertTrue(studentPage.contains("1 hidden check: 25 points, not shown to students"))
        XCTAssertFalse(studentPage.contains("should be at x=494"), "the hidden scenario's message stays hidden")
        XCTAssertFalse(studentPage.contains("<svg"), "pictures would show the hidden scenarios")
        XCTAssertTrue(exercisePage.contains("see the result") && !exercisePage.contains("65 / 100"), "no total on the exercise page either")
        XCTAssertTrue(home.contains("see each result") && !home.contains("65 of 100"), "nor on the home page")
        XCTAssertTrue(myWork.contains("see the feedback") && !myWork.contains("65 of 100"), "nor on My work")

        XCTAssertEqual(staff["score"] as? Double, 65)
        XCTAssertEqual((staff["checks"] as? [[String: Any]])?.count, 7)
        XCTAssertTrue(staffPage.contains("should be at x=494") && staffPage.contains("<svg"))

        XCTAssertTrue(fullPage.contains("5 of 5 shown checks passed"), fullPage)
        XCTAssertFalse(fullPage.contains("All "), "never all passed while checks are hidden")

        XCTAssertEqual(closed.status, 204, closed.text)
        let shownAfter = (after["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(shownAfter, ["portrait", "landscape", "right-to-left", "no magic numbers", "sizes from content", "no unused declarations"])
        XCTAssertEqual((after["hidden"] as? [[String: Any]])?.map { $0["shown"] as? String }, ["never"])
        XCTAssertNil((after["checks"] as? [[String: Any]])?.first?["message"], "pass or fail only")
        XCTAssertFalse(afterPage.contains("Magic number"), afterPage)
        XCTAssertTrue(afterPage.contains("1 hidden check: 25 points, not shown to students"))
    }
}

/// The editor's form, both ways, without a server.
final class ExerciseEditorFormTests: XCTestCase {
    /// The blank forms a new exercise starts from are exercises that pass the checks as they are,
    /// once given a slug and a title.
    func testTheBlankFormsAreValidExercises() throws {
        for kind in ["layout", "dynamics"] {
            var form = ExerciseEditorForm.blank(kind: kind, course: "cs193p")
            form.values["slug"] = "blank-\(kind)"
            form.values["title"] = "Blank \(kind)"
            let (exercise, errors) = ExerciseValidator.validate(files: ExerciseFiles(try form.source().files()))
            XCTAssertEqual(errors, [], kind)
            XCTAssertEqual(exercise?.kind.rawValue, kind)
        }
    }

    /// Every shipped exercise, shown in the form and read back from it, is the same exercise.
    func testEveryShippedExerciseSurvivesTheForm() throws {
        let root = URL(fileURLWithPath: CourseworkFixture.cornersFolder).deletingLastPathComponent().path
        let slugs = try FileManager.default.contentsOfDirectory(atPath: root).sorted().filter { ExerciseDirectory.isExerciseFolder(root + "/" + $0) }
        XCTAssertGreaterThanOrEqual(slugs.count, 10, "the shipped exercises in \(root)")
        for slug in slugs {
            let files = ExerciseFiles(try ExerciseDirectory.files(inExercise: root + "/" + slug))
            let source = try ExerciseSource(files: files)
            var read = try ExerciseEditorForm(source).source()
            read.otherFiles = source.otherFiles
            let before = try Exercise.load(files: files), after = try Exercise.load(files: read.files())
            XCTAssertEqual(after.examples, before.examples, slug)
            XCTAssertEqual(after.accepts, before.accepts, slug)
            XCTAssertEqual(after.lecture, before.lecture, slug)
            XCTAssertEqual(after.points, before.points, slug)
            XCTAssertEqual(FeedbackPolicy.checkPoints(after).map(\.name), FeedbackPolicy.checkPoints(before).map(\.name), slug)
            XCTAssertEqual(read.exercise, source.exercise, "\(slug): the same exercise.json, key for key")
        }
    }

    func testHintsKeepWhatWentWrongOnly() {
        XCTAssertEqual(GradeView.hint("In landscape, the constraints conflict: UIKit would break line 10. The full report is in the diagnostics."),
                       "In landscape, the constraints conflict.")
        XCTAssertEqual(GradeView.hint("In 3.5-inch portrait, badThing is at y=273 but should be at y=229.5: its top edge is pinned."),
                       "In 3.5-inch portrait, badThing is at y=273 but should be at y=229.5.")
        XCTAssertEqual(GradeView.hint("Magic number: 246 on line 3. Could it be standard spacing?"), "Magic number.")
        XCTAssertEqual(GradeView.hint(""), "This check did not pass.")
    }
}

/// `GradeView.student` over many generated grades and policies: what is held back is exactly what
/// the policy says, its points are accounted for, and nothing that is held back shows.
final class GradeViewPropertyTests: XCTestCase {
    /// A small fixed-seed generator, so that every run checks the same cases.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func testHeldBackChecksAreCountedNeverShownAndTheOrderIsKept() {
        var random = Generator(state: 20261124)
        let visibilities = FeedbackPolicy.Visibility.allCases, levels = FeedbackPolicy.Level.allCases
        for _ in 0..<500 {
            let count = 1 + random.next(6)
            let points = (0..<count).map { (name: "check \($0)", points: Double(5 * (1 + random.next(8)))) }
            var checks = points.map { StoredCheck(name: $0.name, passed: random.next(2) == 0, points: 0, message: "Wrong: at x=3. Fix it.") }
            checks = checks.enumerated().map { index, check in
                StoredCheck(name: check.name, passed: check.passed, points: check.passed ? points[index].points : 0, message: check.message)
            }
            checks.append(StoredCheck(name: "no magic numbers", passed: false, points: -10, message: "Magic number: 3 on line 1."))
            let entries = points.map { FeedbackPolicy.Entry(name: $0.name, visibility: visibilities[random.next(3)]) }
            let policy = FeedbackPolicy(entries: entries.reversed(), level: levels[random.next(3)])
            let deadlinePassed = random.next(2) == 0
            let view = GradeView.student(checks, policy: policy, points: points, deadlinePassed: deadlinePassed)

            XCTAssertEqual(view, GradeView.student(checks, policy: policy, points: points, deadlinePassed: deadlinePassed), "deterministic")
            let held = entries.filter { $0.visibility == .never || ($0.visibility == .afterDeadline && !deadlinePassed) }.map(\.name)
            XCTAssertEqual(view.checks.map(\.name), checks.map(\.name).filter { !held.contains($0) }, "the rest, in order")
            XCTAssertEqual(view.hidden.reduce(0) { $0 + $1.count }, held.count)
            XCTAssertEqual(view.hidden.reduce(0) { $0 + $1.points }, points.filter { held.contains($0.name) }.reduce(0) { $0 + $1.points })
            XCTAssertEqual(view.isFiltered, !held.isEmpty)
            if view.isFiltered {
                XCTAssertFalse(view.showsPictures || view.showsDiagnostics)
                XCTAssertEqual(view.visibleMaxScore, points.filter { !held.contains($0.name) }.reduce(0) { $0 + $1.points })
                XCTAssertGreaterThanOrEqual(view.visibleScore ?? -1, 0)
            }
            for check in view.checks {
                switch policy.level {
                case .full: XCTAssertEqual(check.message, checks.first { $0.name == check.name }?.message)
                case .hint: XCTAssertTrue(check.passed ? check.message.isEmpty : !check.message.contains("x=3") && !check.message.contains("line 1"))
                case .passFail: XCTAssertEqual(check.message, "")
                }
            }
        }
    }
}
