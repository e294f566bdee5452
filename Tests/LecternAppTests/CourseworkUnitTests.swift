import Foundation
@testable import LecternApp
import Store
import XCTest

/// The pure parts of accounts and submissions: passwords, the submission window, normalisation,
/// the counted score and CSV.
final class CourseworkUnitTests: XCTestCase {
    func testPasswordsHashWithYescryptAndVerify() throws {
        let hash = try PasswordHasher.hash("long enough password")
        XCTAssertTrue(hash.hasPrefix("$y$"), hash)
        XCTAssertNotEqual(hash, try PasswordHasher.hash("long enough password"), "a fresh salt every time")
        XCTAssertTrue(PasswordHasher.verify("long enough password", against: hash))
        XCTAssertFalse(PasswordHasher.verify("long enough passworD", against: hash))
        XCTAssertFalse(PasswordHasher.verify("long enough password", against: nil))
        XCTAssertFalse(PasswordHasher.verify("anything", against: "not a hash"))
        XCTAssertThrowsError(try PasswordHasher.validate("too short"))
        XCTAssertNoThrow(try PasswordHasher.validate("ten chars!"))
    }

    func testTokensAreRandom256BitHex() {
        let a = SecureToken.generate(), b = SecureToken.generate()
        XCTAssertEqual(a.count, 64)
        XCTAssertNotEqual(a, b)
        XCTAssertTrue(SecureToken.matches(a, a))
        XCTAssertFalse(SecureToken.matches(b, a))
        XCTAssertFalse(SecureToken.matches(nil, a))
    }

    func testLocalRedirectsStayOnTheSite() {
        XCTAssertEqual(PathEncoding.localRedirect("/courses/cs193p"), "/courses/cs193p")
        XCTAssertEqual(PathEncoding.localRedirect("//evil.example/"), "/")
        XCTAssertEqual(PathEncoding.localRedirect("https://evil.example/"), "/")
        XCTAssertEqual(PathEncoding.localRedirect("/\\evil.example"), "/")
        XCTAssertEqual(PathEncoding.localRedirect(nil), "/")
        XCTAssertEqual(PathEncoding.queryValue("/a b?c"), "/a%20b%3Fc")
    }

    private let day: TimeInterval = 86_400
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testTheWindowAppliesOpeningClosingAttemptsAndCooldown() {
        let none = AttemptSummary(count: 0, lastAt: nil)
        XCTAssertEqual(SubmissionWindow(policy: ExercisePolicy(opensAt: now + 1), extension: nil).decide(attempts: none, now: now),
                       .refuse(.notOpen(opensAt: now + 1)))
        XCTAssertEqual(SubmissionWindow(policy: ExercisePolicy(closesAt: now - 1), extension: nil).decide(attempts: none, now: now),
                       .refuse(.closed(closedAt: now - 1)))
        let limited = SubmissionWindow(policy: ExercisePolicy(maxAttempts: 2, cooldownSeconds: 60), extension: nil)
        XCTAssertEqual(limited.decide(attempts: AttemptSummary(count: 2, lastAt: now - 3600), now: now), .refuse(.noAttemptsLeft(limit: 2)))
        XCTAssertEqual(limited.decide(attempts: AttemptSummary(count: 1, lastAt: now - 20.5), now: now), .refuse(.coolingDown(retryAfter: 40)))
        XCTAssertEqual(limited.decide(attempts: AttemptSummary(count: 1, lastAt: now - 60), now: now), .accept(latePenalty: 0))
    }

    func testLatePenaltiesGrowPerStartedDayUpToTheCap() {
        let window = SubmissionWindow(policy: ExercisePolicy(dueAt: now, latePenaltyPerDay: 0.15, latePenaltyCap: 0.4), extension: nil)
        XCTAssertEqual(window.latePenalty(at: now), 0)
        XCTAssertEqual(window.latePenalty(at: now + 1), 0.15, accuracy: 1e-12)
        XCTAssertEqual(window.latePenalty(at: now + day + 1), 0.30, accuracy: 1e-12)
        XCTAssertEqual(window.latePenalty(at: now + 30 * day), 0.4, accuracy: 1e-12)
        XCTAssertEqual(window.latePenalty(at: .distantFuture), 0.4, accuracy: 1e-12)
    }

    func testAnExtensionMovesTheDueDateAndNeverClosesBeforeIt() {
        let policy = ExercisePolicy(dueAt: now - 2 * day, closesAt: now - day, latePenaltyPerDay: 0.1, latePenaltyCap: 1)
        let grant = DeadlineExtension(userID: 1, exerciseID: 1, dueAt: now + day, closesAt: nil, grantedBy: nil, reason: "", createdAt: now)
        let window = SubmissionWindow(policy: policy, extension: grant)
        XCTAssertEqual(window.closesAt, now + day)
        XCTAssertEqual(window.decide(attempts: AttemptSummary(count: 0, lastAt: nil), now: now), .accept(latePenalty: 0))
        XCTAssertEqual(SubmissionWindow(policy: policy, extension: nil).decide(attempts: AttemptSummary(count: 0, lastAt: nil), now: now),
                       .refuse(.closed(closedAt: now - day)))
    }

    func testNormalisationIgnoresLineEndingsAndTrailingWhiteSpaceOnly() {
        XCTAssertEqual(SubmissionText.normalized("a  \r\nb\t\r\n\n\n"), "a\nb")
        XCTAssertEqual(SubmissionText.hash("a \nb\n"), SubmissionText.hash("a\r\nb"))
        XCTAssertNotEqual(SubmissionText.hash("a b"), SubmissionText.hash("ab"))
        XCTAssertNotEqual(SubmissionText.hash(" a"), SubmissionText.hash("a"), "leading white space may matter")
    }

    private func score(_ id: Int64, attempt: Int, _ score: Double, late: Double = 0) -> SubmissionScore {
        SubmissionScore(id: id, userID: 1, exerciseID: 1, attempt: attempt, score: score, maxScore: 10, latePenalty: late, createdAt: now)
    }

    func testTheCountedSubmissionIsTheBestAfterPenaltiesOrTheLast() {
        let submissions = [score(1, attempt: 1, 8), score(2, attempt: 2, 10, late: 0.5), score(3, attempt: 3, 8), score(4, attempt: 4, 6)]
        XCTAssertEqual(Gradebook.counted(submissions, policy: .best)?.id, 1, "8 beats 10 less 50%, and the earlier of equal scores counts")
        XCTAssertEqual(Gradebook.counted(submissions, policy: .last)?.id, 4)
        XCTAssertNil(Gradebook.counted([], policy: .best))
    }

    func testDatesAndScoresAreWrittenForPeople() {
        XCTAssertEqual(PageFormat.dateTime(now), "2027-01-15 08:00 UTC")
        XCTAssertEqual(PageFormat.score(7), "7")
        XCTAssertEqual(PageFormat.score(6.5), "6.5")
        XCTAssertEqual(PageFormat.score(2.0 / 3.0), "0.67")
        XCTAssertEqual(PageFormat.percent(0.1), "10%")
    }

    func testCSVFieldsAreQuotedAndFormulasDefused() throws {
        XCTAssertEqual(CSVLine.quote("plain"), "plain")
        XCTAssertEqual(CSVLine.quote("a,b"), "\"a,b\"")
        XCTAssertEqual(CSVLine.quote("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(CSVLine.quote("=HYPERLINK(1)"), "'=HYPERLINK(1)")
        XCTAssertEqual(try CSVLine.fields(#"a,"b,c","d ""e""""#, line: 1), ["a", "b,c", #"d "e""#])
        XCTAssertThrowsError(try CSVLine.fields(#"a,"b"#, line: 3)) { error in
            XCTAssertEqual("\(error)", "line 3: a quoted field is not closed")
        }
    }

    func testRosterRowsAreValidatedWithTheirLine() throws {
        let users = try RosterCSV.parse("username,name,email\nann,Ann Lee,ann@example.com\n\nben\n", maxRows: 10)
        XCTAssertEqual(users.map(\.username), ["ann", "ben"])
        XCTAssertEqual(users.map(\.displayName), ["Ann Lee", "ben"])
        XCTAssertEqual(users.first?.email, "ann@example.com")
        XCTAssertThrowsError(try RosterCSV.parse("ok\nbad name,x\n", maxRows: 10)) { error in
            XCTAssertTrue("\(error)".hasPrefix("line 2: username"), "\(error)")
        }
        XCTAssertThrowsError(try RosterCSV.parse("a\nb\nc\n", maxRows: 2))
    }
}
