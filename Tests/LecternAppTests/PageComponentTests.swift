import Foundation
import HTML
@testable import LecternApp
@testable import Store
import XCTest

/// The parts pages share, rendered on their own: the exact markup where it is short, the
/// pieces that matter where it is long, and every value a user or an instructor wrote escaped.
final class PageComponentTests: XCTestCase {
    private static let hostile = "<script>alert(\"x\")</script> & 'q'"
    /// `hostile` as element text: `&`, `<` and `>` escaped.
    private static let escapedText = "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; 'q'"
    /// `hostile` as an attribute value: quotes escaped too.
    private static let escapedAttribute = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"

    private static func user(_ displayName: String) -> User {
        User(id: 7, username: "ada", displayName: displayName, email: nil, isAdmin: false, createdAt: Date(timeIntervalSince1970: 0))
    }

    private static func signedIn(_ displayName: String = "Ada Lovelace", csrf: String = "token-1") -> Principal {
        Principal(user: user(displayName), credential: .sessionCookie(tokenHash: [1, 2, 3], csrfToken: csrf))
    }

    private static let bearer = Principal(user: user("Ada Lovelace"), credential: .bearerSession(tokenHash: [1, 2, 3]))

    private func text(_ component: some Component) -> String {
        String(decoding: component.render(), as: UTF8.self)
    }

    func testTheTextUsedHereIsEscapedByTheDSL() {
        XCTAssertEqual(span { Self.hostile }.renderString(), "<span>\(Self.escapedText)</span>")
        XCTAssertEqual(span(.title(Self.hostile)).renderString(), "<span title=\"\(Self.escapedAttribute)\"></span>")
    }

    func testScrollingTableWrapsItsTableInALabelledFocusableRegion() {
        let markup = text(ScrollingTable(label: Self.hostile) { table { tr { td { "1" } } } })
        XCTAssertEqual(markup, #"<div class="table-scroll" role="region" aria-label="\#(Self.escapedAttribute)" tabindex="0">"#
                       + "<table><tr><td>1</td></tr></table></div>")
    }

    func testStatusBadgeCarriesItsToneAsAClass() {
        XCTAssertEqual(text(StatusBadge("Passed", tone: .ok)), #"<span class="status ok">Passed</span>"#)
        XCTAssertEqual(text(StatusBadge("Failed", tone: .bad)), #"<span class="status bad">Failed</span>"#)
        XCTAssertEqual(text(StatusBadge(Self.hostile, tone: .neutral)), #"<span class="status neutral">\#(Self.escapedText)</span>"#)
    }

    func testAComponentInsideABuilderRendersAsItsBody() {
        let row = p { StatusBadge("as expected", tone: .ok); " and more" }
        XCTAssertEqual(row.renderString(), #"<p><span class="status ok">as expected</span> and more</p>"#)
    }

    func testUserAreaOffersSignInToVisitorsAndSignOutToSessions() {
        XCTAssertEqual(text(UserArea(nil)), #"<a class="sign-in" href="/login">Sign in</a>"#)
        XCTAssertEqual(text(UserArea(Self.signedIn(Self.hostile, csrf: "c\"1"))),
                       #"<span class="signed-in"><a href="/account">\#(Self.escapedText)</a>"#
                       + #"<form class="sign-out" method="post" action="/logout"><input type="hidden" name="csrf" value="c&quot;1">"#
                       + #"<button type="submit">Sign out</button></form></span>"#)
        // A bearer client has no session to sign out of in a form.
        XCTAssertEqual(text(UserArea(Self.bearer)), #"<span class="signed-in"><a href="/account">Ada Lovelace</a></span>"#)
    }

    func testCSRFFieldIsThereOnlyForSessions() {
        XCTAssertEqual(text(CSRFField(Self.signedIn(csrf: "abc"))), #"<input type="hidden" name="csrf" value="abc">"#)
        XCTAssertEqual(text(CSRFField(Self.bearer)), "")
    }

    func testPolicyFormShowsTheCurrentPolicyInUTC() throws {
        let record = ExerciseRecord(id: 1, courseID: 1, slug: "centered", title: "Centered", kind: "layout", position: 1, version: "1",
                                    points: 10, definitionJSON: "{}", opensAt: nil, dueAt: Date(timeIntervalSince1970: 1_796_169_540),
                                    closesAt: nil, latePenaltyPerDay: 0.1, latePenaltyCap: 0.5, maxAttempts: 3, cooldownSeconds: 30,
                                    scorePolicy: .last, updatedAt: Date(timeIntervalSince1970: 0))
        let markup = text(PolicyForm(record, action: "/courses/a&b/exercises/centered/policy", principal: Self.signedIn()))
        XCTAssertTrue(markup.hasPrefix(#"<form class="policy-form field-grid" method="post" action="/courses/a&amp;b/exercises/centered/policy">"#
                                       + #"<input type="hidden" name="csrf" value="token-1">"#), markup)
        XCTAssertTrue(markup.contains(#"<input type="datetime-local" id="policy-dueAt" name="dueAt" value="2026-12-01T23:59">"#), markup)
        XCTAssertTrue(markup.contains(#"id="policy-opensAt" name="opensAt" value="">"#), markup)
        XCTAssertTrue(markup.contains(#"id="policy-latePenaltyPerDay" name="latePenaltyPerDay" value="10" step="any" min="0">"#), markup)
        XCTAssertTrue(markup.contains(#"id="policy-maxAttempts" name="maxAttempts" value="3""#), markup)
        XCTAssertTrue(markup.contains(#"<option value="last" selected>the last</option>"#), markup)
        XCTAssertFalse(markup.contains(#"<option value="best" selected>"#), markup)
        XCTAssertTrue(markup.hasSuffix(#"<button type="submit">Save rules</button></form>"#), markup)
    }

    func testExtensionFormIsEmptyAndItsIdsDifferFromThePolicyForms() {
        let markup = text(ExtensionForm(action: "/x?\"", principal: Self.signedIn()))
        XCTAssertTrue(markup.hasPrefix(#"<form class="policy-form field-grid" method="post" action="/x?&quot;">"#), markup)
        XCTAssertTrue(markup.contains(#"<label for="extension-username">Student (username)</label>"#), markup)
        XCTAssertTrue(markup.contains(#"<input type="datetime-local" id="extension-dueAt" name="dueAt" value="">"#), markup)
        XCTAssertFalse(markup.contains(#"id="policy-"#), markup)
        XCTAssertTrue(markup.hasSuffix(#"<button type="submit">Grant extension</button></form>"#), markup)
    }

    private static let course = Course(id: 1, slug: "swift", title: "Swift", summary: "", createdAt: Date(timeIntervalSince1970: 0))

    private static func lecture() -> Lecture {
        Lecture(id: 1, courseID: 1, number: 3, title: "Layout", date: nil, videoURL: nil, updatedAt: Date(timeIntervalSince1970: 0),
                captionLanguage: "en", cueCount: 1, sectionCount: 0)
    }

    func testCueEditFormEditsTheLinkedCueOrSaysHowToPickOne() {
        let cue = CaptionCue(id: 5, lectureID: 1, language: "en", position: 4, startMs: 75_500, endMs: 80_000, text: Self.hostile,
                             speakerChange: false, nonSpeech: false, speaker: nil, identifier: nil, settings: nil)
        let markup = text(CueEditForm(cue, course: Self.course, lecture: Self.lecture(), principal: Self.signedIn()))
        XCTAssertTrue(markup.hasPrefix(#"<section id="cue-editor" class="cue-editor" aria-label="Correct captions"><h3>Correct captions</h3>"#
                                       + #"<form method="post" action="/courses/swift/lectures/3/cues/4">"#), markup)
        XCTAssertTrue(markup.contains(#"rows="3" required="">\#(Self.escapedText)</textarea>"#), markup)
        XCTAssertTrue(markup.contains(#"name="start" value="75.5""#), markup)
        XCTAssertTrue(markup.contains(#"name="end" value="80""#), markup)
        XCTAssertTrue(markup.contains(#"<a href="/courses/swift/captions/replace">"#), markup)

        let none = text(CueEditForm(nil, course: Self.course, lecture: Self.lecture(), principal: Self.signedIn()))
        XCTAssertFalse(none.contains("<form"), none)
        XCTAssertTrue(none.contains("Choose a cue’s time to correct its text or times.") || none.contains("Choose a cue's time"), none)
    }

    func testStatementDropsAHeadingThatRepeatsThePageTitleAndEscapesTheRest() {
        let markup = text(StatementRendering("# Centered\n\nPin the **\(Self.hostile)** view.\n", pageTitle: "centered "))
        XCTAssertEqual(markup, "<p>Pin the <strong>\(Self.escapedText)</strong> view.</p>")
        let other = text(StatementRendering("# Something else\n\nText.\n", pageTitle: "Centered"))
        XCTAssertEqual(other, "<h2>Something else</h2><p>Text.</p>")
    }

    func testAttemptTableListsAttemptsAndCanHideTheScores() {
        let attempt = SubmissionRecord(id: 42, userID: 7, exerciseID: 1, attempt: 2, text: "", normalizedHash: "", exerciseVersion: "1",
                                       graderVersion: "1", score: 8, maxScore: 10, latePenalty: 0.25,
                                       createdAt: Date(timeIntervalSince1970: 1_796_169_540))
        let markup = text(AttemptTable([attempt], label: Self.hostile))
        XCTAssertTrue(markup.hasPrefix(#"<div class="table-scroll" role="region" aria-label="\#(Self.escapedAttribute)" tabindex="0"><table class="attempts">"#),
                      markup)
        XCTAssertTrue(markup.contains(#"<td class="number">2</td><td class="number">6 / 10</td><td class="number">−25%</td>"#), markup)
        XCTAssertTrue(markup.contains(#"<td class="nowrap">2026-12-01 23:59 UTC</td>"#), markup)
        XCTAssertTrue(markup.contains(#"<a href="/submissions/42">Result<span class="visually-hidden"> of attempt 2</span></a>"#), markup)

        let hidden = text(AttemptTable([attempt], label: "Yours", hidesScores: true))
        XCTAssertTrue(hidden.contains(#"<td class="number">see the result</td>"#), hidden)
        XCTAssertFalse(hidden.contains("6 / 10"), hidden)
    }

    func testRegradeListLinksEachRun() {
        let run = RegradeRun(id: 9, exerciseID: 1, exerciseVersion: "2", graderVersion: "1", status: .ready, total: 4, done: 3,
                             error: nil, createdBy: nil, createdAt: Date(timeIntervalSince1970: 1_796_169_540), finishedAt: nil)
        XCTAssertEqual(text(RegradeList(runs: [run], courseSlug: "a&b")),
                       #"<ul class="regrades"><li><a href="/courses/a&amp;b/regrades/9">Regrade 9</a>"#
                       + " · \(GradebookPages.statusTitle(.ready)) · 3 of 4 submissions · started 2026-12-01 23:59 UTC</li></ul>")
        XCTAssertEqual(text(RegradeList(runs: [], courseSlug: "swift")), #"<ul class="regrades"></ul>"#)
    }

    func testExercisePreviewSectionSaysWhenNothingCouldBeGraded() {
        let preview = ExerciseAuthoringService.Preview(exercise: nil, errors: [], runs: [])
        XCTAssertEqual(text(ExercisePreviewSection(preview)),
                       #"<section class="exercise-preview" aria-labelledby="preview-title"><h2 id="preview-title">Preview</h2>"#
                       + "<p>The exercise does not load, so nothing could be graded: see the problems above.</p></section>")
    }

    func testSnippetInsideABuilderMatchesItsJSONString() {
        let snippet = SearchSnippet(pieces: [.init(text: "a <b> ", isMatch: false), .init(text: "&", isMatch: true)],
                                    cutBefore: false, cutAfter: true)
        let component = SnippetHTML(snippet)
        XCTAssertEqual(div { component }.renderString(), "<div>\(component.string)</div>")
        XCTAssertEqual(component.string, "a &lt;b&gt; <mark>&amp;</mark>…")
    }

    func testLateDaysFormReturnsToThePageItCameFrom() {
        let access = CourseAccess(course: Self.course, principal: Self.signedIn(), role: .instructor)
        let markup = text(LateDaysForm(access, lateDays: 3, next: "e\"dit"))
        XCTAssertTrue(markup.hasPrefix(#"<form class="lecture-form" method="post" action="/courses/swift/late-days">"#
                                       + #"<input type="hidden" name="csrf" value="token-1"><input type="hidden" name="next" value="e&quot;dit">"#),
                      markup)
        XCTAssertTrue(markup.contains(#"name="lateDays" value="3" min="0" max="\#(LateDayBank.maxDays)""#), markup)
        XCTAssertTrue(markup.hasSuffix(#"<button type="submit">Save late days</button></div></form>"#), markup)
    }

    func testClassOverviewLinksEachExerciseAndShowsADashWithoutScores() {
        let record = ExerciseRecord(id: 1, courseID: 1, slug: "centered", title: Self.hostile, kind: "layout", position: 1, version: "1",
                                    points: 10, definitionJSON: "{}", opensAt: nil, dueAt: nil, closesAt: nil, latePenaltyPerDay: 0,
                                    latePenaltyCap: 0, maxAttempts: nil, cooldownSeconds: 0, scorePolicy: .best,
                                    updatedAt: Date(timeIntervalSince1970: 0))
        let summaries = [AnalyticsService.Summary(exercise: record, students: 4, attempted: 3, mean: 7.5, median: 8),
                         AnalyticsService.Summary(exercise: record, students: 0, attempted: 0, mean: nil, median: nil)]
        let markup = text(ClassOverview(Self.course, summaries))
        XCTAssertTrue(markup.hasPrefix(#"<section class="analytics-overview" aria-labelledby="class-overview"><h2 id="class-overview">How the class is doing</h2>"#),
                      markup)
        XCTAssertTrue(markup.contains(#"<td><a href="/courses/swift/exercises/centered/analytics">\#(Self.escapedText)</a></td>"#
                                      + #"<td class="number">7.5 / 10</td><td class="number">8</td><td class="number">3 / 4 (75%)</td>"#), markup)
        XCTAssertTrue(markup.contains(#"<td class="number">–</td><td class="number">–</td><td class="number">0 / 0 (0%)</td>"#), markup)
    }

    func testRegradeRequestSectionShowsAnswersAndOffersTheFormUntilTheCutoff() {
        let asked = RegradeRequest(id: 1, submissionID: 42, userID: 7, exerciseID: 1, message: Self.hostile, status: .answered,
                                   reply: "Look at <the> check", repliedBy: 2, repliedAt: nil, regradeRunID: nil,
                                   createdAt: Date(timeIntervalSince1970: 1_796_169_540))
        let open = text(RegradeRequestSection(submissionID: 42, requests: [asked], canAsk: true, cutoff: nil, viewer: Self.signedIn()))
        XCTAssertTrue(open.contains(#"<p class="meta">Asked 2026-12-01 23:59 UTC:</p><blockquote>\#(Self.escapedText)</blockquote>"#), open)
        XCTAssertTrue(open.contains("<p><strong>Answer: </strong>Look at &lt;the&gt; check</p>"), open)
        XCTAssertTrue(open.contains(#"<form class="form-stack" method="post" action="/submissions/42/regrade-requests">"#), open)

        let closed = text(RegradeRequestSection(submissionID: 42, requests: [], canAsk: true, cutoff: Date(timeIntervalSince1970: 0),
                                                viewer: Self.signedIn()))
        XCTAssertFalse(closed.contains("<form"), closed)
        XCTAssertTrue(closed.contains("Regrade requests for this exercise closed on 1970-01-01 00:00 UTC."), closed)

        let notTheirs = text(RegradeRequestSection(submissionID: 42, requests: [asked], canAsk: false, cutoff: nil, viewer: Self.signedIn()))
        XCTAssertFalse(notTheirs.contains("<form"), notTheirs)
    }
}
