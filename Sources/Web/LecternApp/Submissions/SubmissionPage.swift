import AutoLayout
import Foundation
import Grading
import HTML
import HTTPServer
import Store

/// The result of one submission as its student saw it: score, every check with its message,
/// diagnostics, the pictures stored with the grade, and the text submitted. Instructors also see the grade's
/// provenance and earlier grades.
enum SubmissionPage {
    /// A submission and what its page shows, read in one transaction (``SubmissionAccess``).
    struct Content: Sendable {
        let submission: SubmissionRecord
        let exercise: ExerciseRecord
        let course: Course
        let owner: User
        let history: [GradeHistoryEntry]
        /// The grade's checks, diagnostics and (when read) pictures, or why they cannot be read.
        let grade: Result<GradeDetails, UnreadableGrade>
        /// What a student's view of the grade depends on (nil for staff, who see everything).
        let viewInputs: GradeViewing.Inputs?
        /// The requests about this submission and the exercise's cut-off, when read.
        let regradeRequests: (requests: [RegradeRequest], cutoff: Date?)?
    }

    /// - Parameters:
    ///   - conversion: for a storyboard or source file, what it was read as.
    ///   - view: what the viewer may see of the grade (everything when nil).
    static func response(_ content: Content, viewer: Principal, isStaff: Bool,
                         conversion: ConvertedSubmission? = nil, view: GradeView? = nil) -> Response {
        let submission = content.submission
        let details = try? content.grade.get()
        let view = view ?? .everything(details?.checks ?? [])
        let checks = view.checks
        let diagnostics = view.showsDiagnostics ? details?.diagnostics.map(\.text) ?? [] : []
        let pictures = view.showsPictures ? details?.pictures ?? [] : []
        let picturesKept = details?.pictures != nil
        let regradeRequests = content.regradeRequests
        let exerciseURL = "/courses/\(content.course.slug)/exercises/\(content.exercise.slug)"
        return PageLayout.response(title: "\(content.exercise.title): attempt \(submission.attempt)", userArea: UserArea(viewer)) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses/\(content.course.slug)")) { content.course.title }
                " › "
                a(.href(exerciseURL)) { content.exercise.title }
            }
            h1 { "\(content.exercise.title): attempt \(submission.attempt)" }
            if content.owner.id != viewer.user.id {
                p(.class("submission-owner")) { "Submitted by \(content.owner.displayName) (\(content.owner.username))." }
            }
            let failed = checks.filter { !$0.passed }.count
            p(.class("score")) {
                if let visible = view.visibleScore, let visibleMax = view.visibleMaxScore {
                    strong { "\(PageFormat.score(visible)) / \(PageFormat.score(visibleMax))" }
                    span { " on the checks shown" }
                } else {
                    strong { "\(PageFormat.score(submission.countedScore)) / \(PageFormat.score(submission.maxScore))" }
                }
                if view.isFiltered {
                    StatusBadge("\(checks.count - failed) of \(checks.count) shown checks passed", tone: failed == 0 ? .neutral : .bad)
                } else if !checks.isEmpty {
                    StatusBadge(failed == 0 ? "All \(checks.count) checks passed" : "\(failed) of \(checks.count) checks failed",
                                     tone: failed == 0 ? .ok : .bad)
                }
                if submission.latePenalty > 0 {
                    span { "Score \(PageFormat.score(submission.score)) before a late penalty of \(PageFormat.percent(submission.latePenalty))." }
                }
            }
            if case .failure = content.grade {
                // The stored rows are the server's to keep: say so instead of showing a grade without checks.
                p(.class("grade-unreadable"), .attr("role", "alert")) {
                    "This grade's checks and feedback could not be read back from the database. The score above stands; the error has been logged for the server's operators."
                }
            }
            for hidden in view.hidden { p(.class("hidden-checks")) { hidden.sentence + "." } }
            p(.class("submitted-at")) {
                "Submitted \(PageFormat.dateTime(submission.createdAt)), graded against version "
                code { String(submission.exerciseVersion.prefix(12)) }
                "."
            }
            if !checks.isEmpty {
                section(.class("checks")) {
                    h2 { "Checks" }
                    ul(.class("check-list")) {
                        for check in checks { checkItem(check) }
                    }
                }
            }
            if !diagnostics.isEmpty {
                section(.class("diagnostics")) {
                    h2 { "Diagnostics" }
                    for diagnostic in diagnostics { pre { diagnostic } }
                }
            }
            if view.showsPictures, details != nil, !picturesKept {
                p(.class("pictures-not-kept")) { "No pictures were kept for this grade." }
            }
            if !pictures.isEmpty {
                section(.class("pictures")) {
                    h2 { "Pictures" }
                    div(.class("pictures-grid")) {
                        for picture in pictures {
                            // Focusable: on a narrow screen a wide picture scrolls inside its figure.
                            figure(.attr("tabindex", "0")) {
                                HTML.trustedRaw(picture.svg)
                                figcaption { picture.title }
                            }
                        }
                    }
                }
            }
            if let conversion { understood(conversion, submitted: submission.text) }
            section(.class("submitted-text")) {
                h2 { conversion.map { "Submitted \($0.form.title)" } ?? "Submitted text" }
                pre { HTML.element("code") { submission.text } }
            }
            if isStaff {
                section(.class("provenance")) {
                    h2 { "Provenance" }
                    dl {
                        dt { "Exercise version" }; dd { code { submission.exerciseVersion } }
                        dt { "Grader" }; dd { code { submission.graderVersion } }
                        dt { "Submission hash" }; dd { code { submission.normalizedHash } }
                    }
                    if !content.history.isEmpty {
                        h3 { "Earlier grades" }
                        ul {
                            for entry in content.history {
                                li { "\(PageFormat.score(entry.score)) / \(PageFormat.score(entry.maxScore)) with version \(entry.exerciseVersion.prefix(12)) (until \(PageFormat.dateTime(entry.recordedAt)))" }
                            }
                        }
                    }
                }
            }
            if let regradeRequests, !regradeRequests.requests.isEmpty || content.owner.id == viewer.user.id {
                RegradeRequestSection(submissionID: submission.id, requests: regradeRequests.requests,
                                                   canAsk: content.owner.id == viewer.user.id, cutoff: regradeRequests.cutoff, viewer: viewer)
            }
            p { a(.href(exerciseURL)) { "Back to the exercise" } }
        }
    }

    /// What a storyboard or source file was read as: each source line beside the text-format line
    /// it became, and what was not graded.
    private static func understood(_ conversion: ConvertedSubmission, submitted: String) -> HTML {
        section(.class("conversion"), .aria("labelledby", "understood")) {
            h2(.id("understood")) { "What was understood" }
            if let layout = conversion.layout {
                p { "The \(conversion.form.title) file, statement by statement, and the constraints each became in Lectern's own format, which is what was graded." }
                ScrollingTable(label: "Source statements and what they became") {
                    table(.class("conversion-table")) {
                        thead { tr { th { "Line" }; th { "Source" }; th { "Graded as" } } }
                        tbody {
                            // A statement that makes several constraints (an `activate([…])`, a VFL line) is one row.
                            for group in grouped(layout.constraints) {
                                tr {
                                    td(.class("number")) { group.column.map { "\(group.line):\($0)" } ?? String(group.line) }
                                    td { code { group.source } }
                                    td { pre { code { group.texts.joined(separator: "\n") } } }
                                }
                            }
                        }
                    }
                }
                if !layout.skipped.isEmpty {
                    h3 { "Not graded" }
                    ul {
                        for item in layout.skipped {
                            li { "Line \(item.line)\(item.column.map { ":\($0)" } ?? ""): \(item.reason)" }
                        }
                    }
                }
                if !layout.warnings.isEmpty {
                    h3 { "Warnings" }
                    ul { for warning in layout.warnings { li { warning } } }
                }
            } else {
                p { "The \(conversion.form.title) file beside the behavior tree it describes, which is what was graded." }
                div(.class("conversion-pair")) {
                    figure {
                        figcaption { "Your \(conversion.form.title)" }
                        pre(.attr("tabindex", "0")) { HTML.element("code") { submitted } }
                    }
                    figure {
                        figcaption { "The behavior tree it describes (graded)" }
                        pre(.attr("tabindex", "0")) { HTML.element("code") { conversion.behavior?.tree.serialized(pretty: true) ?? conversion.text } }
                    }
                }
                if let behavior = conversion.behavior {
                    if !behavior.skipped.isEmpty {
                        h3 { "Not graded" }
                        ul { for item in behavior.skipped { li { "Line \(item.line)\(item.column.map { ":\($0)" } ?? ""): \(item.reason)" } } }
                    }
                    if !behavior.warnings.isEmpty {
                        h3 { "Warnings" }
                        ul { for warning in behavior.warnings { li { warning } } }
                    }
                }
            }
        }
    }

    /// Consecutive constraints that come from the same source statement, as one row.
    private static func grouped(_ constraints: [LayoutConversion.Constraint])
        -> [(line: Int, column: Int?, source: String, texts: [String])] {
        var groups: [(line: Int, column: Int?, source: String, texts: [String])] = []
        for item in constraints {
            if let last = groups.last, last.line == item.line, last.column == item.column, last.source == item.source {
                groups[groups.count - 1].texts.append(item.text)
            } else {
                groups.append((item.line, item.column, item.source, [item.text]))
            }
        }
        return groups
    }

    /// One check: passed or failed in words, its name, the points it gave and its message.
    private static func checkItem(_ check: StoredCheck) -> HTML {
        li(.class("check", check.passed ? "passed" : "failed")) {
            StatusBadge(check.passed ? "✓ Passed" : "✗ Failed", tone: check.passed ? .ok : .bad)
            span(.class("check-name")) { check.name }
            span(.class("check-points")) { points(check.points) }
            if !check.message.isEmpty { p(.class("check-message")) { check.message } }
        }
    }

    /// `+25 points`, `0 points`, `−10 points`.
    private static func points(_ value: Double) -> String {
        let number = value > 0 ? "+\(PageFormat.score(value))" : value < 0 ? "−\(PageFormat.score(-value))" : "0"
        return "\(number) \(abs(value) == 1 ? "point" : "points")"
    }
}
