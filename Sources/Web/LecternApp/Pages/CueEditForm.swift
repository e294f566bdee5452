import HTML
import Store

/// The instructors' caption correction on the lecture page: a small form for the cue the page links
/// to (`?t=`), posting to `/courses/:course/lectures/:number/cues/:index`, and a link to find and
/// replace across the course. Without a linked cue it says how to pick one.
struct CueEditForm: Component {
    /// The cue the page links to; nil when the page links to none.
    let cue: CaptionCue?
    /// The lecture's course.
    let course: Course
    /// The lecture whose captions are corrected.
    let lecture: Lecture
    /// Who is correcting (for the CSRF field).
    let principal: Principal

    init(_ cue: CaptionCue?, course: Course, lecture: Lecture, principal: Principal) {
        self.cue = cue
        self.course = course
        self.lecture = lecture
        self.principal = principal
    }

    var body: HTML {
        let page = CatalogLookup.lecturePath(course: course.slug, number: lecture.number)
        return section(.id("cue-editor"), .class("cue-editor"), .aria("label", "Correct captions")) {
            h3 { "Correct captions" }
            if let cue {
                form(.method("post"), .action("\(page)/cues/\(cue.position)")) {
                    CSRFField(principal)
                    p(.class("field")) {
                        label(.for("cue-text")) { "Text of the cue at \(cue.timestamp)" }
                        textarea(.id("cue-text"), .name("text"), .attr("rows", "3"), .attr("required", "")) { cue.text }
                    }
                    p(.class("field")) {
                        label(.for("cue-start")) { "Start (seconds)" }
                        input(.type("text"), .id("cue-start"), .name("start"), .value(Self.seconds(cue.startMs)),
                              .attr("inputmode", "decimal"))
                    }
                    p(.class("field")) {
                        label(.for("cue-end")) { "End (seconds)" }
                        input(.type("text"), .id("cue-end"), .name("end"), .value(Self.seconds(cue.endMs)),
                              .attr("inputmode", "decimal"))
                    }
                    div(.class("actions")) { button(.type("submit")) { "Save the correction" } }
                }
            } else {
                p(.class("muted")) { "Choose a cue's time to correct its text or times." }
            }
            p {
                a(.href("/courses/\(course.slug)/captions/replace")) { "Find and replace in the course's captions" }
            }
        }
    }

    /// `75.5`, `75` for whole seconds.
    static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? String(milliseconds / 1000)
            : String(milliseconds / 1000) + "." + String(String(1000 + milliseconds % 1000).dropFirst()).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
    }
}
