import Foundation
import Grading
import HTML
import HTTPServer
import Store

/// The exercise page: statement, the lecture moment that teaches it, the rules, the submission
/// form (starting with the text just refused, the latest attempt or the starter) and the student's
/// past attempts.
enum ExercisePage {
    /// - Parameter hiddenScores: why scores are not shown (checks held back from the student), nil to show them.
    static func response(access: CourseAccess, record: ExerciseRecord, exercise: Exercise, window: SubmissionWindow,
                         attempts: [SubmissionRecord], text: String? = nil, message: String? = nil,
                         diagnostics: [String] = [], status: HTTPStatus = .ok, hiddenScores: String? = nil) -> Response {
        let summary = AttemptSummary(count: attempts.count, lastAt: attempts.first?.createdAt)
        let course = access.course
        // The text just refused, else the latest attempt to build on, else the starter.
        let answer = text ?? attempts.first?.text ?? exercise.starter
        return PageLayout.response(title: record.title, userArea: UserArea(access.principal), status: status) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses")) { "Courses" }
                " › "
                a(.href("/courses/\(course.slug)")) { course.title }
            }
            h1 { record.title }
            p(.class("exercise-meta")) {
                "\(record.kind == "layout" ? "Auto Layout" : "Dynamics") exercise · \(PageFormat.score(record.points)) points"
                if access.isStaff {
                    " · "
                    a(.href("/courses/\(course.slug)/exercises/\(record.slug)/edit")) { "Edit the exercise" }
                }
            }
            p(.class("lecture-moment")) {
                "Taught in "
                a(.href(lectureLink(exercise.lecture))) { "lecture \(exercise.lecture.lecture) at \(exercise.lecture.at)" }
            }
            section(.class("statement")) { StatementRendering(exercise.statement, pageTitle: record.title) }
            section(.class("rules")) {
                h2 { "Rules" }
                ul { for line in window.summary(attempts: summary) { li { line } } }
            }
            if let message { p(.class("form-error"), .role("alert")) { message } }
            if !diagnostics.isEmpty {
                section(.class("diagnostics")) {
                    h2 { "Diagnostics" }
                    for diagnostic in diagnostics { pre { diagnostic } }
                }
            }
            section(.class("submit")) {
                h2 { "Your answer" }
                let downloads = ExerciseDownload.starters(of: exercise)
                if downloads.count > 1 {
                    p(.class("downloads")) {
                        "Download the starter: "
                        for download in downloads {
                            a(.href("/courses/\(course.slug)/exercises/\(record.slug)/downloads/\(download.fileName)"),
                              .attr("download", download.fileName)) { download.form == .text ? download.fileName : "\(download.form.title) (\(download.fileName))" }
                        }
                    }
                }
                form(.method("post"), .action("/courses/\(course.slug)/exercises/\(record.slug)"),
                     .attr("enctype", "multipart/form-data")) {
                    CSRFField(access.principal)
                    if exercise.accepts.count > 1 {
                        label(.for("answer-file")) { "Upload a file" }
                        p(.class("form-hint"), .id("answer-file-hint")) {
                            "Finish the starter in Xcode and upload it: " + exercise.accepts.map(\.title).joined(separator: ", ")
                                + ". A file takes the place of the text below."
                        }
                        input(.type("file"), .id("answer-file"), .name("file"), .aria("describedby", "answer-file-hint"),
                              .attr("accept", acceptedExtensions(exercise)))
                    }
                    label(.for("answer")) { record.kind == "layout" ? "Constraints, one per line" : "Behavior tree, as JSON" }
                    p(.class("form-hint"), .id("answer-hint")) {
                        "Graded as soon as you submit; the result shows every check, with pictures."
                    }
                    // A textarea drops one newline right after its start tag: the leading "\n" keeps the text's own.
                    textarea(.class("code"), .id("answer"), .name("text"), .attr("rows", String(answerRows(answer))),
                             .attr("cols", "80"), .attr("wrap", "off"), .attr("spellcheck", "false"), .attr("autocapitalize", "off"),
                             .attr("autocomplete", "off"), .aria("describedby", "answer-hint")) { "\n" + answer }
                    p(.class("actions")) { button(.type("submit")) { "Submit and grade" } }
                }
            }
            section(.class("attempts")) {
                h2 { "Your attempts" }
                if attempts.isEmpty {
                    p { "No attempts yet." }
                } else {
                    if let hiddenScores { p(.class("hidden-checks")) { hiddenScores } }
                    AttemptTable(attempts, label: "Your attempts", hidesScores: hiddenScores != nil)
                }
            }
        }
    }

    /// Room for the text and a few more lines, between 12 and 30 rows.
    static func answerRows(_ text: String) -> Int {
        let lines = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return min(30, max(12, lines + 4))
    }

    /// The file extensions the upload field offers, for the forms the exercise accepts.
    static func acceptedExtensions(_ exercise: Exercise) -> String {
        exercise.accepts.flatMap { form -> [String] in
            switch form {
            case .text: [".\(exercise.kind.fileExtension)", ".txt"]
            case .storyboard: [".storyboard", ".xib"]
            case .swift: [".swift"]
            case .objectiveC: [".m"]
            }
        }.joined(separator: ",")
    }

    /// Where the lecture shows the idea: the lecture page with the caption at that time marked.
    static func lectureLink(_ moment: LectureMoment) -> String {
        "/courses/\(moment.course)/lectures/\(moment.lecture)?t=\(moment.seconds)#t\(moment.seconds)"
    }
}

/// A table of submissions: attempt, time, score, late penalty, link to the result.
struct AttemptTable: Component {
    /// The attempts, in the order they are listed.
    let submissions: [SubmissionRecord]
    /// What the table lists, for screen readers.
    let label: String
    /// Totals would give away checks held back from the student: show none.
    let hidesScores: Bool

    init(_ submissions: [SubmissionRecord], label: String, hidesScores: Bool = false) {
        self.submissions = submissions
        self.label = label
        self.hidesScores = hidesScores
    }

    var body: HTML {
        ScrollingTable(label: label) {
            table(.class("attempts")) {
                thead {
                    tr {
                        th(.class("number")) { "Attempt" }; th(.class("number")) { "Score" }; th(.class("number")) { "Late penalty" }
                        th { "Submitted" }; th { span(.class("visually-hidden")) { "Result" } }
                    }
                }
                tbody {
                    for submission in submissions {
                        tr {
                            td(.class("number")) { "\(submission.attempt)" }
                            td(.class("number")) {
                                hidesScores ? "see the result" : "\(PageFormat.score(submission.countedScore)) / \(PageFormat.score(submission.maxScore))"
                            }
                            td(.class("number")) { submission.latePenalty > 0 ? "−\(PageFormat.percent(submission.latePenalty))" : "none" }
                            td(.class("nowrap")) { PageFormat.dateTime(submission.createdAt) }
                            td(.class("nowrap")) {
                                a(.href("/submissions/\(submission.id)")) {
                                    "Result"
                                    span(.class("visually-hidden")) { " of attempt \(submission.attempt)" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
