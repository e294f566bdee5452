import Foundation
import SQLite
import Store
import XCTest

/// Users, sessions, tokens, exercises with versions, submissions with attempts and grade history.
final class CourseworkStoreTests: XCTestCase {
    private var db: Connection!
    private var course: Course!
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    override func setUpWithError() throws {
        db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        course = try Course.insert(NewCourse(slug: "cs1", title: "Course"), db)
    }

    private func definition(version: String, title: String = "Corners") -> ExerciseDefinition {
        ExerciseDefinition(slug: "corners", title: title, kind: "layout", position: 0, version: version, points: 100,
                           definitionJSON: #"{"v":"\#(version)"}"#)
    }

    func testUsersAreUniqueRegardlessOfCaseAndRolesArePerCourse() throws {
        let ann = try User.insert(NewUser(username: "Ann", displayName: "Ann Lee"), passwordHash: "$y$x", at: now, db)
        XCTAssertEqual(try User.find(username: "ann", db), ann)
        XCTAssertThrowsError(try User.insert(NewUser(username: "ANN"), passwordHash: nil, db))
        XCTAssertThrowsError(try User.insert(NewUser(username: "a b"), passwordHash: nil, db)) { error in
            XCTAssertEqual((error as? ValidationError)?.field, "username")
        }
        XCTAssertEqual(try User.credentials(username: "ann", db)?.passwordHash, "$y$x")
        let other = try Course.insert(NewCourse(slug: "cs2", title: "Other"), db)
        XCTAssertNil(try User.enroll(userID: ann.id, courseID: course.id, role: .student, db))
        XCTAssertEqual(try User.enroll(userID: ann.id, courseID: course.id, role: .instructor, db), .student)
        XCTAssertEqual(try User.role(userID: ann.id, courseID: course.id, db), .instructor)
        XCTAssertNil(try User.role(userID: ann.id, courseID: other.id, db))
        XCTAssertEqual(try User.members(courseID: course.id, role: .instructor, db).map(\.username), ["Ann"])
    }

    func testSessionsExpireAndRevokedTokensStopWorking() throws {
        let user = try User.insert(NewUser(username: "u"), passwordHash: nil, at: now, db)
        try Session.insert(tokenHash: [1, 2, 3], userID: user.id, csrfToken: "c", expiresAt: now + 60, remoteAddress: nil, at: now, db)
        XCTAssertEqual(try Session.find(tokenHash: [1, 2, 3], now: now, db)?.user, user)
        XCTAssertNil(try Session.find(tokenHash: [1, 2, 3], now: now + 61, db))
        XCTAssertEqual(try Session.deleteExpired(now: now + 61, db), 1)

        XCTAssertNil(try Session.find(tokenHash: [1, 2, 3], kind: .bearer, now: now, db), "a cookie session is no bearer session")
        for second in 1...5 {
            try Session.insert(tokenHash: [4, UInt8(second)], userID: user.id, csrfToken: "c", expiresAt: now + 600, remoteAddress: nil,
                               kind: .bearer, at: now + Double(second), db)
        }
        XCTAssertEqual(try Session.trim(userID: user.id, keep: 3, db), 2)
        XCTAssertNil(try Session.find(tokenHash: [4, 1], kind: .bearer, now: now + 10, db), "the oldest went first")
        XCTAssertNotNil(try Session.find(tokenHash: [4, 5], kind: .bearer, now: now + 10, db))

        let token = try APIToken.insert(userID: user.id, name: "ci", tokenHash: [9], scopes: "read submit", at: now, db)
        XCTAssertEqual(try APIToken.find(tokenHash: [9], db)?.user, user)
        XCTAssertEqual(try APIToken.find(tokenHash: [9], db)?.scopes, "read submit")
        XCTAssertTrue(try APIToken.revoke(id: token.id, userID: user.id, db))
        XCTAssertFalse(try APIToken.revoke(id: token.id, userID: user.id, db))
        XCTAssertNil(try APIToken.find(tokenHash: [9], db))

        try PasswordSetupToken.insert(tokenHash: [7], userID: user.id, expiresAt: now + 60, at: now, db)
        XCTAssertEqual(try PasswordSetupToken.user(tokenHash: [7], now: now, db), user)
        XCTAssertTrue(try PasswordSetupToken.consume(tokenHash: [7], now: now, db))
        XCTAssertFalse(try PasswordSetupToken.consume(tokenHash: [7], now: now, db), "one use only")
    }

    func testLoginFailuresAreCountedPerUsernameAndAddressInTheWindow() throws {
        try LoginFailure.record(username: "ann", remoteAddress: "10.0.0.1", at: now - 1000, db)
        try LoginFailure.record(username: "ANN", remoteAddress: "10.0.0.2", at: now - 10, db)
        try LoginFailure.record(username: "bob", remoteAddress: "10.0.0.1", at: now - 5, db)
        let counts = try LoginFailure.counts(username: "ann", remoteAddress: "10.0.0.1", since: now - 100, db)
        XCTAssertEqual(counts.username, 1)
        XCTAssertEqual(counts.address, 1)
        XCTAssertEqual(try LoginFailure.oldest(username: "ann", remoteAddress: "10.0.0.1", since: now - 100, db), now - 10)
    }

    func testANewExerciseVersionBecomesCurrentAndOldVersionsAreKept() throws {
        XCTAssertEqual(try ExerciseRecord.upsert(courseID: course.id, definition(version: "v1"), at: now, db), .created)
        XCTAssertEqual(try ExerciseRecord.upsert(courseID: course.id, definition(version: "v1"), at: now, db), .unchanged)
        let exercise = try XCTUnwrap(ExerciseRecord.find(courseID: course.id, slug: "corners", db))
        try ExerciseRecord.setPolicy(ExercisePolicy(maxAttempts: 3, scorePolicy: .last), exerciseID: exercise.id, db)
        XCTAssertEqual(try ExerciseRecord.upsert(courseID: course.id, definition(version: "v2"), at: now, db), .updated(previousVersion: "v1"))
        let updated = try XCTUnwrap(ExerciseRecord.find(id: exercise.id, db))
        XCTAssertEqual(updated.version, "v2")
        XCTAssertEqual(updated.maxAttempts, 3, "the instructor's policy survives a new version")
        XCTAssertEqual(updated.scorePolicy, .last)
        XCTAssertEqual(try ExerciseRecord.definition(exerciseID: exercise.id, version: "v1", db), #"{"v":"v1"}"#)
        XCTAssertEqual(try ExerciseRecord.definition(exerciseID: exercise.id, version: "v2", db), #"{"v":"v2"}"#)
        XCTAssertThrowsError(try ExerciseRecord.setPolicy(ExercisePolicy(latePenaltyPerDay: 2), exerciseID: exercise.id, db))
    }

    func testSubmissionsNumberAttemptsFindIdenticalTextAndKeepGradeHistory() throws {
        try ExerciseRecord.upsert(courseID: course.id, definition(version: "v1"), at: now, db)
        let exercise = try XCTUnwrap(ExerciseRecord.find(courseID: course.id, slug: "corners", db))
        let user = try User.insert(NewUser(username: "u"), passwordHash: nil, at: now, db)
        let grade = StoredGrade(exerciseVersion: "v1", graderVersion: "g1", score: 40, maxScore: 100, checks: [], diagnostics: [])
        let first = try SubmissionRecord.insert(userID: user.id, exerciseID: exercise.id, text: "a", normalizedHash: "h1", grade: grade,
                                                latePenalty: 0.5, at: now, db)
        let second = try SubmissionRecord.insert(userID: user.id, exerciseID: exercise.id, text: "b", normalizedHash: "h2", grade: grade,
                                                 latePenalty: 0, at: now + 5, db)
        XCTAssertEqual([first.attempt, second.attempt], [1, 2])
        XCTAssertEqual(first.countedScore, 20)
        XCTAssertEqual(try SubmissionRecord.find(id: first.id, db), first)
        XCTAssertEqual(try SubmissionRecord.attempts(userID: user.id, exerciseID: exercise.id, db), AttemptSummary(count: 2, lastAt: now + 5))
        XCTAssertEqual(try SubmissionRecord.identical(userID: user.id, exerciseID: exercise.id, normalizedHash: "h1", exerciseVersion: "v1", db)?.id, first.id)
        XCTAssertNil(try SubmissionRecord.identical(userID: user.id, exerciseID: exercise.id, normalizedHash: "h1", exerciseVersion: "v2", db))

        let regraded = StoredGrade(exerciseVersion: "v2", graderVersion: "g2", score: 90, maxScore: 100,
                                   checks: [StoredCheck(name: "portrait", passed: true, points: 90, message: "")], diagnostics: [])
        try SubmissionRecord.replaceGrade(submissionID: first.id, with: regraded, regradeRunID: nil, at: now + 10, db)
        let after = try XCTUnwrap(SubmissionRecord.find(id: first.id, db))
        XCTAssertEqual([after.score, after.latePenalty], [90, 0.5])
        XCTAssertEqual(after.exerciseVersion, "v2")
        let history = try SubmissionRecord.history(submissionID: first.id, db)
        XCTAssertEqual(history.map(\.score), [40])
        XCTAssertEqual(history.map(\.graderVersion), ["g1"])
        XCTAssertEqual(try SubmissionScore.all(courseID: course.id, db).map(\.id), [first.id, second.id])
    }

    func testRegradeRunsMoveThroughTheirStatesOnce() throws {
        try ExerciseRecord.upsert(courseID: course.id, definition(version: "v1"), at: now, db)
        let exercise = try XCTUnwrap(ExerciseRecord.find(courseID: course.id, slug: "corners", db))
        let run = try RegradeRun.start(exerciseID: exercise.id, exerciseVersion: "v1", graderVersion: "g", total: 0, createdBy: nil, db)
        XCTAssertFalse(try RegradeRun.transition(runID: run.id, from: .ready, to: .applying, db), "not ready yet")
        XCTAssertTrue(try RegradeRun.transition(runID: run.id, from: .dryRun, to: .ready, db))
        XCTAssertTrue(try RegradeRun.transition(runID: run.id, from: .ready, to: .discarded, db))
        XCTAssertFalse(try RegradeRun.transition(runID: run.id, from: .ready, to: .applying, db))
        XCTAssertEqual(try RegradeRun.find(id: run.id, db)?.status, .discarded)
        XCTAssertNotNil(try RegradeRun.find(id: run.id, db)?.finishedAt)

        let running = try RegradeRun.start(exerciseID: exercise.id, exerciseVersion: "v1", graderVersion: "g", total: 3, createdBy: nil, db)
        XCTAssertEqual(try RegradeRun.failUnfinished(reason: "restarted", db), [running.id], "only unfinished runs")
        XCTAssertEqual(try RegradeRun.find(id: running.id, db)?.status, .failed)
        XCTAssertEqual(try RegradeRun.find(id: running.id, db)?.error, "restarted")
        XCTAssertEqual(try RegradeRun.find(id: run.id, db)?.status, .discarded)
    }
}
