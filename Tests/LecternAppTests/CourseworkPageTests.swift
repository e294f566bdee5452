import Foundation
import LecternApp
import XCTest

/// What the exercise, result and course pages say to the people reading them.
final class CourseworkPageTests: XCTestCase {
    private var fixture: CourseworkFixture!
    private let exercisePath = "/courses/cs193p/exercises/corners"

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    /// The text inside the answer's `<textarea>`, still escaped.
    private func answer(in page: String) throws -> String {
        let start = try XCTUnwrap(page.range(of: #"<textarea [^>]*id="answer"[^>]*>"#, options: .regularExpression))
        let end = try XCTUnwrap(page.range(of: "</textarea>", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound])
    }

    func testTheAnswerStartsFromTheStarterThenFromTheLatestAttempt() throws {
        let starter = try String(contentsOfFile: CourseworkFixture.cornersFolder + "/starter.layout", encoding: .utf8)
        let before = try fixture.send(.studentA, "GET", exercisePath)
        XCTAssertEqual(before.status, 200)
        XCTAssertEqual(try answer(in: before.text), "\n" + starter, "a textarea drops its first newline, so one is added")
        XCTAssertTrue(before.text.contains(#"<label for="answer">"#), "the answer has a visible label")

        XCTAssertEqual(try fixture.submit(.studentA, "H:|-[thing1]\nV:|-[thing1]").status, 201)
        let after = try fixture.send(.studentA, "GET", exercisePath)
        XCTAssertEqual(try answer(in: after.text), "\nH:|-[thing1]\nV:|-[thing1]")
        let other = try fixture.send(.studentB, "GET", exercisePath)
        XCTAssertEqual(try answer(in: other.text), "\n" + starter, "another student's attempt is not shown")
    }

    func testTheStatementDoesNotRepeatThePageTitle() throws {
        let page = try fixture.send(.studentA, "GET", exercisePath).text
        XCTAssertTrue(page.contains("<h1>Stuck to the corners</h1>"), page)
        XCTAssertFalse(page.contains("<h2>Stuck to the corners</h2>"), "the statement's own # heading is left out")
    }

    func testTheResultSaysInWordsWhichChecksFailed() throws {
        let wrong = try fixture.submit(.studentA, "H:|-[thing1]")
        let id = try XCTUnwrap(try wrong.object()["id"] as? Int)
        let checks = try XCTUnwrap(try wrong.object()["checks"] as? [[String: Any]])
        let failed = checks.filter { ($0["passed"] as? Bool) == false }.count
        XCTAssertGreaterThan(failed, 0)

        let page = try fixture.send(.studentA, "GET", "/submissions/\(id)").text
        XCTAssertTrue(page.contains("\(failed) of \(checks.count) checks failed"), page)
        XCTAssertEqual(page.components(separatedBy: "✗ Failed").count - 1, failed)
        XCTAssertEqual(page.components(separatedBy: "✓ Passed").count - 1, checks.count - failed)
    }

    func testOnlyTheCourseInstructorsSeeTheGradebookLinkOnTheCourseHome() throws {
        let link = #"href="/courses/cs193p/gradebook""#
        XCTAssertTrue(try fixture.send(.instructor, "GET", "/courses/cs193p").text.contains(link))
        XCTAssertTrue(try fixture.send(.admin, "GET", "/courses/cs193p").text.contains(link))
        for actor: CourseworkFixture.Actor in [.anonymous, .studentA, .otherInstructor] {
            let page = try fixture.send(actor, "GET", "/courses/cs193p")
            XCTAssertEqual(page.status, 200)
            XCTAssertFalse(page.text.contains(link), "\(actor)")
        }
    }
}
