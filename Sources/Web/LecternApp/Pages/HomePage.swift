import Foundation
import HTML
import HTTPServer
import Store

/// `GET /`: what Lectern is for visitors; a student's courses with their progress; an
/// instructor's courses with the way to everything they manage.
enum HomePage {
    /// One exercise of a course as a student sees their standing in it.
    struct ExerciseStanding: Sendable {
        let record: ExerciseRecord
        /// The best counted score so far, nil before the first attempt.
        let best: Double?
        /// Whether checks held back from the student make totals meaningless to show.
        var hidesScore = false
        let attempts: Int
    }

    /// A course on the home page with what the signed-in user needs from it.
    struct CourseCard: Sendable {
        let membership: Membership
        let exercises: [ExerciseStanding]
        let lectureCount: Int
    }

    /// The home page of an anonymous visitor.
    enum Visitor {
        static func response(courses: [Course], userArea: UserArea) -> Response {
            PageLayout.response(title: "", userArea: userArea) {
                h1 { "Lectern" }
                p(.class("lead")) {
                    "Lectures with searchable, timestamped captions and transcripts, and exercises graded the moment you submit them: "
                    "Auto Layout constraints and UIKit-Dynamics-style behaviours, with feedback in words and pictures."
                }
                SearchPage.form(query: "", course: nil, courses: courses, label: "Search what was said in every lecture")
                h2 { "Courses" }
                courseList(courses)
                p { a(.href("/login")) { "Sign in" }; " to submit exercises and see your progress." }
            }
        }
    }

    /// The home page of a signed-in user.
    enum SignedIn {
        /// - Parameter hiddenScores: `course/exercise` slugs of recent submissions whose scores are not shown (checks held back).
        static func response(_ principal: Principal, cards: [CourseCard], otherCourses: [Course], recent: [RecentSubmission],
                             now: Date, hiddenScores: [String] = []) -> Response {
            PageLayout.response(title: "Home", userArea: UserArea(principal)) {
                h1 { "Welcome, \(principal.user.displayName)" }
                if cards.isEmpty {
                    p(.class("notice")) { "You are not enrolled in a course yet. Ask your instructor to add you, or browse the courses below." }
                }
                for card in cards {
                    section(.class("home-course"), .aria("labelledby", "course-\(card.membership.course.slug)")) {
                        h2(.id("course-\(card.membership.course.slug)")) {
                            a(.href("/courses/\(card.membership.course.slug)")) { card.membership.course.title }
                        }
                        if card.membership.role == .instructor || principal.user.isAdmin {
                            instructorLinks(card)
                        } else {
                            progress(card, now: now)
                        }
                    }
                }
                if !recent.isEmpty {
                    section(.class("recent")) {
                        h2 { "Recent submissions" }
                        ul(.class("plain-list")) {
                            for submission in recent.prefix(5) {
                                li {
                                    a(.href("/submissions/\(submission.id)")) { "\(submission.exerciseTitle), attempt \(submission.attempt)" }
                                    hiddenScores.contains("\(submission.courseSlug)/\(submission.exerciseSlug)")
                                        ? " · "
                                        : " · \(PageFormat.score(submission.countedScore)) of \(PageFormat.score(submission.maxScore)) · "
                                    PageFormat.dateTime(submission.createdAt)
                                }
                            }
                        }
                        p { a(.href("/my-work")) { "All my work" } }
                    }
                }
                if !otherCourses.isEmpty {
                    h2 { principal.user.isAdmin ? "Every course" : "Other courses" }
                    courseList(otherCourses)
                }
            }
        }
    }

    private static func courseList(_ courses: [Course]) -> HTML {
        ul(.class("card-list")) {
            for course in courses {
                li {
                    a(.class("card-title"), .href("/courses/\(course.slug)")) { course.title }
                    if !course.summary.isEmpty { p(.class("meta")) { course.summary } }
                }
            }
        }
    }

    private static func instructorLinks(_ card: CourseCard) -> HTML {
        let slug = card.membership.course.slug
        return ul(.class("link-row")) {
            li { a(.href("/courses/\(slug)/gradebook")) { "Gradebook" } }
            li { a(.href("/courses/\(slug)#lectures")) { "Lectures (\(card.lectureCount))" } }
            li { a(.href("/courses/\(slug)#exercises")) { "Exercises (\(card.exercises.count))" } }
            li { a(.href("/courses/\(slug)/gradebook#regrades")) { "Regrades" } }
            li { a(.href("/courses/\(slug)/lectures/new")) { "New lecture" } }
            li { a(.href("/courses/\(slug)/audit")) { "Audit log" } }
        }
    }

    private static func progress(_ card: CourseCard, now: Date) -> HTML {
        let slug = card.membership.course.slug
        let upcoming = card.exercises.compactMap { standing in standing.record.dueAt.map { (standing.record, $0) } }
            .filter { $0.1 > now }.min { $0.1 < $1.1 }
        return HTML.fragment {
            if let (record, due) = upcoming {
                p(.class("next-deadline")) {
                    "Next deadline: "
                    a(.href("/courses/\(slug)/exercises/\(record.slug)")) { record.title }
                    ", \(PageDates.dateTime(due))"
                }
            }
            if card.exercises.isEmpty {
                p(.class("muted")) { "No exercises yet." }
            } else {
                ScrollingTable(label: "Your progress in \(card.membership.course.title)") {
                    table(.class("progress")) {
                        thead { tr { th { "Exercise" }; th { "Score" }; th { "Attempts" }; th { "Due" } } }
                        tbody {
                            for standing in card.exercises {
                                tr {
                                    td { a(.href("/courses/\(slug)/exercises/\(standing.record.slug)")) { standing.record.title } }
                                    td {
                                        standing.best.map { standing.hidesScore ? "see each result" : "\(PageFormat.score($0)) of \(PageFormat.score(standing.record.points))" }
                                            ?? "not tried"
                                    }
                                    td {
                                        if let limit = standing.record.maxAttempts { "\(standing.attempts) of \(limit)" } else { String(standing.attempts) }
                                    }
                                    td { standing.record.dueAt.map(PageDates.dateTime) ?? "no deadline" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every attempt of the signed-in user.
    enum MyWork {
        /// `GET /my-work`: every attempt across every exercise, newest first, with a link to its feedback.
        /// - Parameter hiddenScores: `course/exercise` slugs whose scores are not shown (checks held back).
        static func response(_ principal: Principal, submissions: [RecentSubmission], hiddenScores: [String] = []) -> Response {
            PageLayout.response(title: "My work", userArea: UserArea(principal)) {
                nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/")) { "Home" } }
                h1 { "My work" }
                if submissions.isEmpty {
                    p(.class("muted")) { "You have not submitted anything yet." }
                } else {
                    ScrollingTable(label: "Every attempt") {
                        table(.class("attempts")) {
                            thead { tr { th { "Exercise" }; th { "Course" }; th { "Attempt" }; th { "Score" }; th { "Submitted" }; th { "Feedback" } } }
                            tbody {
                                for submission in submissions {
                                    tr {
                                        td { a(.href("/courses/\(submission.courseSlug)/exercises/\(submission.exerciseSlug)")) { submission.exerciseTitle } }
                                        td { submission.courseSlug }
                                        td { String(submission.attempt) }
                                        td {
                                            hiddenScores.contains("\(submission.courseSlug)/\(submission.exerciseSlug)")
                                                ? "see the feedback"
                                                : "\(PageFormat.score(submission.countedScore)) of \(PageFormat.score(submission.maxScore))"
                                        }
                                        td { PageFormat.dateTime(submission.createdAt) }
                                        td { a(.href("/submissions/\(submission.id)")) { "Feedback" } }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
