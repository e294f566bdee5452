import Foundation
import HTML
import HTTPServer
import Store

/// The instructors' view of a course's audit log: the newest entries, newest first, with who did
/// what to which record. The same entries are at `/api/courses/:course/audit` as JSON.
enum AuditPage {
    /// An entry and the username of its actor (nil for the system, or a deleted user).
    struct Line {
        var entry: AuditEntry
        var actor: String?
    }

    static func response(_ access: CourseAccess, lines: [Line]) -> Response {
        let course = access.course
        let shownTime = DateFormatter()
        shownTime.locale = Locale(identifier: "en_US_POSIX")
        shownTime.timeZone = TimeZone(identifier: "UTC")
        shownTime.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return PageLayout.response(title: "Audit log: \(course.title)", userArea: UserArea(access.principal)) {
            Breadcrumbs.gradebook(course)
            h1 { "Audit log" }
            p(.class("exports")) {
                "The \(lines.count) newest entries, newest first, in UTC. Download: "
                a(.href("/api/courses/\(course.slug)/audit")) { "JSON" }
            }
            if lines.isEmpty {
                p(.class("muted")) { "Nothing has been recorded for this course yet." }
            } else {
                ScrollingTable(label: "Audit log") {
                    table(.class("audit-log")) {
                        ColumnHeads(["When", "Who", "Action", "Record", "Details"])
                        tbody {
                            for line in lines {
                                tr {
                                    td(.class("audit-time")) {
                                        time(.attr("datetime", InternetTime.string(line.entry.at))) {
                                            shownTime.string(from: line.entry.at)
                                        }
                                    }
                                    td { line.actor ?? "system" }
                                    td { code { line.entry.action } }
                                    td { line.entry.subject }
                                    td { code(.class("audit-details")) { line.entry.detailsJSON } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
