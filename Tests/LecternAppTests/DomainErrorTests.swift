import Foundation
@testable import HTTPServer
@testable import LecternApp
import Store
import Threads
import XCTest

/// The errors services throw and the answers they become at the edge: each keeps the status,
/// code, message and headers the routes gave before they were typed.
final class DomainErrorTests: XCTestCase {
    private func answer(to error: any Error) async -> HTTPError? {
        do {
            _ = try await DomainErrorMiddleware().handle(Request(method: .get, target: "/api/x"), context: RequestContext()) { _, _ in
                throw error
            }
            return nil
        } catch {
            return error as? HTTPError
        }
    }

    func testAccessRefusalsHaveOneTextEach() async {
        let course = await answer(to: AccessError.noCourse("cs101"))
        XCTAssertEqual(course?.status, .notFound)
        XCTAssertEqual(course?.message, "No course cs101.")
        let staff = await answer(to: AccessError.notStaff)
        XCTAssertEqual(staff?.status, .forbidden)
        XCTAssertEqual(staff?.code, "forbidden")
        XCTAssertEqual(staff?.message, "Only the course's instructors can do this.")
        let exercise = await answer(to: AccessError.noExercise("corners", in: "cs101"))
        XCTAssertEqual(exercise?.status, .notFound)
        XCTAssertEqual(exercise?.code, "not_found")
        XCTAssertEqual(exercise?.message, "No exercise corners in cs101.")
    }

    func testSubmissionRefusalsKeepTheirStatusCodeAndRetryAfter() async {
        let cases: [(SubmissionWindow.Refusal, Int, String, String?)] = [
            (.notOpen(opensAt: Date(timeIntervalSince1970: 0)), 403, "closed", nil),
            (.closed(closedAt: Date(timeIntervalSince1970: 0)), 403, "closed", nil),
            (.noAttemptsLeft(limit: 3), 409, "no_attempts_left", nil),
            (.coolingDown(retryAfter: 7), 429, "cooldown", "7"),
        ]
        for (refusal, status, code, retryAfter) in cases {
            let error = await answer(to: refusal)
            XCTAssertEqual(error?.status.code, status, "\(refusal)")
            XCTAssertEqual(error?.code, code, "\(refusal)")
            XCTAssertEqual(error?.message, refusal.message, "\(refusal)")
            XCTAssertEqual(error?.headers["Retry-After"], retryAfter, "\(refusal)")
        }
    }

    func testGradingRefusalsAreA429OrA503WithRetryAfter() async {
        let inProgress = await answer(to: GradingRefusal.inProgress(retryAfter: 2))
        XCTAssertEqual(inProgress?.status, .tooManyRequests)
        XCTAssertEqual(inProgress?.code, "grading_in_progress")
        XCTAssertEqual(inProgress?.headers["Retry-After"], "2")
        let busy = await answer(to: GradingRefusal.busy(retryAfter: 3))
        XCTAssertEqual(busy?.status, .serviceUnavailable)
        XCTAssertEqual(busy?.code, "busy")
        XCTAssertEqual(busy?.headers["Retry-After"], "3")
    }

    func testStoreRefusalsAndFullQueuesStillMapAsBefore() async {
        let invalid = await answer(to: ValidationError(field: "slug", message: "must be lowercase"))
        XCTAssertEqual(invalid?.status, .unprocessableContent)
        XCTAssertEqual(invalid?.code, "invalid_slug")
        XCTAssertEqual(invalid?.errors.first?.field, "slug")
        let busy = await answer(to: ThreadPoolError.busy)
        XCTAssertEqual(busy?.status, .serviceUnavailable)
        XCTAssertEqual(busy?.headers["Retry-After"], "2")
    }

    func testAnExerciseWithGradesIsAConflictNamingIt() async {
        let error = await answer(to: ExerciseInUse(slug: "corners", reason: "has submissions"))
        XCTAssertEqual(error?.status, .conflict)
        XCTAssertEqual(error?.code, "has_grades")
        XCTAssertEqual(error?.message, "corners has submissions.")
    }
}
