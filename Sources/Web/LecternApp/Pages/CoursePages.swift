import Foundation
import HTML
import HTTPServer
import Store

/// The course list and a course's home page: its lectures and exercises.
enum CoursePages {
    /// The list of courses.
    enum Index {
        /// `GET /courses`; for a site admin (`creator`), also the form that creates a course.
        static func response(_ courses: [Course], userArea: UserArea, creator: Principal? = nil) -> Response {
            PageLayout.response(title: "Courses", userArea: userArea) {
                h1 { "Courses" }
                if courses.isEmpty {
                    p(.class("notice")) { "There are no courses yet. Import lectures with lectern import lecture." }
                }
                ul(.class("card-list")) {
                    for course in courses {
                        li {
                            a(.class("card-title"), .href("/courses/\(course.slug)")) { course.title }
                            if !course.summary.isEmpty { p(.class("meta")) { course.summary } }
                        }
                    }
                }
                if let creator { newCourseForm(creator) }
            }
        }
    }

    /// The admins' form for a new course (`POST /courses`).
    private static func newCourseForm(_ principal: Principal) -> HTML {
        section(.class("new-course"), .aria("labelledby", "new-course")) {
            h2(.id("new-course")) { "New course" }
            form(.class("lecture-form"), .method("post"), .action("/courses")) {
                CSRFField(principal)
                p(.class("field")) {
                    label(.for("course-slug")) { "Short name, as in /courses/cs193p (a-z, 0-9 and -)" }
                    input(.type("text"), .id("course-slug"), .name("slug"), .flag("required"),
                          .attr("maxlength", String(Slug.maxLength)), .attr("pattern", "[a-z0-9-]+"))
                }
                p(.class("field")) {
                    label(.for("course-title")) { "Title" }
                    input(.type("text"), .id("course-title"), .name("title"), .flag("required"),
                          .attr("maxlength", String(NewCourse.maxTitleLength)))
                }
                p(.class("field")) {
                    label(.for("course-summary")) { "Summary (optional)" }
                    input(.type("text"), .id("course-summary"), .name("summary"))
                }
                div(.class("actions")) { button(.type("submit")) { "Create the course" } }
            }
        }
    }

    /// A course's home page.
    enum Home {
        /// `GET /courses/:course`; `showsGradebook` for the course's instructors.
        /// `progress`: the signed-in student's standing; `overview`: for instructors, every exercise's statistics.
        static func response(_ course: Course, lectures: [Lecture], exercises: [ExerciseRecord], showsGradebook: Bool,
                             userArea: UserArea, progress: MyProgress? = nil, overview: [AnalyticsService.Summary] = []) -> Response {
            PageLayout.response(title: course.title, userArea: userArea) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses")) { "Courses" } }
                h1 { course.title }
                if !course.summary.isEmpty { p(.class("lead")) { course.summary } }
                if showsGradebook {
                    p(.class("notice")) {
                        "You teach this course: "
                        a(.href("/courses/\(course.slug)/gradebook")) { "open the gradebook" }
                        " for scores, deadlines, extensions and regrades."
                    }
                    ul(.class("link-row staff-links")) {
                        li { a(.href("/courses/\(course.slug)/lectures/new")) { "New lecture" } }
                        li { a(.href("/courses/\(course.slug)/edit")) { "Edit the course" } }
                        li { a(.href("/courses/\(course.slug)/audit")) { "Audit log" } }
                        li { a(.href("/courses/\(course.slug)/new-exercise")) { "New exercise" } }
                        li { a(.href("/courses/\(course.slug)/library")) { "Exercise library" } }
                        li { a(.href("/courses/\(course.slug)/analytics")) { "Analytics" } }
                        li { a(.href("/courses/\(course.slug)/regrade-requests")) { "Regrade requests" } }
                        li { a(.href("/courses/\(course.slug)/time")) { "Late days and accommodations" } }
                    }
                    if !overview.isEmpty { ClassOverview(course, overview) }
                }
                if let progress, !progress.rows.isEmpty { progress.html(courseSlug: course.slug) }
                SearchPage.form(query: "", course: course.slug, courses: [], label: "Search this course's lectures")
                h2(.id("lectures")) { "Lectures" }
                if lectures.isEmpty { p(.class("muted")) { "No lectures yet." } }
                ul(.class("card-list")) {
                    for lecture in lectures {
                        li {
                            a(.class("card-title"), .href(CatalogLookup.lecturePath(course: course.slug, number: lecture.number))) {
                                "Lecture \(lecture.number). \(lecture.title)"
                            }
                            p(.class("meta")) { LecturePage.metaLine(lecture) }
                            if showsGradebook {
                                p(.class("meta")) {
                                    a(.href(CatalogLookup.lecturePath(course: course.slug, number: lecture.number) + "/edit"),
                                      .aria("label", "Edit lecture \(lecture.number)")) { "Edit" }
                                }
                            }
                        }
                    }
                }
                h2(.id("exercises")) { "Exercises" }
                if exercises.isEmpty { p(.class("muted")) { "No exercises yet." } }
                ul(.class("card-list card-grid")) {
                    for exercise in exercises {
                        li {
                            a(.class("card-title"), .href("/courses/\(course.slug)/exercises/\(exercise.slug)")) { exercise.title }
                            p(.class("meta")) { exerciseMeta(exercise) }
                            if showsGradebook {
                                p(.class("meta")) {
                                    a(.href("/courses/\(course.slug)/exercises/\(exercise.slug)/edit"),
                                      .aria("label", "Edit \(exercise.title)")) { "Edit" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `Auto Layout · 10 points · due 3 Nov 2026, 23:59 UTC`.
    private static func exerciseMeta(_ exercise: ExerciseRecord) -> String {
        let kind = exercise.kind == "layout" ? "Auto Layout" : exercise.kind == "dynamics" ? "Dynamics" : exercise.kind
        let points = exercise.points == exercise.points.rounded() ? String(Int(exercise.points)) : String(exercise.points)
        var parts = [kind, points == "1" ? "1 point" : "\(points) points"]
        if let due = exercise.dueAt { parts.append("due " + PageDates.dateTime(due)) }
        return parts.joined(separator: " · ")
    }
}

/// Dates as pages show them, in UTC so every reader sees the same text.
enum PageDates {
    /// `3 Nov 2026, 23:59 UTC`.
    static func dateTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = Self.day(String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0))
        return day + String(format: ", %02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `2026-10-22` as `22 Oct 2026`; other text unchanged.
    static func day(_ text: String) -> String {
        let parts = text.split(separator: "-")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else { return text }
        return "\(day) \(months[month - 1]) \(parts[0])"
    }
}
