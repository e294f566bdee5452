import Foundation
import LecternApp
import Store
import XCTest

/// Exercise and course analytics through the real server, from grades stored by real submissions.
final class AnalyticsTests: XCTestCase {
    func testMyProgressHoldsBackTheTotalOfAnExerciseWithHiddenChecks() async throws {
        let fixture = try await CourseworkFixture()
        _ = try fixture.submit(.studentA, try CourseworkFixture.reference())
        let shown = try fixture.send(.studentA, "GET", "/courses/cs193p")
        let policy = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners/policy", contentType: "application/json",
                                      body: #"{"visibility":{"landscape":"never"}}"#)
        let held = try fixture.send(.studentA, "GET", "/courses/cs193p")
        await fixture.stop()

        XCTAssertTrue(shown.text.contains("100 / 100"), shown.text)
        XCTAssertTrue([200, 204].contains(policy.status), policy.text)
        XCTAssertFalse(held.text.contains("100 / 100"), "a total would give the hidden check away")
        XCTAssertTrue(held.text.contains("some checks are held back"), held.text)
    }

    func testAnExercisesAnalyticsCountStudentsOnlyAndGroupDiagnostics() async throws {
        let fixture = try await CourseworkFixture()
        let ambiguous = try fixture.submit(.studentA, "H:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\n")
        let full = try fixture.submit(.studentA, try CourseworkFixture.reference())
        let staffAttempt = try fixture.submit(.instructor, "H:|-64-[thing1]\n")
        let api = try fixture.send(.instructor, "GET", "/api/courses/cs193p/exercises/corners/analytics")
        let csv = try fixture.send(.instructor, "GET", "/api/courses/cs193p/exercises/corners/analytics.csv")
        let page = try fixture.send(.instructor, "GET", "/courses/cs193p/exercises/corners/analytics")
        let overview = try fixture.send(.instructor, "GET", "/courses/cs193p/analytics")
        let home = try fixture.send(.instructor, "GET", "/courses/cs193p")
        let studentHome = try fixture.send(.studentA, "GET", "/courses/cs193p")
        let byStudent = try fixture.send(.studentA, "GET", "/api/courses/cs193p/exercises/corners/analytics")
        let missing = try fixture.send(.instructor, "GET", "/api/courses/cs193p/exercises/nope/analytics")
        await fixture.stop()

        XCTAssertEqual(ambiguous.status, 201, ambiguous.text)
        XCTAssertEqual(full.status, 201, full.text)
        XCTAssertEqual(staffAttempt.status, 201, staffAttempt.text)
        XCTAssertEqual(api.status, 200, api.text)
        let body = try api.object()
        XCTAssertEqual(body["students"] as? Int, 2)
        XCTAssertEqual(body["attempted"] as? Int, 1)
        let scores = try XCTUnwrap(body["scores"] as? [String: Any])
        XCTAssertEqual(scores["histogram"] as? [Int], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        XCTAssertEqual(scores["mean"] as? Double, 100)
        XCTAssertEqual(scores["median"] as? Double, 100)
        let scenarios = try XCTUnwrap(body["scenarios"] as? [[String: Any]])
        XCTAssertEqual(scenarios.map { $0["name"] as? String }, ["portrait", "landscape", "3.5-inch", "right-to-left"])
        XCTAssertEqual(scenarios.map { $0["passRate"] as? Double }, [1, 1, 1, 1], "alice passed each once")
        let checks = try XCTUnwrap(body["checks"] as? [[String: Any]])
        XCTAssertEqual(checks.map { $0["name"] as? String }, ["no magic numbers", "sizes from content", "no unused declarations"])
        let diagnostics = try XCTUnwrap(body["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.compactMap { $0["code"] as? String },
                       ["ambiguous in 3.5-inch portrait", "ambiguous in landscape", "ambiguous in portrait", "ambiguous in right-to-left"],
                       "equal counts go by code")
        XCTAssertEqual(diagnostics.first?["count"] as? Int, 1)
        XCTAssertTrue((diagnostics.first?["example"] as? String)?.contains("needs constraints for") == true)
        XCTAssertFalse(api.text.contains("magic number 64"), "the instructor's own attempt is not in the class's analytics")
        XCTAssertEqual((body["attemptsToFullScore"] as? [String: Any])?["median"] as? Double, 2)

        XCTAssertEqual(csv.status, 200)
        XCTAssertTrue(csv.text.hasPrefix("section,name,count,value,example\r\n"), csv.text)
        XCTAssertTrue(csv.text.contains("scenario,portrait,1,1.0000,"), csv.text)
        XCTAssertTrue(csv.text.contains("diagnostic,ambiguous in portrait,1,,"), csv.text)

        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<svg"), "the histogram is drawn")
        XCTAssertTrue(page.text.contains("1 of 2 students attempted"), page.text)
        XCTAssertTrue(page.text.contains("<li>bob</li>"), "bob has not attempted")
        XCTAssertFalse(page.text.contains("alice"), "examples are anonymous")
        XCTAssertTrue(overview.text.contains("1 / 2 (50%)"), overview.text)
        XCTAssertTrue(home.text.contains("How the class is doing"), "instructors see the overview on the course page")
        XCTAssertFalse(studentHome.text.contains("How the class is doing"))
        XCTAssertTrue(studentHome.text.contains("My progress"))
        XCTAssertTrue(studentHome.text.contains("100 / 100"), "alice's best counted score")
        for html in [studentHome.text, home.text] {
            let names = try Self.landmarkNames(html)
            XCTAssertEqual(names.count, Set(names).count, "every named landmark has its own name: \(names)")
        }
        XCTAssertEqual(byStudent.status, 403)
        XCTAssertEqual(missing.status, 404)
    }

    /// The accessible names of a page's named landmarks: sections labelled by a heading
    /// (`aria-labelledby`) and regions or sections with an `aria-label`. Screen readers list them
    /// by name, so two with one name cannot be told apart.
    static func landmarkNames(_ html: String) throws -> [String] {
        var names: [String] = []
        let labelled = /<(?:section|nav|aside|div)[^>]*?aria-labelledby="([^"]+)"/
        let labelledByName = /<(?:section|nav|aside)[^>]*?aria-label="([^"]+)"|<div[^>]*?role="region"[^>]*?aria-label="([^"]+)"/
        for match in html.matches(of: labelled) {
            let id = String(match.1)
            if let heading = html.firstMatch(of: try Regex("id=\"\(id)\"[^>]*>([^<]*)<", as: (Substring, Substring).self)) {
                names.append(String(heading.1))
            }
        }
        for match in html.matches(of: labelledByName) { names.append(String(match.1 ?? match.2 ?? "")) }
        return names
    }
}
