import Foundation
import HTML
import HTTPServer
import Store

/// `GET /courses/:course/time`: the late-day bank, the accommodations, and the bulk extension upload.
enum ClassTimePage {
    static func response(_ access: CourseAccess, lateDays: Int, accommodations: [(username: String, accommodation: Accommodation)],
                         message: String?, problems: [String], csv: String, status: HTTPStatus) -> Response {
        let slug = access.course.slug
        return PageLayout.response(title: "Deadlines and late days: \(access.course.title)", userArea: UserArea(access.principal),
                                   status: status) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses/\(slug)")) { access.course.title }
                " › "
                a(.href("/courses/\(slug)/gradebook")) { "Gradebook" }
            }
            h1 { "Deadlines and late days" }
            if let message { p(.class(problems.isEmpty ? "notice" : "form-error"), .role(problems.isEmpty ? "status" : "alert")) { message } }
            if !problems.isEmpty { ul(.class("form-errors")) { for problem in problems { li { problem } } } }
            section(.aria("labelledby", "late-days")) {
                h2(.id("late-days")) { "Late days" }
                LateDaysForm(access, lateDays: lateDays, next: "time")
            }
            section(.aria("labelledby", "accommodations")) {
                h2(.id("accommodations")) { "Accommodations" }
                p { "A time multiplier stretches the time from an exercise's opening to each of its deadlines; extra minutes then move every deadline. Both apply to every exercise of the course; an extension that is later still wins." }
                if accommodations.isEmpty {
                    p(.class("muted")) { "No accommodations." }
                } else {
                    ScrollingTable(label: "Accommodations") {
                        table {
                            thead { tr { th { "Student" }; th { "Time multiplier" }; th { "Extra minutes" }; th { "Reason" } } }
                            tbody {
                                for row in accommodations {
                                    tr {
                                        td { row.username }
                                        td(.class("number")) { "×" + PageFormat.score(row.accommodation.timeMultiplier) }
                                        td(.class("number")) { String(row.accommodation.extraSeconds / 60) }
                                        td { row.accommodation.reason }
                                    }
                                }
                            }
                        }
                    }
                }
                form(.class("lecture-form"), .method("post"), .action("/courses/\(slug)/accommodations")) {
                    CSRFField(access.principal)
                    p(.class("field")) {
                        label(.for("acc-username")) { "Student (username)" }
                        input(.type("text"), .id("acc-username"), .name("username"), .flag("required"))
                    }
                    p(.class("field")) {
                        label(.for("acc-multiplier")) { "Time multiplier (1 to 10, e.g. 1.5)" }
                        input(.type("number"), .id("acc-multiplier"), .name("timeMultiplier"), .attr("min", "1"), .attr("max", "10"),
                              .attr("step", "0.05"), .value("1"))
                    }
                    p(.class("field")) {
                        label(.for("acc-minutes")) { "Extra minutes on every deadline" }
                        input(.type("number"), .id("acc-minutes"), .name("extraMinutes"), .attr("min", "0"), .value("0"))
                    }
                    p(.class("field")) {
                        label(.for("acc-reason")) { "Reason (optional)" }
                        input(.type("text"), .id("acc-reason"), .name("reason"), .attr("maxlength", String(DeadlineExtension.maxReasonLength)))
                    }
                    div(.class("actions")) { button(.type("submit")) { "Save the accommodation" } }
                }
            }
            section(.aria("labelledby", "bulk")) {
                h2(.id("bulk")) { "Extensions in bulk" }
                form(.class("form-stack"), .method("post"), .action("/courses/\(slug)/extensions")) {
                    CSRFField(access.principal)
                    label(.for("bulk-csv")) { "Extensions (CSV)" }
                    p(.class("form-hint"), .id("bulk-hint")) {
                        "The first line is the header \(BulkExtensions.header.joined(separator: ",")); then one extension per line, times in UTC "
                        "(2026-12-01T23:59). closesAt and reason may be empty. One wrong line grants nothing."
                    }
                    textarea(.class("code"), .id("bulk-csv"), .name("csv"), .attr("rows", "8"), .attr("cols", "60"),
                             .attr("spellcheck", "false"), .aria("describedby", "bulk-hint"),
                             .placeholder("username,exercise,dueAt,closesAt,reason")) { csv }
                    button(.type("submit")) { "Grant the extensions" }
                }
            }
        }
    }
}

/// The form that sets the course's late-day bank; `next` is where it returns (`time` or `edit`).
struct LateDaysForm: Component {
    /// The course whose bank is set, and who sets it.
    let access: CourseAccess
    /// The bank as it is now.
    let lateDays: Int
    /// `time` or `edit`: the page the form returns to.
    let next: String

    init(_ access: CourseAccess, lateDays: Int, next: String) {
        self.access = access
        self.lateDays = lateDays
        self.next = next
    }

    var body: HTML {
        form(.class("lecture-form"), .method("post"), .action("/courses/\(access.course.slug)/late-days")) {
            CSRFField(access.principal)
            input(.type("hidden"), .name("next"), .value(next))
            p(.class("field")) {
                label(.for("late-days-count")) { "Late days per student (0 for none)" }
                input(.type("number"), .id("late-days-count"), .name("lateDays"), .value(String(lateDays)), .attr("min", "0"),
                      .attr("max", String(LateDayBank.maxDays)), .aria("describedby", "late-days-hint"))
            }
            p(.class("form-hint"), .id("late-days-hint")) {
                "Each student may be late by this many whole days in total. A late submission spends the days it needs automatically; beyond the bank, the exercise's late penalty applies."
            }
            div(.class("actions")) { button(.type("submit")) { "Save late days" } }
        }
    }
}
