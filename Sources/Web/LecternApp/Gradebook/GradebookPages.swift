import Foundation
import HTML
import HTTPServer
import Store

/// The instructors' pages: the gradebook, per-student and per-exercise drill-downs, and regrades.
enum GradebookPages {
    /// A course's gradebook: every student against every exercise.
    enum Overview {
        static func response(_ access: CourseAccess, _ book: Gradebook, sort: String?, filter: String?) -> Response {
            let course = access.course
            let base = "/courses/\(course.slug)/gradebook"
            let sortKey = sort ?? "name"
            return PageLayout.response(title: "Gradebook: \(course.title)", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                    a(.href("/courses")) { "Courses" }
                    " › "
                    a(.href("/courses/\(course.slug)")) { course.title }
                }
                h1 { "Gradebook" }
                p(.class("exports")) {
                    "Download: "
                    a(.href("/api/courses/\(course.slug)/gradebook.csv")) { "CSV" }
                    " · "
                    a(.href("/api/courses/\(course.slug)/gradebook")) { "JSON" }
                    " · "
                    a(.href("/api/courses/\(course.slug)/gradebook/canvas.csv")) { "Canvas CSV" }
                    " · "
                    a(.href("/api/courses/\(course.slug)/gradebook/moodle.csv")) { "Moodle CSV" }
                    " · "
                    a(.href("/courses/\(course.slug)/audit")) { "Audit log" }
                    " · "
                    a(.href("/courses/\(course.slug)/analytics")) { "Analytics" }
                    " · "
                    a(.href("/courses/\(course.slug)/regrade-requests")) { "Regrade requests" }
                    " · "
                    a(.href("/courses/\(course.slug)/time")) { "Late days and accommodations" }
                }
                form(.class("form-row gradebook-filter"), .method("get"), .action(base), .role("search")) {
                    label(.for("filter")) { "Show students matching" }
                    input(.type("search"), .id("filter"), .name("filter"), .value(filter ?? ""))
                    if let sort { input(.type("hidden"), .name("sort"), .value(sort)) }
                    button(.type("submit")) { "Filter" }
                }
                ScrollingTable(label: "Gradebook") {
                    table(.class("gradebook")) {
                        thead {
                            tr {
                                th(.attr("scope", "col"), sortKey == "name" ? .aria("sort", "ascending") : nil) {
                                    a(.href(base + "?sort=name")) { "Student" }
                                }
                                for exercise in book.exercises {
                                    th(.attr("scope", "col"), .class("number"), sortKey == exercise.slug ? .aria("sort", "descending") : nil) {
                                        a(.href(base + "?sort=\(exercise.slug)")) { exercise.title }
                                        a(.class("column-details"), .href("\(base)/exercises/\(exercise.slug)"),
                                          .aria("label", "\(exercise.title): rules, extensions and regrades")) { "Details" }
                                    }
                                }
                                th(.attr("scope", "col"), .class("number"), sortKey == "total" ? .aria("sort", "descending") : nil) {
                                    a(.href(base + "?sort=total")) { "Total" }
                                    span(.class("column-details")) { "of \(PageFormat.score(book.maxTotal))" }
                                }
                            }
                        }
                        tbody {
                            for row in book.rows(sortedBy: sort, filter: filter) {
                                tr {
                                    th(.attr("scope", "row")) { a(.href("\(base)/students/\(row.student.username)")) { row.student.displayName } }
                                    for cell in row.cells {
                                        td(.class("number", cell.late ? "late" : "")) {
                                            if let counted = cell.counted, let id = cell.submissionID {
                                                a(.href("/submissions/\(id)")) { PageFormat.score(counted) }
                                                small(.class("attempt-count")) { " (\(cell.attempts))" }
                                                if cell.late { small(.class("late-mark")) { " late" } }
                                            } else {
                                                span(.aria("hidden", "true")) { "–" }
                                                span(.class("visually-hidden")) { "no submission" }
                                            }
                                        }
                                    }
                                    td(.class("number")) { strong { PageFormat.score(row.total) } }
                                }
                            }
                        }
                    }
                }
                p(.class("legend")) {
                    "Each cell: the score that counts, then (the number of attempts); “late” marks a late counted submission. "
                    "Column titles sort the table; “Details” opens an exercise's rules, extensions and regrades."
                }
                section(.class("roster-import")) {
                    h2 { "Import students" }
                    form(.class("form-stack roster-form"), .method("post"), .action("/courses/\(course.slug)/roster")) {
                        CSRFField(access.principal)
                        label(.for("roster-csv")) { "Students (CSV)" }
                        p(.class("form-hint"), .id("roster-hint")) {
                            "One student per line: username, display name, e-mail. New students get a one-time link to choose their password."
                        }
                        textarea(.class("code"), .id("roster-csv"), .name("csv"), .attr("rows", "8"), .attr("cols", "60"),
                                 .attr("spellcheck", "false"), .aria("describedby", "roster-hint"),
                                 .placeholder("alice,Alice Liddell,alice@example.org")) { "" }
                        button(.type("submit")) { "Import" }
                    }
                }
            }
        }
    }

    /// What a roster import created.
    enum RosterImported {
        /// The outcome of a roster import: who was created or enrolled, and the set-password links.
        static func response(_ access: CourseAccess, _ imported: [AccountProvisioning.Provisioned]) -> Response {
            PageLayout.response(title: "Students imported", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses/\(access.course.slug)/gradebook")) { "Gradebook" } }
                h1 { "Students imported" }
                p { "Send each new student their link: it works once, for 7 days. Accounts that already existed are only enrolled: they sign in as before, and get no link." }
                ScrollingTable(label: "Imported students") {
                    table(.class("roster")) {
                        thead { tr { th { "Username" }; th { "Account" }; th { "Set-password link" } } }
                        tbody {
                            for entry in imported {
                                tr {
                                    td { entry.user.username }
                                    td { entry.created ? "created" : "already existed: enrolled only" }
                                    td { if let path = entry.setupPath { code { path } } else { "none" } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One student's attempts at every exercise.
    enum StudentRecord {
        static func response(_ access: CourseAccess, student: User, exercises: [ExerciseRecord],
                             submissions: [Int64: [SubmissionRecord]]) -> Response {
            PageLayout.response(title: "\(student.displayName) · gradebook", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses/\(access.course.slug)/gradebook")) { "Gradebook" } }
                h1 { "\(student.displayName) (\(student.username))" }
                let untried = exercises.filter { submissions[$0.id]?.isEmpty ?? true }
                for exercise in exercises {
                    if let list = submissions[exercise.id], !list.isEmpty {
                        section {
                            h2 { exercise.title }
                            AttemptTable(list, label: "Attempts at \(exercise.title)")
                        }
                    }
                }
                if !untried.isEmpty {
                    section {
                        h2 { "No submissions yet" }
                        ul { for exercise in untried { li { exercise.title } } }
                    }
                }
            }
        }
    }

    /// One exercise's scores, rules, extensions and regrades.
    enum ExerciseScores {
        static func response(_ access: CourseAccess, exercise: ExerciseRecord, book: Gradebook, runs: [RegradeRun]) -> Response {
            let course = access.course
            return PageLayout.response(title: "\(exercise.title) · gradebook", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses/\(course.slug)/gradebook")) { "Gradebook" } }
                h1 { exercise.title }
                p(.class("muted")) {
                    "Version "
                    code { String(exercise.version.prefix(12)) }
                    " · the \(exercise.scorePolicy == .best ? "best" : "last") score counts · "
                    a(.href("/courses/\(course.slug)/exercises/\(exercise.slug)")) { "The exercise as students see it" }
                }
                ScrollingTable(label: "Scores for \(exercise.title)") {
                    table(.class("gradebook")) {
                        thead {
                            tr {
                                th(.attr("scope", "col")) { "Student" }
                                th(.attr("scope", "col"), .class("number")) { "Counted score" }
                                th(.attr("scope", "col"), .class("number")) { "Attempts" }
                            }
                        }
                        tbody {
                            for row in book.rows {
                                if let cell = row.cells.first {
                                    tr {
                                        th(.attr("scope", "row")) {
                                            a(.href("/courses/\(course.slug)/gradebook/students/\(row.student.username)")) { row.student.displayName }
                                        }
                                        td(.class("number", cell.late ? "late" : "")) {
                                            if let counted = cell.counted, let id = cell.submissionID {
                                                a(.href("/submissions/\(id)")) { "\(PageFormat.score(counted)) / \(PageFormat.score(exercise.points))" }
                                                if cell.late { small(.class("late-mark")) { " late" } }
                                            } else {
                                                span(.aria("hidden", "true")) { "–" }
                                                span(.class("visually-hidden")) { "no submission" }
                                            }
                                        }
                                        td(.class("number")) { "\(cell.attempts)" }
                                    }
                                }
                            }
                        }
                    }
                }
                h2 { "Deadline and attempts" }
                PolicyForm(exercise, action: "/courses/\(course.slug)/exercises/\(exercise.slug)/policy", principal: access.principal)
                h2 { "Extensions" }
                ExtensionForm(action: "/courses/\(course.slug)/exercises/\(exercise.slug)/extensions", principal: access.principal)
                h2 { "Regrades" }
                p {
                    "A dry run grades every stored submission again against the current version and shows each student's "
                    "score before and after; nothing that counts changes until you apply it."
                }
                form(.method("post"), .action("/courses/\(course.slug)/exercises/\(exercise.slug)/regrades")) {
                    CSRFField(access.principal)
                    button(.type("submit")) { "Start a dry run" }
                }
                if runs.isEmpty {
                    p(.class("muted")) { "No regrades yet." }
                } else {
                    RegradeList(runs: runs, courseSlug: course.slug)
                }
            }
        }
    }

    /// A regrade run: its progress and the scores it changes.
    enum RegradeProgress {
        static func response(_ access: CourseAccess, run: RegradeRun, exercise: ExerciseRecord,
                             comparison: [RegradeService.Comparison]) -> Response {
            let course = access.course
            let changed = comparison.filter { $0.before != $0.after }.count
            let page = PageLayout.response(title: "Regrade \(run.id)", userArea: UserArea(access.principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                    a(.href("/courses/\(course.slug)/gradebook")) { "Gradebook" }
                    " › "
                    a(.href("/courses/\(course.slug)/gradebook/exercises/\(exercise.slug)")) { exercise.title }
                }
                h1 { "Regrade \(run.id) of \(exercise.title)" }
                div(.class("regrade-progress")) {
                    StatusBadge(statusTitle(run.status), tone: run.status == .failed ? .bad : run.status == .applied ? .ok : .neutral)
                    label(.for("regrade-progress")) { "\(run.done) of \(run.total) submissions graded" }
                    progress(.id("regrade-progress"), .value(String(run.done)), .attr("max", String(max(run.total, 1)))) {
                        "\(run.done)/\(run.total)"
                    }
                }
                p(.class("regrade-status")) { statusExplanation(run.status) }
                if let error = run.error { p(.class("form-error"), .role("alert")) { error } }
                if run.status == .ready {
                    p {
                        changed == 0 ? "No counted score changes." : changed == 1 ? "1 counted score changes." : "\(changed) counted scores change."
                    }
                    div(.class("actions")) {
                        form(.method("post"), .action("/courses/\(course.slug)/regrades/\(run.id)/apply")) {
                            CSRFField(access.principal)
                            button(.type("submit")) { "Apply the new grades" }
                        }
                        form(.method("post"), .action("/courses/\(course.slug)/regrades/\(run.id)/discard")) {
                            CSRFField(access.principal)
                            button(.type("submit"), .class("button-secondary")) { "Discard" }
                        }
                    }
                }
                ScrollingTable(label: "Scores before and after") {
                    table(.class("regrade-comparison")) {
                        thead {
                            tr {
                                th(.attr("scope", "col")) { "Student" }
                                th(.attr("scope", "col"), .class("number")) { "Before" }
                                th(.attr("scope", "col"), .class("number")) { "After" }
                                th(.attr("scope", "col"), .class("number")) { "Change" }
                            }
                        }
                        tbody {
                            for row in comparison {
                                tr(.class(row.before == row.after ? "" : "changed")) {
                                    th(.attr("scope", "row")) { row.displayName }
                                    td(.class("number")) { row.before.map(PageFormat.score) ?? "–" }
                                    td(.class("number")) { row.after.map(PageFormat.score) ?? "–" }
                                    td(.class("number")) { change(before: row.before, after: row.after) }
                                }
                            }
                        }
                    }
                }
            }
            // While the run works in the background, the browser reloads the page to show its progress.
            let inProgress = run.status == .dryRun || run.status == .applying
            return inProgress ? page.withHeader("Refresh", String(regradeRefreshSeconds)) : page
        }
    }

    /// How often a regrade's page reloads itself while the run is in progress.
    static let regradeRefreshSeconds = 2

    /// The status of a run in words.
    static func statusTitle(_ status: RegradeStatus) -> String {
        switch status {
        case .dryRun: "Dry run in progress"
        case .ready: "Dry run complete"
        case .applying: "Applying"
        case .applied: "Applied"
        case .discarded: "Discarded"
        case .failed: "Failed"
        }
    }

    /// What the status means for the grades.
    private static func statusExplanation(_ status: RegradeStatus) -> String {
        switch status {
        case .dryRun: "Nothing that counts changes yet. This page reloads itself until the dry run is complete."
        case .ready: "Nothing that counts has changed yet: apply to make the new grades count (the old ones stay in the history), or discard."
        case .applying: "The new grades are being applied. This page reloads itself until they all count."
        case .applied: "The new grades count; the old ones are in each submission's history."
        case .discarded: "This run was thrown away; the grades did not change."
        case .failed: "The run stopped; the grades did not change."
        }
    }

    /// `+20` (up), `−15` (down) or `no change`, in words as well as in colour.
    private static func change(before: Double?, after: Double?) -> HTML {
        guard before != after else { return span(.class("muted")) { "no change" } }
        let difference = (after ?? 0) - (before ?? 0)
        if difference > 0 { return span(.class("change-up")) { "▲ +\(PageFormat.score(difference))" } }
        if difference < 0 { return span(.class("change-down")) { "▼ −\(PageFormat.score(-difference))" } }
        return span { before == nil ? "now graded" : "no longer graded" }
    }
}

/// The regrade runs of an exercise.
struct RegradeList: Component {
    /// The runs, newest first as the store lists them.
    let runs: [RegradeRun]
    /// The course whose regrade pages the items link to.
    let courseSlug: String

    var body: HTML {
        ul(.class("regrades")) {
            for run in runs {
                li {
                    a(.href("/courses/\(courseSlug)/regrades/\(run.id)")) { "Regrade \(run.id)" }
                    " · \(GradebookPages.statusTitle(run.status)) · \(run.done) of \(run.total) submissions · started \(PageFormat.dateTime(run.createdAt))"
                }
            }
        }
    }
}
