import Foundation
import Grading
import HTML
import HTTPServer
import Store

/// The exercise page: statement, the lecture moment that teaches it, the rules, the submission
/// form (starting with the starter or the text just refused) and the student's past attempts.
enum ExercisePage {
    static func response(access: CourseAccess, record: ExerciseRecord, exercise: Exercise, window: SubmissionWindow,
                         attempts: [SubmissionRecord], text: String? = nil, message: String? = nil,
                         status: HTTPStatus = .ok) -> Response {
        let summary = AttemptSummary(count: attempts.count, lastAt: attempts.first?.createdAt)
        let course = access.course
        return PageLayout.response(title: record.title, userArea: UserArea.html(access.principal), status: status) {
            nav(.class("breadcrumbs")) { a(.href("/courses/\(course.slug)")) { course.title } }
            h1 { record.title }
            p(.class("exercise-meta")) { "\(record.kind == "layout" ? "Auto Layout" : "Dynamics") exercise · \(PageFormat.score(record.points)) points" }
            p(.class("lecture-moment")) {
                "Taught in "
                a(.href(lectureLink(exercise.lecture))) { "lecture \(exercise.lecture.lecture) at \(exercise.lecture.at)" }
            }
            section(.class("statement")) { StatementRendering.html(exercise.statement) }
            section(.class("rules")) {
                h2 { "Rules" }
                ul { for line in window.summary(attempts: summary) { li { line } } }
            }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            section(.class("submit")) {
                h2 { "Your answer" }
                form(.method("post"), .action("/courses/\(course.slug)/exercises/\(record.slug)")) {
                    CSRFField.html(access.principal)
                    textarea(.name("text"), .attr("rows", "16"), .attr("cols", "80"), .attr("spellcheck", "false"),
                             .aria("label", "Submission")) { "\n" + (text ?? exercise.starter) }
                    button(.type("submit")) { "Submit and grade" }
                }
            }
            section(.class("attempts")) {
                h2 { "Your attempts" }
                if attempts.isEmpty {
                    p { "No attempts yet." }
                } else {
                    AttemptTable.html(attempts, maxScore: record.points)
                }
            }
        }
    }

    /// Where the lecture shows the idea: the lecture page with the caption at that time marked.
    static func lectureLink(_ moment: LectureMoment) -> String {
        "/courses/\(moment.course)/lectures/\(moment.lecture)?t=\(moment.seconds)"
    }
}

/// A table of submissions: attempt, time, score, late penalty, link to the result.
enum AttemptTable {
    static func html(_ submissions: [SubmissionRecord], maxScore: Double) -> HTML {
        table(.class("attempts")) {
            thead { tr { th { "Attempt" }; th { "Submitted" }; th { "Score" }; th { "Late" }; th { "" } } }
            tbody {
                for submission in submissions {
                    tr {
                        td { "\(submission.attempt)" }
                        td { PageFormat.dateTime(submission.createdAt) }
                        td { "\(PageFormat.score(submission.countedScore)) / \(PageFormat.score(submission.maxScore))" }
                        td { submission.latePenalty > 0 ? "−\(PageFormat.percent(submission.latePenalty))" : "" }
                        td { a(.href("/submissions/\(submission.id)")) { "Result" } }
                    }
                }
            }
        }
    }
}
