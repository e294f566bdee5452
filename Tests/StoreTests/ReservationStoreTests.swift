import Foundation
import SQLite
import Store
import XCTest

/// Attempts reserved before grading, and what is stored with a grade so that nothing grades twice.
final class ReservationStoreTests: XCTestCase {
    private var db: Connection!
    private var exerciseID: Int64 = 0
    private var userID: Int64 = 0
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let grade = StoredGrade(exerciseVersion: "v1", graderVersion: "g1", score: 40, maxScore: 100, checks: [],
                                    diagnostics: [], pictures: [StoredPicture(name: "a.svg", title: "A", svg: "<svg/>")])

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        let course = try Course.insert(NewCourse(slug: "cs1", title: "Course"), db)
        try ExerciseRecord.upsert(courseID: course.id, ExerciseDefinition(slug: "corners", title: "Corners", kind: "layout", position: 0,
                                                                          version: "v1", points: 100, definitionJSON: "{}"), at: now, db)
        exerciseID = try XCTUnwrap(ExerciseRecord.find(courseID: course.id, slug: "corners", db)).id
        userID = try User.insert(NewUser(username: "u"), passwordHash: nil, at: now, db).id
    }

    func testAReservationCountsAsAnAttemptUntilTheSubmissionReplacesItOrItIsReleased() throws {
        let held = try SubmissionReservation.reserve(userID: userID, exerciseID: exerciseID, latePenalty: 0.1, at: now, db)
        XCTAssertEqual(try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db), AttemptSummary(count: 1, lastAt: now),
                       "counted for the limit and the cooldown before any grade exists")

        let stored = try SubmissionRecord.insert(userID: userID, exerciseID: exerciseID, text: "a", normalizedHash: "h", grade: grade,
                                                 latePenalty: held.latePenalty, at: now, replacing: held.id, db)
        XCTAssertEqual(stored.attempt, 1, "the submission takes the reservation's place")
        XCTAssertEqual(try SubmissionReservation.count(db), 0)
        XCTAssertEqual(try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db).count, 1)

        let second = try SubmissionReservation.reserve(userID: userID, exerciseID: exerciseID, latePenalty: 0, at: now + 5, db)
        XCTAssertEqual(try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db), AttemptSummary(count: 2, lastAt: now + 5))
        XCTAssertTrue(try SubmissionReservation.release(id: second.id, db))
        XCTAssertFalse(try SubmissionReservation.release(id: second.id, db), "released once")
        XCTAssertEqual(try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db), AttemptSummary(count: 1, lastAt: now))

        _ = try SubmissionReservation.reserve(userID: userID, exerciseID: exerciseID, latePenalty: 0, at: now + 6, db)
        XCTAssertEqual(try SubmissionReservation.releaseAll(db), 1)
        XCTAssertEqual(try SubmissionRecord.attempts(userID: userID, exerciseID: exerciseID, db).count, 1)
    }

    func testPicturesAndVerificationsBelongToTheGradeThatARegradeReplaces() throws {
        let stored = try SubmissionRecord.insert(userID: userID, exerciseID: exerciseID, text: "a", normalizedHash: "h", grade: grade,
                                                 latePenalty: 0, at: now, db)
        XCTAssertEqual(try GradeDetails.find(submissionID: stored.id, db).pictures, grade.pictures, "stored with the grade")
        let verification = GradeArtifacts.Verification(graderVersion: "g1", reproduced: true, recomputedScore: 40,
                                                       recomputedChecks: [StoredCheck(name: "a", passed: true, points: 40, message: "")],
                                                       verifiedAt: now)
        try GradeArtifacts.saveVerification(verification, submissionID: stored.id, db)
        XCTAssertEqual(try GradeArtifacts.verification(submissionID: stored.id, graderVersion: "g1", db), verification)
        XCTAssertNil(try GradeArtifacts.verification(submissionID: stored.id, graderVersion: "g2", db), "per grader")

        var regraded = grade
        regraded.pictures = nil
        try SubmissionRecord.replaceGrade(submissionID: stored.id, with: regraded, regradeRunID: nil, at: now + 1, db)
        XCTAssertNil(try GradeDetails.find(submissionID: stored.id, db).pictures, "a grade replaced without pictures has none kept")
        XCTAssertNil(try GradeArtifacts.verification(submissionID: stored.id, graderVersion: "g1", db))
    }
}
