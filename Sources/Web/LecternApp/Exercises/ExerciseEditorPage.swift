import Foundation
import Grading
import HTML
import HTTPServer
import Store

/// The exercise editor: one form for every part of the exercise, with Preview (grades the
/// reference and the examples, stores nothing) and Save (checks, then stores a version). For an
/// existing exercise also Publish, the feedback policy, Duplicate and Delete. Works without
/// JavaScript: every button posts a form and gets a page back.
enum ExerciseEditorPage {
    /// What the page edits.
    struct Subject: Sendable {
        let course: Course
        /// The stored exercise, nil for a new one.
        let record: ExerciseRecord?
        let state: ExerciseAuthoringState?
        let feedback: FeedbackPolicy
        /// Scenario or check names and points of the latest version, for the visibility form.
        let checkNames: [(name: String, points: Double)]
        let submissions: Int
    }

    static func response(_ subject: Subject, form: ExerciseEditorForm, errors: [ExerciseFieldError] = [],
                         preview: ExerciseAuthoringService.Preview? = nil, notice: String? = nil,
                         principal: Principal, status: HTTPStatus = .ok) -> Response {
        let course = subject.course
        let title = subject.record.map { "Edit \($0.title)" } ?? "New exercise"
        let action = subject.record.map { "/courses/\(course.slug)/exercises/\($0.slug)/edit" } ?? "/courses/\(course.slug)/new-exercise"
        return PageLayout.response(title: title, userArea: UserArea(principal), status: status) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses/\(course.slug)")) { course.title }
                " › "
                a(.href("/courses/\(course.slug)/library")) { "Exercise library" }
            }
            h1 { title }
            if let record = subject.record, let state = subject.state { stateLine(record, state, course: course, submissions: subject.submissions) }
            if let notice { p(.class("notice"), .role("status")) { notice } }
            if !errors.isEmpty { errorSummary(errors) }
            if let preview { ExercisePreviewSection(preview) }
            editor(form, action: action, isNew: subject.record == nil, errors: errors, principal: principal)
            if let record = subject.record { manage(record, subject, principal: principal) }
        }
    }

    /// Published or not, the version students see, and the draft waiting.
    private static func stateLine(_ record: ExerciseRecord, _ state: ExerciseAuthoringState, course: Course, submissions: Int) -> HTML {
        section(.class("exercise-state"), .aria("label", "State")) {
            p {
                StatusBadge(state.published ? "Published" : "Not published", tone: state.published ? .ok : .neutral)
                " Version "
                code { String(record.version.prefix(12)) }
                state.published ? " is what students see" : " is saved; students do not see it yet"
                " · \(submissions) submission\(submissions == 1 ? "" : "s")."
            }
            if let draft = state.draftVersion, state.published {
                p { "Saved and not yet published: version "; code { String(draft.prefix(12)) }; "." }
            }
            if !state.isCourseOwned {
                p(.class("muted")) { "This exercise is the library's; saving makes it this course's own copy, which the library no longer updates." }
            }
            if state.published {
                p { a(.href("/courses/\(course.slug)/exercises/\(record.slug)")) { "Open the exercise as students see it" } }
            }
        }
    }

    private static func errorSummary(_ errors: [ExerciseFieldError]) -> HTML {
        section(.class("form-errors"), .role("alert"), .aria("labelledby", "form-errors-title")) {
            h2(.id("form-errors-title")) { errors.count == 1 ? "1 problem" : "\(errors.count) problems" }
            ul {
                for error in errors {
                    li {
                        a(.href("#\(controlID(for: error.field))")) { error.field }
                        error.line.map { " (line \($0))" } ?? ""
                        ": "
                        pre(.class("inline-message")) { error.message }
                    }
                }
            }
        }
    }

    /// The form control an error's field belongs to.
    static func controlID(for field: String) -> String {
        let controls: [(prefix: String, control: String)] = [
            ("exercise.slug", "slug"), ("exercise.title", "title"), ("exercise.kind", "kind"), ("exercise.points", "points"),
            ("exercise.lecture", "lectureNumber"), ("exercise.accepts", "accepts"), ("exercise.views", "views"),
            ("exercise.scenarios", "scenarios"), ("exercise.style", "styleMagicNumbers"), ("exercise.scene", "scene"),
            ("exercise.allowedBehaviors", "allowedBehaviors"), ("exercise.checks", "checks"), ("statement", "statement"),
            ("reference", "reference"), ("starter", "starter"),
        ]
        if field.hasPrefix("examples["), let close = field.firstIndex(of: "]") {
            let index = field[field.index(field.startIndex, offsetBy: 9)..<close]
            let part = field.contains(".expected") ? "expected" : field.hasSuffix(".name") ? "name" : "text"
            return "ex-example-\(index)-\(part)"
        }
        return "ex-" + (controls.first { field.hasPrefix($0.prefix) }?.control ?? "slug")
    }

    private static func editor(_ fields: ExerciseEditorForm, action: String, isNew: Bool, errors: [ExerciseFieldError],
                               principal: Principal) -> HTML {
        let kind = fields["kind"] == "dynamics" ? "dynamics" : "layout"
        let ext = kind == "dynamics" ? "JSON behavior tree" : "constraints, one per line"
        return form(.class("exercise-editor"), .method("post"), .action(action)) {
            CSRFField(principal)
            fieldset {
                legend { "The exercise" }
                div(.class("field-grid")) {
                    field("slug", "Slug (letters, digits, dashes)", fields["slug"], errors, readOnly: !isNew)
                    field("title", "Title", fields["title"], errors)
                    div(.class("field")) {
                        label(.for("ex-kind")) { "Kind" }
                        select(.id("ex-kind"), .name("kind")) {
                            option(.value("layout"), .flag("selected", kind == "layout")) { "Auto Layout" }
                            option(.value("dynamics"), .flag("selected", kind == "dynamics")) { "Dynamics" }
                        }
                    }
                    field("points", "Points", fields["points"], errors, type: "number")
                    field("lectureCourse", "Taught in course", fields["lectureCourse"], errors)
                    field("lectureNumber", "Lecture number", fields["lectureNumber"], errors, type: "number")
                    field("lectureAt", "At (MM:SS or H:MM:SS)", fields["lectureAt"], errors)
                }
                fieldset(.id("ex-accepts")) {
                    legend { "Accepted forms" }
                    let accepted = fields["accepts"].split(separator: ",").map(String.init)
                    for name in ExerciseEditorForm.forms {
                        label(.class("inline-choice")) {
                            input(.type("checkbox"), .name("accepts"), .value(name), .flag("checked", accepted.contains(name)))
                            " " + (SubmissionForm(rawValue: name)?.title ?? name)
                        }
                    }
                }
                p(.class("form-hint")) { "Changing the kind shows its own fields after Preview or Save." }
            }
            if kind == "layout" {
                fieldset {
                    legend { "Auto Layout" }
                    area("views", "Views: one `view NAME [KIND] [WxH] [in PARENT]` per line", fields["views"], errors, rows: 4)
                    area("scenarios", "Scenarios (JSON array: name, size, points, optional title, direction, intrinsicSizes, bars)",
                         fields["scenarios"], errors, rows: 6)
                    div(.class("field-grid")) {
                        field("styleMagicNumbers", "Penalty: magic numbers", fields["styleMagicNumbers"], errors, type: "number")
                        field("stylePinnedSizes", "Penalty: pinned sizes", fields["stylePinnedSizes"], errors, type: "number")
                        field("styleUnusedDeclarations", "Penalty: unused declarations", fields["styleUnusedDeclarations"], errors, type: "number")
                        field("allowedLiterals", "Allowed literals (comma-separated)", fields["allowedLiterals"], errors)
                    }
                }
            } else {
                fieldset {
                    legend { "Dynamics" }
                    area("scene", "Scene (JSON: bounds, duration, samples, items, script)", fields["scene"], errors, rows: 8)
                    field("allowedBehaviors", "Allowed behaviors (comma-separated)", fields["allowedBehaviors"], errors)
                    area("checks", "Checks (JSON array: name, type, points, message and the type's fields)", fields["checks"], errors, rows: 8)
                }
            }
            fieldset {
                legend { "Statement and answers" }
                area("statement", "Statement (Markdown)", fields["statement"], errors, rows: 8, code: false)
                area("reference", "Reference: \(ext); must score full marks", fields["reference"], errors, rows: 8)
                area("starter", "Starter: what the answer field starts with", fields["starter"], errors, rows: 4)
            }
            fieldset {
                legend { "Examples: wrong answers and the grade each must get" }
                p(.class("form-hint")) {
                    "Expected is {\"score\": N, \"messages\": [\"…\"]}: the score and the messages of the failing checks, in order. "
                    + "Preview shows what each example gets. Fill in the empty example to add one; empty the name and text to remove one."
                }
                for (index, example) in (fields.examples + [("", "", "")]).enumerated() where index < ExerciseEditorForm.maxExamples {
                    div(.class("example-editor")) {
                        field("example-\(index)-name", "Example \(index + 1): name", example.name, errors)
                        area("example-\(index)-text", "Example \(index + 1): answer", example.text, errors, rows: 4)
                        area("example-\(index)-expected", "Example \(index + 1): expected grade (JSON)", example.expected, errors, rows: 4)
                    }
                }
            }
            p(.class("actions")) {
                button(.type("submit"), .name("action"), .value("preview")) { "Preview" }
                " "
                button(.type("submit"), .name("action"), .value("save")) { isNew ? "Create" : "Save" }
            }
        }
    }

    /// Publish, feedback policy, duplicate, delete.
    private static func manage(_ record: ExerciseRecord, _ subject: Subject, principal: Principal) -> HTML {
        let base = "/courses/\(subject.course.slug)/exercises/\(record.slug)"
        return section(.class("exercise-manage")) {
            h2 { "Publish" }
            p {
                subject.submissions > 0
                    ? "Publishing a new version starts a dry-run regrade of the \(subject.submissions) submissions; you review it before applying."
                    : "Publishing checks the latest saved version again and shows it to students."
            }
            form(.method("post"), .action("\(base)/publish")) {
                CSRFField(principal)
                button(.type("submit")) { "Publish the latest saved version" }
            }
            if subject.state?.published == true {
                form(.method("post"), .action("\(base)/unpublish")) {
                    CSRFField(principal)
                    button(.type("submit"), .class("button-secondary")) { "Hide from students" }
                }
            }
            h2(.id("feedback")) { "What students see" }
            form(.class("feedback-form"), .method("post"), .action("\(base)/feedback")) {
                CSRFField(principal)
                div(.class("field")) {
                    label(.for("feedback-level")) { "Feedback" }
                    select(.id("feedback-level"), .name("feedback")) {
                        option(.value("full"), .flag("selected", subject.feedback.level == .full)) { "Full messages" }
                        option(.value("hint"), .flag("selected", subject.feedback.level == .hint)) { "A hint only" }
                        option(.value("passFail"), .flag("selected", subject.feedback.level == .passFail)) { "Pass or fail only" }
                    }
                }
                for (index, check) in subject.checkNames.enumerated() {
                    div(.class("field")) {
                        label(.for("visibility-\(index)")) { "\(check.name) (\(PageFormat.score(check.points)) points)" }
                        input(.type("hidden"), .name("check"), .value(check.name))
                        select(.id("visibility-\(index)"), .name("visibility")) {
                            let current = subject.feedback.visibility(of: check.name)
                            option(.value("now"), .flag("selected", current == .now)) { "Shown now" }
                            option(.value("afterDeadline"), .flag("selected", current == .afterDeadline)) { "After the deadline" }
                            option(.value("never"), .flag("selected", current == .never)) { "Never" }
                        }
                    }
                }
                button(.type("submit")) { "Save what students see" }
            }
            h2 { "Duplicate or delete" }
            form(.class("field-grid"), .method("post"), .action("\(base)/duplicate")) {
                CSRFField(principal)
                div(.class("field")) {
                    label(.for("duplicate-slug")) { "Slug of the copy" }
                    input(.type("text"), .id("duplicate-slug"), .name("slug"), .value("\(record.slug.prefix(58))-copy"))
                }
                button(.type("submit")) { "Duplicate" }
            }
            form(.method("post"), .action("\(base)/delete")) {
                CSRFField(principal)
                p(.class("form-hint")) { "Only an exercise without submissions can be deleted; grades are never deleted." }
                button(.type("submit"), .class("button-danger")) { "Delete \(record.slug)" }
            }
        }
    }

    private static func field(_ name: String, _ title: String, _ value: String, _ errors: [ExerciseFieldError],
                              type: String = "text", readOnly: Bool = false) -> HTML {
        let id = "ex-\(name)"
        let invalid = errors.contains { controlID(for: $0.field) == id }
        return div(.class("field")) {
            label(.for(id)) { title }
            input(.type(type), .id(id), .name(name), .value(value), type == "number" ? .attr("step", "any") : nil,
                  .flag("readonly", readOnly), invalid ? .aria("invalid", "true") : nil)
        }
    }

    private static func area(_ name: String, _ title: String, _ value: String, _ errors: [ExerciseFieldError],
                             rows: Int, code: Bool = true) -> HTML {
        let id = "ex-\(name)"
        let messages = errors.filter { controlID(for: $0.field) == id }
        let lines = value.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return div(.class("field wide")) {
            label(.for(id)) { title }
            if !messages.isEmpty {
                div(.class("field-error"), .id("\(id)-error")) {
                    for error in messages { pre { "\(error.line.map { "Line \($0): " } ?? "")\(error.message)" } }
                }
            }
            // A textarea drops one newline right after its start tag: the leading "\n" keeps the text's own.
            textarea(.class(code ? "code" : "prose"), .id(id), .name(name), .attr("rows", String(min(30, max(rows, lines + 1)))),
                     .attr("cols", "80"), .attr("spellcheck", code ? "false" : "true"), .attr("autocapitalize", "off"),
                     messages.isEmpty ? nil : .aria("invalid", "true"),
                     messages.isEmpty ? nil : .aria("describedby", "\(id)-error")) { "\n" + value }
        }
    }
}
