import Foundation
import LecternApp
import Store
import XCTest

/// Late days, accommodations and extensions in bulk, through the real server and database.
final class ClassTimeTests: XCTestCase {
    private let json = "application/json"
    private let iso = ISO8601DateFormatter()

    func testLateSubmissionsSpendWholeLateDaysThenPayThePenaltyForTheRest() async throws {
        let fixture = try await CourseworkFixture()
        let due = Date().addingTimeInterval(-(2 * 86_400 + 3_600))  // three started days ago
        let policy = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners/policy", contentType: json,
                                      body: #"{"dueAt":"\#(iso.string(from: due))","latePenaltyPerDay":0.1,"latePenaltyCap":0.5}"#)
        let bank = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/settings", contentType: json, body: #"{"lateDays":2}"#)
        let refused = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/settings", contentType: json, body: #"{"lateDays":-1}"#)
        let byStudent = try fixture.send(.studentA, "PUT", "/api/courses/cs193p/settings", contentType: json, body: #"{"lateDays":9}"#)
        let before = try fixture.send(.studentA, "GET", "/api/courses/cs193p/settings").object()
        let late = try fixture.submit(.studentA, try CourseworkFixture.reference())
        let again = try fixture.submit(.studentA, "H:|-[thing1]\nV:|-[thing1]\nH:[thing2]-|\nV:[thing2]-|\n")
        let after = try fixture.send(.studentA, "GET", "/api/courses/cs193p/settings").object()
        let staffView = try fixture.send(.instructor, "GET", "/api/courses/cs193p/settings").object()
        await fixture.stop()

        XCTAssertEqual(policy.status, 204, policy.text)
        XCTAssertEqual(bank.status, 204, bank.text)
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertTrue(refused.text.contains("lateDays"), refused.text)
        XCTAssertEqual(byStudent.status, 403)
        XCTAssertEqual(before["lateDaysLeft"] as? Int, 2)
        XCTAssertEqual(late.status, 201, late.text)
        // Three days late: two covered by late days, one day's penalty.
        XCTAssertEqual(try late.object()["latePenalty"] as? Double ?? -1, 0.1, accuracy: 1e-9)
        XCTAssertEqual(try again.object()["latePenalty"] as? Double ?? -1, 0.1, accuracy: 1e-9, "the exercise keeps its two days")
        XCTAssertEqual(after["lateDaysLeft"] as? Int, 0)
        XCTAssertEqual(staffView["lateDays"] as? Int, 2)
        XCTAssertNil(staffView["lateDaysLeft"])
    }

    func testAnAccommodationStretchesTheDeadlineAndLateDaysAreNotSpent() async throws {
        let fixture = try await CourseworkFixture()
        let opens = Date().addingTimeInterval(-10 * 86_400)
        let due = Date().addingTimeInterval(-86_400)  // 9 days after opening, a day ago
        _ = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/exercises/corners/policy", contentType: json,
                             body: #"{"opensAt":"\#(iso.string(from: opens))","dueAt":"\#(iso.string(from: due))","latePenaltyPerDay":0.25,"latePenaltyCap":1}"#)
        _ = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/settings", contentType: json, body: #"{"lateDays":3}"#)
        let stretched = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/accommodations/alice", contentType: json,
                                         body: #"{"timeMultiplier":1.5,"reason":"documented"}"#)
        let extra = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/accommodations/bob", contentType: json,
                                     body: #"{"extraMinutes":60}"#)
        let hostile = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/accommodations/bob", contentType: json,
                                       body: #"{"timeMultiplier":0.5}"#)
        let stranger = try fixture.send(.instructor, "PUT", "/api/courses/cs193p/accommodations/otto", contentType: json,
                                        body: #"{"extraMinutes":5}"#)
        let alice = try fixture.submit(.studentA, try CourseworkFixture.reference())
        let bob = try fixture.submit(.studentB, try CourseworkFixture.reference())
        let aliceLeft = try fixture.send(.studentA, "GET", "/api/courses/cs193p/settings").object()
        let bobLeft = try fixture.send(.studentB, "GET", "/api/courses/cs193p/settings").object()
        let listed = try fixture.send(.instructor, "GET", "/api/courses/cs193p/accommodations")
        let page = try fixture.send(.instructor, "GET", "/courses/cs193p/time")
        await fixture.stop()

        XCTAssertEqual(stretched.status, 204, stretched.text)
        XCTAssertEqual(extra.status, 204, extra.text)
        XCTAssertEqual(hostile.status, 422, hostile.text)
        XCTAssertTrue(hostile.text.contains("timeMultiplier"), hostile.text)
        XCTAssertEqual(stranger.status, 422, stranger.text)
        XCTAssertTrue(stranger.text.contains("username"), stranger.text)
        XCTAssertEqual(try alice.object()["latePenalty"] as? Double, 0, "9 days × 1.5 = 13.5 days after opening: not yet due")
        XCTAssertEqual(aliceLeft["lateDaysLeft"] as? Int, 3)
        XCTAssertEqual(try bob.object()["latePenalty"] as? Double, 0, "an hour more does not help a day late, a late day does")
        XCTAssertEqual(bobLeft["lateDaysLeft"] as? Int, 2)
        XCTAssertTrue(listed.text.contains(#""timeMultiplier":1.5"#) && listed.text.contains("documented"), listed.text)
        XCTAssertTrue(page.text.contains("×1.5"), page.text)
    }

    func testTheCourseEditFormSetsTheLateDaysAndRefusesNonsenseNamingTheField() async throws {
        let fixture = try await CourseworkFixture()
        let form = "application/x-www-form-urlencoded"
        let edit = try fixture.send(.instructor, "GET", "/courses/cs193p/edit")
        let saved = try fixture.send(.instructor, "POST", "/courses/cs193p/late-days", contentType: form, body: "lateDays=4&next=edit")
        let words = try fixture.send(.instructor, "POST", "/courses/cs193p/late-days", contentType: form, body: "lateDays=many")
        let huge = try fixture.send(.instructor, "POST", "/courses/cs193p/late-days", contentType: form, body: "lateDays=100000")
        let badMultiplier = try fixture.send(.instructor, "POST", "/courses/cs193p/accommodations", contentType: form,
                                             body: "username=bob&timeMultiplier=fast")
        let stored = try fixture.send(.instructor, "GET", "/api/courses/cs193p/settings").object()
        let accommodations = try fixture.send(.instructor, "GET", "/api/courses/cs193p/accommodations")
        let studentHome = try fixture.send(.studentA, "GET", "/courses/cs193p")
        await fixture.stop()

        XCTAssertTrue(edit.text.contains(#"name="lateDays""#), "the course edit form has the late days")
        XCTAssertEqual(saved.status, 303)
        XCTAssertEqual(saved.header("Location"), "/courses/cs193p/edit")
        XCTAssertEqual(words.status, 422)
        XCTAssertTrue(words.text.contains("lateDays"), words.text)
        XCTAssertEqual(huge.status, 422)
        XCTAssertEqual(badMultiplier.status, 422)
        XCTAssertTrue(badMultiplier.text.contains("timeMultiplier"), badMultiplier.text)
        XCTAssertEqual(stored["lateDays"] as? Int, 4, "refused values change nothing")
        XCTAssertEqual(accommodations.text, "[]")
        XCTAssertTrue(studentHome.text.contains("Late days left: <strong>4 of 4</strong>"), studentHome.text)
    }

    func testBulkExtensionsAreAllOrNothingWithLineAndColumnErrors() async throws {
        let fixture = try await CourseworkFixture()
        let hostile = "username,exercise,dueAt,closesAt,reason\nalice,corners,2030-01-01T00:00,,ok\nbob,corners,tomorrow,,x\n\"carol,corners,2030-01-01T00:00,,\n"
        let unclosed = try fixture.send(.instructor, "POST", "/api/courses/cs193p/extensions", contentType: "text/csv", body: hostile)
        let badTime = try fixture.send(.instructor, "POST", "/api/courses/cs193p/extensions", contentType: "text/csv",
                                       body: "username,exercise,dueAt,closesAt,reason\nalice,corners,2030-01-01T00:00,,ok\nbob,corners,tomorrow,,x\n")
        let strayQuote = try fixture.send(.instructor, "POST", "/api/courses/cs193p/extensions", contentType: "text/csv",
                                          body: "username,exercise,dueAt,closesAt,reason\nal\"ice,corners,2030-01-01T00:00,,\n")
        let unknown = try fixture.send(.instructor, "POST", "/api/courses/cs193p/extensions", contentType: json,
                                       body: #"{"extensions":[{"username":"alice","exercise":"corners","dueAt":"2030-01-01T00:00:00Z"},{"username":"otto","exercise":"corners","dueAt":"2030-01-01T00:00:00Z"}]}"#)
        let nothingYet = try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit")
        let granted = try fixture.send(.instructor, "POST", "/api/courses/cs193p/extensions", contentType: "text/csv",
                                       body: "username,exercise,dueAt,closesAt,reason\r\nalice,corners,2030-01-01T00:00,2030-01-02T00:00,\"illness, documented\"\r\nbob,corners,2030-02-01T00:00:00Z,,\r\n")
        let form = try fixture.send(.instructor, "POST", "/courses/cs193p/extensions", contentType: "application/x-www-form-urlencoded",
                                    body: "csv=username%2Cexercise%2CdueAt%2CclosesAt%2Creason%0Abob%2Cnope%2C2030-01-01T00%3A00%2C%2C")
        let audit = try fixture.send(.instructor, "GET", "/api/courses/cs193p/audit")
        await fixture.stop()

        XCTAssertEqual(unclosed.status, 422, unclosed.text)
        XCTAssertTrue(unclosed.text.contains("not closed"), unclosed.text)
        XCTAssertEqual(badTime.status, 422, badTime.text)
        let errors = try XCTUnwrap(try badTime.object()["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?["line"] as? Int, 3)
        XCTAssertEqual(errors.first?["column"] as? Int, 13)
        XCTAssertEqual(errors.first?["field"] as? String, "dueAt")
        XCTAssertEqual(strayQuote.status, 422)
        XCTAssertTrue(strayQuote.text.contains(#""line":2"#) && strayQuote.text.contains(#""column":3"#), strayQuote.text)
        XCTAssertEqual(unknown.status, 422, unknown.text)
        XCTAssertTrue(unknown.text.contains("no user otto"), unknown.text)
        XCTAssertFalse(nothingYet.text.contains("extension.grant"), "nothing was granted: \(nothingYet.text)")
        XCTAssertEqual(granted.status, 200, granted.text)
        XCTAssertEqual(try granted.object()["granted"] as? Int, 2)
        XCTAssertEqual(form.status, 422)
        XCTAssertTrue(form.text.contains("no exercise nope"), form.text)
        XCTAssertTrue(audit.text.contains("illness, documented"), audit.text)
    }
}
