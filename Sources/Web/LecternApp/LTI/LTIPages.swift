import Foundation
import HTML
import HTTPServer
import Store

/// The pages of the LTI flow and of its administration.
enum LTIPages {
    /// A page that posts its form to the platform by itself (with a button without scripts).
    enum AutoSubmit {
        /// A page whose one form carries the browser on to `action` (the platform's login endpoint, or
        /// its deep-linking return URL). `/lti/autosubmit.js` submits it at once; without scripts the
        /// button does. Posting to the platform is how the browser leaves Lectern: no redirect does.
        static func response(title pageTitle: String, explanation: String, action url: String,
                             fields: [(name: String, value: String)]) -> Response {
            PageLayout.response(title: pageTitle, scripts: ["/lti/autosubmit.js"]) {
                h1 { pageTitle }
                p { explanation }
                form(.method("post"), .action(url), .data("autosubmit", "")) {
                    for field in fields { input(.type("hidden"), .name(field.name), .value(field.value)) }
                    button(.type("submit")) { "Continue" }
                }
            }.notStored()
        }
    }

    /// The deep-linking picker: which exercises to add to the platform.
    enum Picker {
        /// The instructor's choice of exercises for the LMS (deep linking).
        static func response(course: Course, exercises: [ExerciseRecord], requestToken: String, principal: Principal,
                             multiple: Bool) -> Response {
            PageLayout.response(title: "Add Lectern exercises", userArea: UserArea(principal)) {
                h1 { "Add exercises of \(course.title) to the LMS" }
                if exercises.isEmpty {
                    p(.class("muted")) { "This course has no exercises yet." }
                } else {
                    p { "Each exercise you pick becomes an assignment in the LMS, with a gradebook column for its score." }
                    form(.method("post"), .action("/lti/deep-link")) {
                        CSRFField(principal)
                        input(.type("hidden"), .name("request"), .value(requestToken))
                        fieldset {
                            legend { "Exercises" }
                            for exercise in exercises {
                                label {
                                    input(.type(multiple ? "checkbox" : "radio"), .name("exercise"), .value(exercise.slug))
                                    " \(exercise.title) (\(PageFormat.score(exercise.points)) points)"
                                }
                                br()
                            }
                        }
                        button(.type("submit")) { "Add to the LMS" }
                    }
                }
            }.notStored()
        }
    }

    /// The registered LMS platforms, for site admins.
    enum Platforms {
        /// The admin page: registered platforms, the form to add one, and the URLs to give the LMS.
        static func response(platforms: [LTIPlatform], courses: [Course], principal: Principal, origin: String) -> Response {
            PageLayout.response(title: "LTI platforms", userArea: UserArea(principal)) {
                h1 { "LTI platforms" }
                p { "Give the LMS these URLs (docs/lti.md explains where they go in Canvas and Moodle):" }
                dl {
                    dt { "Login initiation (OpenID Connect) URL" }
                    dd { code { origin + "/lti/login" } }
                    dt { "Redirect (launch) URL" }
                    dd { code { origin + "/lti/launch" } }
                    dt { "Public key set (JWKS) URL" }
                    dd { code { origin + "/.well-known/jwks.json" } }
                    dt { "Deep linking URL" }
                    dd { code { origin + "/lti/launch" } }
                }
                h2 { "Registered" }
                if platforms.isEmpty {
                    p(.class("muted")) { "None yet." }
                } else {
                    ScrollingTable(label: "Registered platforms") {
                        table {
                            ColumnHeads(["Issuer", "Client id", "Deployment", "Course", ""])
                            tbody {
                                for platform in platforms {
                                    tr {
                                        td { platform.issuer }
                                        td { code { platform.clientID } }
                                        td { code { platform.deploymentID } }
                                        td { courses.first { $0.id == platform.courseID }?.slug ?? "from the link" }
                                        td {
                                            form(.method("post"), .action("/admin/lti/platforms/\(platform.id)/remove")) {
                                                CSRFField(principal)
                                                button(.type("submit")) { "Remove" }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                h2 { "Register a platform" }
                form(.method("post"), .action("/admin/lti/platforms")) {
                    CSRFField(principal)
                    for (name, text) in [("issuer", "Issuer"), ("clientId", "Client id"), ("deploymentId", "Deployment id"),
                                         ("authUrl", "Authorization (login) endpoint"), ("tokenUrl", "Token endpoint"), ("jwksUrl", "Key set URL")] {
                        label(.for("lti-\(name)")) { text }
                        input(.id("lti-\(name)"), .type("text"), .name(name), .flag("required"))
                        br()
                    }
                    label(.for("lti-course")) { "Course (optional: otherwise each link names its course)" }
                    select(.id("lti-course"), .name("course")) {
                        option(.value("")) { "—" }
                        for course in courses { option(.value(course.slug)) { course.title } }
                    }
                    br()
                    button(.type("submit")) { "Register" }
                }
            }.notStored()
        }
    }

    /// A course's LMS links and score posts.
    enum CourseGrades {
        /// The instructors' LTI page of a course: linked LMS courses, roster import, and every score
        /// post with its status.
        static func response(_ access: CourseAccess, contexts: [LTIContextLink], posts: [LTIScorePostSummary],
                             counts: (pending: Int, sent: Int, failed: Int), notice: String? = nil) -> Response {
            let course = access.course
            return PageLayout.response(title: "LMS grades: \(course.title)", userArea: UserArea(access.principal)) {
                Breadcrumbs.gradebook(course)
                h1 { "LMS links and grades" }
                if let notice { p(.class("notice"), .role("status")) { notice } }
                h2 { "Linked LMS courses" }
                if contexts.isEmpty {
                    p(.class("muted")) { "No LMS course is linked yet: it is linked when an instructor first opens Lectern from it." }
                } else {
                    ul {
                        for context in contexts {
                            li { "\(context.title ?? context.contextID) (\(context.issuer))" + (context.membershipsURL == nil ? "" : ": roster available") }
                        }
                    }
                    form(.method("post"), .action("/courses/\(course.slug)/lti/roster")) {
                        CSRFField(access.principal)
                        button(.type("submit")) { "Import the LMS roster" }
                    }
                }
                h2 { "Score posts" }
                p { "\(counts.sent) sent, \(counts.pending) waiting, \(counts.failed) failed." }
                if counts.failed > 0 {
                    form(.method("post"), .action("/courses/\(course.slug)/lti/retry")) {
                        CSRFField(access.principal)
                        button(.type("submit")) { "Send the failed scores again" }
                    }
                }
                if !posts.isEmpty {
                    ScrollingTable(label: "Score posts") {
                        table {
                            ColumnHeads(["Student", "Exercise", "Score", "Status", "Attempts", "Last error"])
                            tbody {
                                for summary in posts {
                                    tr {
                                        td { summary.username }
                                        td { summary.exerciseSlug }
                                        td { "\(PageFormat.score(summary.post.scoreGiven)) / \(PageFormat.score(summary.post.scoreMaximum))" }
                                        td { summary.post.status.rawValue }
                                        td { String(summary.post.attempts) }
                                        td { summary.post.lastError ?? "" }
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
