import Foundation
import HTML
import HTTPServer
import SQLite
import Store

/// The requests of a course with what the queue shows of each, and each exercise's cut-off.
struct RegradeQueue: Sendable {
    struct Entry: Sendable {
        let request: RegradeRequest
        let username: String
        let exercise: ExerciseRecord
        let attempt: Int
    }

    let entries: [Entry]
    /// Every exercise of the course with its cut-off (nil: none).
    let cutoffs: [(exercise: ExerciseRecord, closesAt: Date?)]

    static func load(courseID: Int64, _ db: Connection) throws -> RegradeQueue {
        let exercises = try ExerciseRecord.all(courseID: courseID, db)
        var names: [Int64: String] = [:]
        let entries = try RegradeRequest.all(courseID: courseID, db).compactMap { request -> Entry? in
            guard let exercise = exercises.first(where: { $0.id == request.exerciseID }) else { return nil }
            if names[request.userID] == nil { names[request.userID] = try User.find(id: request.userID, db)?.username ?? "#\(request.userID)" }
            let attempt = try SubmissionRecord.find(id: request.submissionID, db)?.attempt ?? 0
            return Entry(request: request, username: names[request.userID] ?? "", exercise: exercise, attempt: attempt)
        }
        return RegradeQueue(entries: entries, cutoffs: try exercises.map { ($0, try RegradeRequest.cutoff(exerciseID: $0.id, db)) })
    }
}

/// `GET /courses/:course/regrade-requests`: open requests first, each with its answer form.
enum RegradeQueuePage {
    static func response(_ access: CourseAccess, _ queue: RegradeQueue) -> Response {
        let slug = access.course.slug
        let open = queue.entries.filter { $0.request.status == .open }
        let answered = queue.entries.filter { $0.request.status == .answered }
        return PageLayout.response(title: "Regrade requests: \(access.course.title)", userArea: UserArea(access.principal)) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses/\(slug)")) { access.course.title }
                " › "
                a(.href("/courses/\(slug)/gradebook")) { "Gradebook" }
            }
            h1 { "Regrade requests" }
            h2(.id("open")) { "Waiting (\(open.count))" }
            if open.isEmpty { p(.class("muted")) { "No request is waiting." } }
            for entry in open {
                article(.class("regrade-request"), .aria("labelledby", "request-\(entry.request.id)")) {
                    h3(.id("request-\(entry.request.id)")) {
                        "\(entry.username) on "
                        a(.href("/submissions/\(entry.request.submissionID)")) { "\(entry.exercise.title), attempt \(entry.attempt)" }
                    }
                    p(.class("meta")) { "Asked \(PageFormat.dateTime(entry.request.createdAt))." }
                    blockquote { entry.request.message }
                    form(.class("form-stack"), .method("post"), .action("/courses/\(slug)/regrade-requests/\(entry.request.id)/answer")) {
                        CSRFField(access.principal)
                        label(.for("reply-\(entry.request.id)")) { "Reply" }
                        textarea(.id("reply-\(entry.request.id)"), .name("reply"), .attr("rows", "3"), .flag("required"),
                                 .attr("maxlength", String(RegradeRequest.maxMessageLength))) { "" }
                        fieldset {
                            legend { "Also start a dry-run regrade (nothing counts until you apply it)" }
                            for (value, text) in [("none", "No regrade"), ("student", "Of \(entry.username)'s submissions"),
                                                  ("exercise", "Of the whole exercise")] {
                                p {
                                    input(.type("radio"), .id("regrade-\(entry.request.id)-\(value)"), .name("regrade"), .value(value),
                                          .flag("checked", value == "none"))
                                    label(.for("regrade-\(entry.request.id)-\(value)")) { text }
                                }
                            }
                        }
                        button(.type("submit")) { "Send the answer" }
                    }
                }
            }
            h2(.id("answered")) { "Answered (\(answered.count))" }
            if answered.isEmpty { p(.class("muted")) { "None yet." } }
            ul(.class("card-list")) {
                for entry in answered {
                    li {
                        p {
                            strong { entry.username }
                            " on "
                            a(.href("/submissions/\(entry.request.submissionID)")) { "\(entry.exercise.title), attempt \(entry.attempt)" }
                        }
                        blockquote { entry.request.message }
                        p { "Reply: \(entry.request.reply ?? "")" }
                        if let run = entry.request.regradeRunID {
                            p { a(.href("/courses/\(slug)/regrades/\(run)")) { "The dry-run regrade" } }
                        }
                    }
                }
            }
            h2(.id("cutoffs")) { "Until when students may ask" }
            ScrollingTable(label: "Cut-offs") {
                table {
                    thead { tr { th { "Exercise" }; th { "Requests accepted until (UTC; empty: no cut-off)" } } }
                    tbody {
                        for (exercise, closesAt) in queue.cutoffs {
                            tr {
                                td { exercise.title }
                                td {
                                    form(.class("form-row"), .method("post"), .action("/courses/\(slug)/exercises/\(exercise.slug)/regrade-cutoff")) {
                                        CSRFField(access.principal)
                                        input(.type("datetime-local"), .name("closesAt"), .aria("label", "Cut-off of \(exercise.title)"),
                                              .value(closesAt.map(Self.formTime) ?? ""))
                                        button(.type("submit")) { "Save" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `2026-12-01T23:59`, as a datetime-local input holds it (UTC).
    static func formTime(_ date: Date) -> String {
        InternetTime.minutes(date)
    }
}

/// The requests about a submission and their answers, and the form to ask, for its page.
struct RegradeRequestSection: Component {
    /// The submission the requests are about.
    let submissionID: Int64
    /// Its requests, oldest first.
    let requests: [RegradeRequest]
    /// Whether the viewer may ask (the submission is theirs).
    let canAsk: Bool
    /// When asking closes, if it does.
    let cutoff: Date?
    /// Who is looking (for the CSRF field).
    let viewer: Principal

    var body: HTML {
        section(.class("regrade-requests"), .id("regrade-requests"), .aria("labelledby", "regrade-requests-title")) {
            h2(.id("regrade-requests-title")) { "Regrade requests" }
            for request in requests {
                div(.class("regrade-request")) {
                    p(.class("meta")) { "Asked \(PageFormat.dateTime(request.createdAt)):" }
                    blockquote { request.message }
                    if let reply = request.reply {
                        p { strong { "Answer: " }; reply }
                    } else {
                        p(.class("muted")) { "Waiting for an answer." }
                    }
                }
            }
            if canAsk {
                if let cutoff, cutoff < Date() {
                    p(.class("muted")) { "Regrade requests for this exercise closed on \(PageFormat.dateTime(cutoff))." }
                } else {
                    form(.class("form-stack"), .method("post"), .action("/submissions/\(submissionID)/regrade-requests")) {
                        CSRFField(viewer)
                        label(.for("regrade-message")) { "Ask for a regrade: what do you think was graded wrongly, and why?" }
                        textarea(.id("regrade-message"), .name("message"), .attr("rows", "3"), .flag("required"),
                                 .attr("maxlength", String(RegradeRequest.maxMessageLength))) { "" }
                        if let cutoff { p(.class("form-hint")) { "Requests are accepted until \(PageFormat.dateTime(cutoff))." } }
                        button(.type("submit")) { "Ask for a regrade" }
                    }
                }
            }
        }
    }
}
