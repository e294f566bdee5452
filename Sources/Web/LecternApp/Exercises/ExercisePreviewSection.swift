import Grading
import HTML
import JSON

/// The preview of an exercise being written: the reference and each example graded in every
/// scenario (or run), with the grade each must get, the messages and the pictures.
struct ExercisePreviewSection: Component {
    /// The graded runs to show.
    let preview: ExerciseAuthoringService.Preview

    init(_ preview: ExerciseAuthoringService.Preview) { self.preview = preview }

    var body: HTML {
        section(.class("exercise-preview"), .aria("labelledby", "preview-title")) {
            h2(.id("preview-title")) { "Preview" }
            if preview.exercise == nil {
                p { "The exercise does not load, so nothing could be graded: see the problems above." }
            } else if preview.errors.isEmpty {
                p { StatusBadge("Ready to publish", tone: .ok); " The reference scores full marks and every example gets its expected grade." }
            } else {
                p { StatusBadge("Not ready", tone: .bad); " Fix the problems above before saving or publishing." }
            }
            for run in preview.runs { Self.runHTML(run) }
        }
    }

    private static func runHTML(_ run: ExerciseAuthoringService.Preview.Run) -> HTML {
        let report = run.report
        let title = run.name == "reference" ? "Reference" : "Example \(run.name)"
        return article(.class("preview-run")) {
            h3 { title }
            p(.class("score")) {
                strong { "\(report.score) / \(report.maxScore)" }
                if let expected = run.expectedScore { " (must get \(expected))" }
                " "
                StatusBadge(run.matches ? "as expected" : "differs", tone: run.matches ? .ok : .bad)
            }
            ul(.class("check-list")) {
                for check in report.checks {
                    li(.class("check", check.passed ? "passed" : "failed")) {
                        StatusBadge(check.passed ? "✓ Passed" : "✗ Failed", tone: check.passed ? .ok : .bad)
                        span(.class("check-name")) { check.name }
                        span(.class("check-points")) { "\(check.points) points" }
                        if !check.passed { p(.class("check-message")) { check.message } }
                    }
                }
            }
            if run.name != "reference", !run.matches {
                p { "What it gets, to paste as its expected grade if that is right:" }
                pre(.attr("tabindex", "0")) { code { expectation(report) } }
            }
            if !report.diagnostics.isEmpty {
                details {
                    summary { "Diagnostics" }
                    for diagnostic in report.diagnostics { pre { diagnostic } }
                }
            }
            if !report.pictures.isEmpty {
                div(.class("pictures-grid")) {
                    for picture in report.pictures {
                        // The grader escapes every name and number it writes into its SVG.
                        figure(.attr("tabindex", "0")) {
                            HTML.trustedRaw(picture.svg)
                            figcaption { "\(title): \(picture.title)" }
                        }
                    }
                }
            }
        }
    }

    /// `{"score": N, "messages": [...]}` of a report, as an example's expected grade.
    static func expectation(_ report: GradeReport) -> String {
        var json = JSONWriter(pretty: true)
        json.beginObject()
        json.field("score", report.score)
        json.field("messages", report.failedChecks.map(\.message))
        json.endObject()
        return json.string
    }
}
