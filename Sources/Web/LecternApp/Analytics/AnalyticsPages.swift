import Foundation
import HTML
import HTTPServer
import Store

/// The instructors' analytics pages: one per exercise, and the course's overview.
enum AnalyticsPages {
    /// Most students listed as not having attempted.
    static let maxListed = 300

    /// One exercise's analytics, for its instructors.
    enum ExerciseReport {
        /// `GET /courses/:course/exercises/:slug/analytics`.
        static func response(_ access: CourseAccess, _ analytics: ExerciseAnalytics) -> Response {
            let course = access.course
            let record = analytics.exercise
            let api = "/api/courses/\(course.slug)/exercises/\(record.slug)/analytics"
            return PageLayout.response(title: "Analytics: \(record.title)", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                    a(.href("/courses/\(course.slug)")) { course.title }
                    " › "
                    a(.href("/courses/\(course.slug)/analytics")) { "Analytics" }
                }
                h1 { "Analytics: \(record.title)" }
                p(.class("exports")) {
                    "Download: "
                    a(.href(api)) { "JSON" }
                    " · "
                    a(.href(api + ".csv")) { "CSV" }
                    " · "
                    a(.href("/courses/\(course.slug)/exercises/\(record.slug)/similarity")) { "Similar work" }
                }
                section(.aria("labelledby", "participation")) {
                    h2(.id("participation")) { "Participation" }
                    p { "\(analytics.attempted) of \(analytics.students) students attempted (\(PageFormat.percent(ExerciseAnalytics.rounded(analytics.participation))))." }
                    if !analytics.notAttempted.isEmpty {
                        details {
                            summary { "\(analytics.notAttempted.count) not attempted yet" }
                            ul(.class("name-list")) {
                                for username in analytics.notAttempted.prefix(maxListed) { li { username } }
                            }
                            if analytics.notAttempted.count > maxListed {
                                p(.class("muted")) { "and \(analytics.notAttempted.count - maxListed) more." }
                            }
                        }
                    }
                }
                section(.aria("labelledby", "scores")) {
                    h2(.id("scores")) { "Scores" }
                    p {
                        "Counted scores (\(record.scorePolicy == .best ? "best" : "last") attempt, after late penalties): mean "
                        strong { analytics.mean.map(PageFormat.score) ?? "–" }
                        ", median "
                        strong { analytics.median.map(PageFormat.score) ?? "–" }
                        " of \(PageFormat.score(record.points))."
                    }
                    figure(.class("histogram-figure")) {
                        ScoreHistogram.svg(analytics.histogram,
                                           label: "Students per tenth of the full score: " + analytics.histogram.enumerated()
                                               .map { "\($0.offset * 10)%: \($0.element)" }.joined(separator: ", "))
                        figcaption { "Students by counted score, in tenths of the full score." }
                    }
                }
                rates("Scenarios", id: "scenario-rates", analytics.scenarios)
                rates("Checks", id: "check-rates", analytics.checks)
                section(.aria("labelledby", "diagnostics")) {
                    h2(.id("diagnostics")) { "Most frequent diagnostics" }
                    if analytics.diagnostics.isEmpty {
                        p(.class("muted")) { "No diagnostics." }
                    } else {
                        p { "Students who got each at least once, with one example (whose it is is not shown)." }
                        ScrollingTable(label: "Diagnostics") {
                            table {
                                thead { tr { th { "Diagnostic" }; th { "Students" }; th { "Example" } } }
                                tbody {
                                    for diagnostic in analytics.diagnostics {
                                        tr {
                                            td { diagnostic.code }
                                            td(.class("number")) { "\(diagnostic.count) (\(PageFormat.percent(share(diagnostic.count, analytics.attempted))))" }
                                            td { pre { diagnostic.example } }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                section(.aria("labelledby", "full-score")) {
                    h2(.id("full-score")) { "Reaching full marks" }
                    p {
                        "\(analytics.reachedFullScore) of \(analytics.attempted) students reached full marks"
                        if let attempts = analytics.attemptsToFullScoreMedian {
                            ", at attempt \(PageFormat.score(attempts)) (median)"
                        }
                        if let seconds = analytics.timeToFullScoreMedian {
                            ", \(duration(seconds)) after their first attempt (median)"
                        }
                        "."
                    }
                }
            }
        }
    }

    private static func rates(_ title: String, id: String, _ rates: [ExerciseAnalytics.Rate]) -> HTML {
        section(.aria("labelledby", id)) {
            h2(.id(id)) { title }
            if rates.isEmpty {
                p(.class("muted")) { "None graded yet." }
            } else {
                ScrollingTable(label: title) {
                    table {
                        thead { tr { th { "Name" }; th { "Pass rate" }; th { "Students graded" } } }
                        tbody {
                            for rate in rates {
                                tr {
                                    td { rate.name }
                                    td(.class("number")) { PageFormat.percent(rate.passRate) }
                                    td(.class("number")) { String(rate.students) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every exercise of a course side by side, for its instructors.
    enum CourseReport {
        /// `GET /courses/:course/analytics`.
        static func response(_ access: CourseAccess, _ summaries: [AnalyticsService.Summary]) -> Response {
            let course = access.course
            return PageLayout.response(title: "Analytics: \(course.title)", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses/\(course.slug)")) { course.title } }
                h1 { "Analytics" }
                ClassOverview(course, summaries)
            }
        }
    }


    private static func share(_ count: Int, _ total: Int) -> Double {
        total == 0 ? 0 : ExerciseAnalytics.rounded(Double(count) / Double(total))
    }

    /// `3 min`, `2 h 5 min`, `4 days`.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return "\(minutes / 60) h \(minutes % 60) min" }
        return "\(minutes / 1440) days"
    }
}

/// Every exercise's mean, median and participation side by side (also on the course page for instructors).
struct ClassOverview: Component {
    /// The course, for the links to each exercise's analytics.
    let course: Course
    /// One summary per exercise, in the course's order.
    let summaries: [AnalyticsService.Summary]

    init(_ course: Course, _ summaries: [AnalyticsService.Summary]) {
        self.course = course
        self.summaries = summaries
    }

    var body: HTML {
        section(.class("analytics-overview"), .aria("labelledby", "class-overview")) {
            h2(.id("class-overview")) { "How the class is doing" }
            ScrollingTable(label: "Exercise analytics") {
                table {
                    thead { tr { th { "Exercise" }; th { "Mean" }; th { "Median" }; th { "Participation" } } }
                    tbody {
                        for summary in summaries {
                            tr {
                                td { a(.href("/courses/\(course.slug)/exercises/\(summary.exercise.slug)/analytics")) { summary.exercise.title } }
                                td(.class("number")) { summary.mean.map { "\(PageFormat.score($0)) / \(PageFormat.score(summary.exercise.points))" } ?? "–" }
                                td(.class("number")) { summary.median.map(PageFormat.score) ?? "–" }
                                td(.class("number")) { "\(summary.attempted) / \(summary.students) (\(PageFormat.percent(ExerciseAnalytics.rounded(summary.participation))))" }
                            }
                        }
                    }
                }
            }
        }
    }
}
