import Foundation
import HTML
import HTTPServer
import Store

/// The instructors' pages: the gradebook, per-student and per-exercise drill-downs, and regrades.
enum GradebookPages {
    static func gradebook(_ access: CourseAccess, _ book: Gradebook, sort: String?, filter: String?) -> Response {
        let course = access.course
        let base = "/courses/\(course.slug)/gradebook"
        return PageLayout.response(title: "Gradebook: \(course.title)", userArea: UserArea.html(access.principal)) {
            h1 { "Gradebook" }
            p { course.title }
            p(.class("exports")) {
                a(.href("/api/courses/\(course.slug)/gradebook.csv")) { "Download CSV" }
                " · "
                a(.href("/api/courses/\(course.slug)/gradebook")) { "JSON" }
            }
            form(.class("gradebook-filter"), .method("get"), .action(base)) {
                label(.for("filter")) { "Show students matching" }
                input(.type("search"), .id("filter"), .name("filter"), .value(filter ?? ""))
                if let sort { input(.type("hidden"), .name("sort"), .value(sort)) }
                button(.type("submit")) { "Filter" }
            }
            table(.class("gradebook")) {
                thead {
                    tr {
                        th { a(.href(base + "?sort=name")) { "Student" } }
                        for exercise in book.exercises {
                            th { a(.href(base + "?sort=\(exercise.slug)")) { exercise.title }; " "; a(.href("\(base)/exercises/\(exercise.slug)")) { "›" } }
                        }
                        th { a(.href(base + "?sort=total")) { "Total / \(PageFormat.score(book.maxTotal))" } }
                    }
                }
                tbody {
                    for row in book.rows(sortedBy: sort, filter: filter) {
                        tr {
                            th { a(.href("\(base)/students/\(row.student.username)")) { row.student.displayName } }
                            for cell in row.cells {
                                td(.class(cell.late ? "late" : "")) {
                                    if let counted = cell.counted, let id = cell.submissionID {
                                        a(.href("/submissions/\(id)")) { PageFormat.score(counted) }
                                        small { " (\(cell.attempts))" }
                                        if cell.late { small(.class("late-mark")) { " late" } }
                                    } else {
                                        "–"
                                    }
                                }
                            }
                            td { PageFormat.score(row.total) }
                        }
                    }
                }
            }
            p(.class("legend")) { "Each cell: the score that counts (attempts). Late marks a late counted submission." }
            section(.class("roster-import")) {
                h2 { "Import students" }
                p { "One student per line: username, display name, e-mail (CSV). New students get a one-time link to choose their password." }
                form(.method("post"), .action("/courses/\(course.slug)/roster")) {
                    CSRFField.html(access.principal)
                    textarea(.name("csv"), .attr("rows", "6"), .attr("cols", "60"), .aria("label", "Roster CSV")) { "" }
                    button(.type("submit")) { "Import" }
                }
            }
        }
    }

    /// The outcome of a roster import: who was created or enrolled, and the set-password links.
    static func rosterImported(_ access: CourseAccess, _ imported: [AccountProvisioning.Provisioned]) -> Response {
        PageLayout.response(title: "Students imported", userArea: UserArea.html(access.principal)) {
            nav(.class("breadcrumbs")) { a(.href("/courses/\(access.course.slug)/gradebook")) { "Gradebook" } }
            h1 { "Students imported" }
            p { "Send each new student their link: it works once, for 7 days." }
            table(.class("roster")) {
                thead { tr { th { "Username" }; th { "Account" }; th { "Set-password link" } } }
                tbody {
                    for entry in imported {
                        tr {
                            td { entry.user.username }
                            td { entry.created ? "created" : "already existed" }
                            td { if let path = entry.setupPath { code { path } } }
                        }
                    }
                }
            }
        }
    }

    static func student(_ access: CourseAccess, student: User, exercises: [ExerciseRecord],
                        submissions: [Int64: [SubmissionRecord]]) -> Response {
        PageLayout.response(title: "\(student.displayName) · gradebook", userArea: UserArea.html(access.principal)) {
            nav(.class("breadcrumbs")) { a(.href("/courses/\(access.course.slug)/gradebook")) { "Gradebook" } }
            h1 { "\(student.displayName) (\(student.username))" }
            for exercise in exercises {
                section {
                    h2 { exercise.title }
                    if let list = submissions[exercise.id], !list.isEmpty {
                        AttemptTable.html(list, maxScore: exercise.points)
                    } else {
                        p { "No submissions." }
                    }
                }
            }
        }
    }

    static func exercise(_ access: CourseAccess, exercise: ExerciseRecord, book: Gradebook, runs: [RegradeRun]) -> Response {
        let course = access.course
        return PageLayout.response(title: "\(exercise.title) · gradebook", userArea: UserArea.html(access.principal)) {
            nav(.class("breadcrumbs")) { a(.href("/courses/\(course.slug)/gradebook")) { "Gradebook" } }
            h1 { exercise.title }
            p { "Current version \(exercise.version.prefix(12)); \(exercise.scorePolicy == .best ? "best" : "last") score counts." }
            table(.class("gradebook")) {
                thead { tr { th { "Student" }; th { "Counted" }; th { "Attempts" } } }
                tbody {
                    for row in book.rows {
                        if let cell = row.cells.first {
                            tr {
                                th { a(.href("/courses/\(course.slug)/gradebook/students/\(row.student.username)")) { row.student.displayName } }
                                td {
                                    if let counted = cell.counted, let id = cell.submissionID {
                                        a(.href("/submissions/\(id)")) { PageFormat.score(counted) }
                                        if cell.late { small(.class("late-mark")) { " late" } }
                                    } else { "–" }
                                }
                                td { "\(cell.attempts)" }
                            }
                        }
                    }
                }
            }
            h2 { "Deadline and attempts" }
            PolicyForm.html(exercise, action: "/courses/\(course.slug)/exercises/\(exercise.slug)/policy", principal: access.principal)
            h2 { "Extensions" }
            PolicyForm.extensionHTML(action: "/courses/\(course.slug)/exercises/\(exercise.slug)/extensions", principal: access.principal)
            h2 { "Regrades" }
            form(.method("post"), .action("/courses/\(course.slug)/exercises/\(exercise.slug)/regrades")) {
                CSRFField.html(access.principal)
                button(.type("submit")) { "Dry run: regrade every submission against the current version" }
            }
            RegradeList.html(runs, courseSlug: course.slug)
        }
    }

    static func regrade(_ access: CourseAccess, run: RegradeRun, exercise: ExerciseRecord,
                        comparison: [RegradeService.Comparison]) -> Response {
        let course = access.course
        return PageLayout.response(title: "Regrade \(run.id)", userArea: UserArea.html(access.principal)) {
            nav(.class("breadcrumbs")) { a(.href("/courses/\(course.slug)/gradebook/exercises/\(exercise.slug)")) { exercise.title } }
            h1 { "Regrade \(run.id) of \(exercise.title)" }
            p(.class("regrade-status")) { "Status: \(run.status.rawValue) · \(run.done) of \(run.total) submissions" }
            progress(.value(String(run.done)), .attr("max", String(max(run.total, 1)))) { "\(run.done)/\(run.total)" }
            if let error = run.error { p(.class("form-error")) { error } }
            if run.status == .ready {
                form(.method("post"), .action("/courses/\(course.slug)/regrades/\(run.id)/apply")) {
                    CSRFField.html(access.principal)
                    button(.type("submit")) { "Apply: the new grades count, the old ones stay in the history" }
                }
                form(.method("post"), .action("/courses/\(course.slug)/regrades/\(run.id)/discard")) {
                    CSRFField.html(access.principal)
                    button(.type("submit")) { "Discard" }
                }
            }
            table(.class("regrade-comparison")) {
                thead { tr { th { "Student" }; th { "Before" }; th { "After" }; th { "Change" } } }
                tbody {
                    for row in comparison {
                        tr(.class(row.before == row.after ? "" : "changed")) {
                            th { row.displayName }
                            td { row.before.map(PageFormat.score) ?? "–" }
                            td { row.after.map(PageFormat.score) ?? "–" }
                            td { row.before == row.after ? "" : PageFormat.score((row.after ?? 0) - (row.before ?? 0)) }
                        }
                    }
                }
            }
        }
    }
}

/// The regrade runs of an exercise.
enum RegradeList {
    static func html(_ runs: [RegradeRun], courseSlug: String) -> HTML {
        ul(.class("regrades")) {
            for run in runs {
                li {
                    a(.href("/courses/\(courseSlug)/regrades/\(run.id)")) { "Regrade \(run.id)" }
                    " · \(run.status.rawValue) · \(run.done)/\(run.total) · \(PageFormat.dateTime(run.createdAt))"
                }
            }
        }
    }
}
