import Foundation
import JSON
@testable import LecternApp
import LTI
import SQLite
import Store
import XCTest

/// Grade passback (AGS) end to end: scores reach the simulated LMS's line item through the
/// durable outbox, after outages, restarts and regrades.
final class LTIGradePassbackTests: XCTestCase {
    func testASubmissionsScoreReachesTheLineItemWithinTenSecondsWithACachedToken() async throws {
        let fixture = try await LTIFixture()
        do {
            let launch = try fixture.launchStudent()
            let cookie = try LTIFixture.sessionCookie(launch)
            let submitted = try fixture.submit(try CourseworkFixture.reference(), cookie: cookie)
            XCTAssertEqual(submitted.status, 201, submitted.text)
            // The score must arrive within 10 s of the grade (the 201): the wait gives up after that.
            let scores = try fixture.waitForScores(1, seconds: 10)
            let score = try XCTUnwrap(scores.first)
            XCTAssertEqual(score.lineItem, fixture.platform.lineItem("corners"))
            XCTAssertEqual(score.body["userId"]?.stringValue, "student-1")
            XCTAssertEqual(score.body["scoreGiven"]?.doubleValue, 100)
            XCTAssertEqual(score.body["scoreMaximum"]?.doubleValue, 100)
            XCTAssertEqual(score.body["activityProgress"]?.stringValue, "Completed")
            XCTAssertEqual(score.body["gradingProgress"]?.stringValue, "FullyGraded")
            XCTAssertNotNil(score.body["timestamp"]?.stringValue?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression))

            let partial = try fixture.submit("H:|-[thing1]", cookie: cookie)
            XCTAssertEqual(partial.status, 201, partial.text)
            let both = try fixture.waitForScores(2)
            XCTAssertEqual(both[1].body["scoreGiven"]?.doubleValue, 100, "the best attempt counts (the default policy)")
            XCTAssertEqual(fixture.platform.tokenRequests, 1, "the access token is cached until it expires")
            let outbox = try await fixture.settledOutbox()
            XCTAssertEqual(outbox.map(\.status), [.sent, .sent])

            // Someone who never launched from the LMS posts nothing.
            XCTAssertEqual(try fixture.coursework.submit(.studentB, try CourseworkFixture.reference()).status, 201)
            try await Task.sleep(nanoseconds: 300_000_000)
            XCTAssertEqual(fixture.platform.scores.count, 2)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testWhenThePlatformIsDownTheScoreIsRetriedAndArrivesOnceItIsBack() async throws {
        let fixture = try await LTIFixture()
        do {
            let cookie = try LTIFixture.sessionCookie(try fixture.launchStudent())
            fixture.platform.down = true
            XCTAssertEqual(try fixture.submit(try CourseworkFixture.reference(), cookie: cookie).status, 201)
            var failedAttempts = 0
            for _ in 0..<200 where failedAttempts < 2 {
                failedAttempts = try await fixture.outbox().first?.attempts ?? 0
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            XCTAssertGreaterThanOrEqual(failedAttempts, 2, "retried while the platform is down")
            let queued = try await fixture.outbox()
            let waiting = try XCTUnwrap(queued.first)
            XCTAssertEqual(waiting.status, .pending)
            XCTAssertTrue(waiting.lastError?.contains("503") ?? false, waiting.lastError ?? "no error recorded")

            // Instructors see it waiting, with the error.
            let page = try fixture.coursework.send(.instructor, "GET", "/courses/cs193p/lti")
            XCTAssertTrue(page.text.contains("pending") && page.text.contains("503"), page.text)

            fixture.platform.down = false
            let scores = try fixture.waitForScores(1, seconds: 15)
            try await Task.sleep(nanoseconds: 1_000_000_000)
            XCTAssertEqual(fixture.platform.scores.count, 1, "the score arrives once: \(scores.map(\.body))")
            let delivered = try await fixture.outbox()
            XCTAssertEqual(delivered.map(\.status), [.sent])
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testARegradeSendsTheNewScore() async throws {
        let fixture = try await LTIFixture()
        do {
            let cookie = try LTIFixture.sessionCookie(try fixture.launchStudent())
            let created = try fixture.submit("H:|-[thing1]", cookie: cookie)
            XCTAssertEqual(created.status, 201, created.text)
            let id = try XCTUnwrap(created.object()["id"] as? Int)
            let first = try fixture.waitForScores(1)
            let partial = try XCTUnwrap(first.first?.body["scoreGiven"]?.doubleValue)
            XCTAssertLessThan(partial, 100)

            // As if an earlier exercise version had graded another text: the regrade grades the stored answer again.
            let reference = try CourseworkFixture.reference()
            try await fixture.database.write { db in
                try db.execute(sql: "UPDATE submissions SET text = ?, exercise_version = 'old' WHERE id = ?", arguments: [reference, id])
            }
            let run = try fixture.coursework.send(.instructor, "POST", "/api/courses/cs193p/exercises/corners/regrades")
            XCTAssertEqual(run.status, 202, run.text)
            let runID = try XCTUnwrap(run.object()["id"] as? Int)
            _ = try fixture.coursework.waitForRegrade(runID, status: "ready")
            XCTAssertEqual(try fixture.coursework.send(.instructor, "POST", "/api/regrades/\(runID)/apply").status, 202)
            _ = try fixture.coursework.waitForRegrade(runID, status: "applied")
            let scores = try fixture.waitForScores(2)
            XCTAssertEqual(scores[1].body["scoreGiven"]?.doubleValue, 100, "the regraded score replaces the old one at the LMS")
            let stamps = scores.compactMap { $0.body["timestamp"]?.stringValue }
            XCTAssertEqual(stamps.count, 2)
            XCTAssertLessThan(stamps[0], stamps[1], "a later timestamp, so the LMS keeps the new score")
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func testQueuedScoresSurviveARestart() async throws {
        let fixture = try await LTIFixture()
        let configuration = fixture.coursework.app.context.configuration
        let cookie: String
        do {
            cookie = try LTIFixture.sessionCookie(try fixture.launchStudent())
            fixture.platform.down = true
            XCTAssertEqual(try fixture.submit(try CourseworkFixture.reference(), cookie: cookie).status, 201)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.coursework.app.stop()
        fixture.platform.down = false
        let restarted = try await Application.start(configuration) { _ in }
        restarted.context.lti.delivery.idlePoll = 0.05
        fixture.platform.lecternPort = restarted.port
        let scores = try? fixture.waitForScores(1, seconds: 15)
        await restarted.stop()
        await fixture.platform.stop()
        try? FileManager.default.removeItem(atPath: fixture.coursework.directory)
        XCTAssertEqual(scores?.first?.body["scoreGiven"]?.doubleValue, 100, "the score queued before the restart is delivered after it")
    }
}
