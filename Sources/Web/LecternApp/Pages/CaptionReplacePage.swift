import HTML
import HTTPServer
import Store

/// The instructor's find-and-replace over a course's captions (`/courses/:course/captions/replace`):
/// the form, and after "Preview" every change it would make; "Replace" makes them.
enum CaptionReplacePage {
    static func response(_ values: ReplaceFormValues, course: Course, principal: Principal,
                         changes: [CaptionEdit.Replacement]?, applied: Bool, error: String? = nil) -> Response {
        PageLayout.response(title: "Find and replace in captions · \(course.title)", userArea: UserArea(principal),
                            status: error == nil ? .ok : .unprocessableContent) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses")) { "Courses" }
                " › "
                a(.href("/courses/\(course.slug)")) { course.title }
            }
            h1 { "Find and replace in captions" }
            p(.class("lead")) {
                "Corrects a word everywhere it was misheard, in one lecture or the whole course. "
                "Preview lists every change first; each change is in the audit log and search finds it at once."
            }
            if let error { p(.class("form-error"), .role("alert")) { error } }
            form(.class("replace-form"), .method("post"), .action("/courses/\(course.slug)/captions/replace")) {
                CSRFField(principal)
                field("Find", "find", value: values.find, required: true)
                field("Replace with", "replace", value: values.replace, required: false)
                field("Only lecture number (empty: every lecture)", "lecture", value: values.lecture, required: false)
                field("Only the track in language (empty: every track)", "language", value: values.language, required: false)
                p(.class("field")) {
                    label {
                        input(.type("checkbox"), .name("matchCase"), .value("1"), .flag("checked", values.matchCase))
                        " Match letter case"
                    }
                }
                p(.class("field")) {
                    label {
                        input(.type("checkbox"), .name("wholeWords"), .value("1"), .flag("checked", values.wholeWords))
                        " Whole words only"
                    }
                }
                div(.class("actions")) {
                    button(.type("submit"), .name("preview"), .value("1")) { "Preview" }
                    if changes.map({ !$0.isEmpty }) ?? false, !applied {
                        " "
                        button(.type("submit"), .name("apply"), .value("1")) { "Replace all \(changes?.count ?? 0)" }
                    }
                }
            }
            if let changes {
                h2 { applied ? "Changed \(changes.count) cues" : "\(changes.count) cues would change" }
                if changes.isEmpty {
                    p { "Nothing matches." }
                } else {
                    div(.class("table-scroll"), .attr("tabindex", "0"), .role("region"), .aria("label", "Changes")) {
                        table(.class("replacements")) {
                            thead { tr { th { "Lecture" }; th { "Time" }; th { "Before" }; th { "After" } } }
                            tbody {
                                for change in changes {
                                    let page = CatalogLookup.lecturePath(course: course.slug, number: change.lectureNumber)
                                    tr {
                                        td { String(change.lectureNumber) + (change.cue.language == "en" ? "" : " (\(change.cue.language))") }
                                        td { a(.href("\(page)?t=\(change.cue.startSecond)#t\(change.cue.startSecond)")) { change.cue.timestamp } }
                                        td { change.before }
                                        td { change.after }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func field(_ title: String, _ name: String, value: String, required: Bool) -> HTML {
        p(.class("field")) {
            label(.for(name)) { title }
            input(.type("text"), .id(name), .name(name), .value(value), .flag("required", required))
        }
    }
}

/// The find-and-replace form's fields as entered.
struct ReplaceFormValues: Sendable {
    var find = ""
    var replace = ""
    var lecture = ""
    var language = ""
    var matchCase = false
    var wholeWords = true

    init() {}

    init(form: FormParameters) {
        find = form["find"] ?? ""
        replace = form["replace"] ?? ""
        lecture = form["lecture"] ?? ""
        language = form["language"] ?? ""
        matchCase = form["matchCase"] != nil
        wholeWords = form["wholeWords"] != nil
    }

    /// The store request; a lecture that is not a whole number is refused naming the field.
    func request() throws(ValidationError) -> CaptionEdit.ReplaceRequest {
        let trimmedLecture = lecture.trimmingCharacters(in: .whitespaces)
        var number: Int?
        if !trimmedLecture.isEmpty {
            guard let value = Int(trimmedLecture) else {
                throw ValidationError(field: "lecture", message: "must be a lecture number")
            }
            number = value
        }
        let trimmedLanguage = language.trimmingCharacters(in: .whitespaces)
        return CaptionEdit.ReplaceRequest(find: find, replacement: replace, lectureNumber: number,
                                          language: trimmedLanguage.isEmpty ? nil : trimmedLanguage,
                                          matchCase: matchCase, wholeWords: wholeWords)
    }
}
