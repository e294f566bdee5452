import Captions
import Foundation
import HTML
import HTTPServer
import Store

/// The instructor's lecture form (`/courses/:course/lectures/new`, `…/lectures/:number/edit`) and the
/// page that answers it with what was read and skipped. Captions and transcript are pasted as text
/// or uploaded as files (a file, when chosen, replaces the pasted text); saving stores exactly what
/// the form holds, as `lectern import lecture` does.
enum LectureEditPage {
    /// The form, filled with `values`; with `error` above it (and its status) after a refused attempt.
    /// - Parameter number: the lecture being edited; nil for a new lecture, whose number is a field.
    static func response(_ values: LectureFormValues, course: Course, editing number: Int?, error: LectureUploadError?,
                         principal: Principal, report: HTML? = nil) -> Response {
        let heading = number.map { "Edit lecture \($0)" } ?? "New lecture"
        let lecturePage = number.map { CatalogLookup.lecturePath(course: course.slug, number: $0) }
        let action = lecturePage.map { $0 + "/edit" } ?? "/courses/\(course.slug)/lectures/new"
        return PageLayout.response(title: "\(heading) · \(course.title)", userArea: UserArea(principal),
                                   status: error?.status ?? .ok) {
            breadcrumbs(course, lecturePage: lecturePage, number: number)
            h1 { heading }
            p(.class("lead")) {
                "Saving replaces the lecture's title, date, video, captions and transcript with what this form holds; "
                "empty captions or an empty transcript remove them."
            }
            if let error { p(.class("form-error"), .role("alert")) { error.description } }
            if let report { report }
            form(.class("lecture-form"), .method("post"), .action(action), .attr("enctype", "multipart/form-data")) {
                CSRFField(principal)
                if number == nil {
                    field("Number", "number", type: "number", value: values.number, required: true)
                }
                field("Title", "title", type: "text", value: values.title, required: true)
                field("Date (optional)", "date", type: "date", value: values.date, required: false)
                field("Video URL (optional)", "video", type: "url", value: values.video, required: false)
                p(.class("field")) {
                    label(.for("captionsFormat")) { "Caption format" }
                    select(.id("captionsFormat"), .name("captionsFormat")) {
                        option(.value(""), .flag("selected", LectureUpload.format(named: values.captionsFormat) == nil)) {
                            "detect from the text"
                        }
                        for (name, description) in [("plain", "timestamped lines"), ("vtt", "WebVTT"), ("srt", "SRT")] {
                            option(.value(name), .flag("selected", values.captionsFormat == name)) { description }
                        }
                    }
                }
                field("Caption language (a tag such as en or pt-BR)", "captionsLanguage", type: "text",
                      value: values.captionsLanguage, required: false)
                textArea("Captions (paste the caption file)", "captions", text: values.captions)
                fileField("…or upload the caption file (.vtt, .srt or .txt)", "captionsFile",
                          accept: ".vtt,.srt,.txt,text/vtt,application/x-subrip,text/plain")
                textArea("Transcript (Markdown)", "transcript", text: values.transcript)
                fileField("…or upload the transcript (.md or .txt)", "transcriptFile",
                          accept: ".md,.markdown,.txt,text/markdown,text/plain")
                div(.class("actions")) {
                    button(.type("submit"), .name("preview"), .value("1")) { "Preview the import" }
                    " "
                    button(.type("submit")) { "Save lecture" }
                }
            }
        }
    }

    /// The import preview, before anything is stored.
    enum ImportPreview {
        /// The import preview: what the form's captions and transcript read as, before anything is stored,
        /// and the form again to save (or change) them.
        static func response(_ loaded: LoadedLecture, values: LectureFormValues, course: Course, editing number: Int?,
                             principal: Principal) -> Response {
            var form = values
            form.preview = false
            return LectureEditPage.response(form, course: course, editing: number, error: nil, principal: principal,
                                            report: report(loaded, heading: "Import preview (nothing is stored yet)"))
        }
    }

    /// What was read, what was skipped and why, and which untimed lines joined which cue.
    static func report(_ loaded: LoadedLecture, heading: String) -> HTML {
        section(.class("import-report"), .aria("label", heading)) {
            h2 { heading }
            p(.role("status")) { loaded.summary + "." }
            if loaded.encoding != .utf8 {
                p(.class("notice")) { "The caption file is not UTF-8; it was read as \(loaded.encoding.rawValue)." }
            }
            if !loaded.skippedLines.isEmpty {
                h3 { "Skipped caption lines" }
                table(.class("skipped-lines")) {
                    thead { tr { th { "Line" }; th { "Text" }; th { "Why" } } }
                    tbody {
                        for skipped in loaded.skippedLines {
                            tr {
                                td { String(skipped.line) }
                                td { skipped.text }
                                td { skipped.reason ?? "outside the captions (titles, page text)" }
                            }
                        }
                    }
                }
            }
            if !loaded.joinedLines.isEmpty {
                h3 { "Untimed lines joined to a cue" }
                table(.class("joined-lines")) {
                    thead { tr { th { "Line" }; th { "Text" }; th { "Joined to the cue at" } } }
                    tbody {
                        for joined in loaded.joinedLines {
                            tr {
                                td { String(joined.line) }
                                td { joined.text }
                                td { Timestamp.clock(milliseconds: joined.cueStart) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What a saved lecture import read and kept.
    enum Imported {
        /// What a saved form imported: 201 for a new lecture, 200 for a replaced one, with the caption
        /// lines that were skipped and links to the lecture and its sections.
        static func response(_ outcome: LectureUploadOutcome, course: Course, principal: Principal) -> Response {
            let lecture = outcome.result.lecture
            let loaded = outcome.loaded
            let page = CatalogLookup.lecturePath(course: course.slug, number: lecture.number)
            return PageLayout.response(title: "Lecture \(lecture.number) saved · \(course.title)", userArea: UserArea(principal),
                                       status: outcome.result.replaced ? .ok : .created) {
                breadcrumbs(course, lecturePage: page, number: lecture.number)
                h1 { "Lecture \(lecture.number). \(lecture.title)" }
                p(.class("notice"), .role("status")) { (outcome.result.replaced ? "Replaced " : "Imported ") + loaded.summary + "." }
                p {
                    a(.href(page)) { "Open the lecture" }
                    " · "
                    a(.href(page + "/edit")) { "Edit it again" }
                }
                report(loaded, heading: "What was read")
                if let sections = loaded.content.transcript?.sections, !sections.isEmpty {
                    h2 { "Transcript sections" }
                    ol {
                        for section in sections {
                            li { a(.href("\(page)#\(section.id)")) { section.title.isEmpty ? "Introduction" : section.title } }
                        }
                    }
                }
            }.withHeader("Location", page)
        }
    }

    private static func breadcrumbs(_ course: Course, lecturePage: String?, number: Int?) -> HTML {
        nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
            a(.href("/courses")) { "Courses" }
            " › "
            a(.href("/courses/\(course.slug)")) { course.title }
            if let lecturePage, let number {
                " › "
                a(.href(lecturePage)) { "Lecture \(number)" }
            }
        }
    }

    private static func field(_ title: String, _ name: String, type: String, value: String, required: Bool) -> HTML {
        p(.class("field")) {
            label(.for(name)) { title }
            input(.type(type), .id(name), .name(name), .value(value), .flag("required", required),
                  type == "number" ? .attr("min", "0") : nil)
        }
    }

    private static func fileField(_ title: String, _ name: String, accept: String) -> HTML {
        p(.class("field")) {
            label(.for(name)) { title }
            input(.type("file"), .id(name), .name(name), .attr("accept", accept))
        }
    }

    private static func textArea(_ title: String, _ name: String, text: String) -> HTML {
        p(.class("field")) {
            label(.for(name)) { title }
            // A browser drops one line feed right after <textarea>: this one, so the text keeps its own.
            textarea(.class("code"), .id(name), .name(name), .attr("rows", "14"), .attr("cols", "80"),
                     .attr("spellcheck", "false")) { "\n" + text }
        }
    }
}

/// The lecture form's fields as text, as entered or as stored.
struct LectureFormValues: Sendable {
    var number = ""
    var title = ""
    var date = ""
    var video = ""
    /// `plain`, `vtt`, `srt`, or anything else to detect the format.
    var captionsFormat = ""
    var captions = ""
    /// The captions' language tag.
    var captionsLanguage = "en"
    var transcript = ""
    /// True when the form asks for the import preview instead of saving.
    var preview = false
    /// How an uploaded caption file was decoded (see ``takeCaptionFile(from:)``).
    var captionsEncoding: CaptionEncoding = .utf8

    /// The largest form accepted: the API's limit three times over, since percent-encoding triples
    /// text outside ASCII.
    static let maxBodyBytes = 3 * LectureUpload.maxBodyBytes

    /// The fields of a new lecture's empty form.
    init(number: Int) {
        self.number = String(number)
    }

    /// The fields as posted; an uploaded file (`captionsFile`, `transcriptFile`) that is not empty
    /// takes the place of the text pasted beside it.
    init(form: FormParameters) {
        number = form["number"] ?? ""
        title = form["title"] ?? ""
        date = form["date"] ?? ""
        video = form["video"] ?? ""
        captionsFormat = form["captionsFormat"] ?? ""
        captionsLanguage = form["captionsLanguage"].flatMap { $0.isEmpty ? nil : $0 } ?? "en"
        preview = form["preview"] != nil
        captions = form["captionsFile"].flatMap { $0.isEmpty ? nil : $0 } ?? form["captions"] ?? ""
        transcript = form["transcriptFile"].flatMap { $0.isEmpty ? nil : $0 } ?? form["transcript"] ?? ""
    }

    /// The fields of a stored lecture: its captions as WebVTT and its transcript rebuilt from its
    /// sections, so that saving the form unchanged stores the same lecture again.
    init(_ lecture: Lecture, sections: [LectureSection], cues: [CaptionCue]) {
        number = String(lecture.number)
        title = lecture.title
        date = lecture.date ?? ""
        video = lecture.videoURL ?? ""
        captionsLanguage = lecture.captionLanguage
        if !cues.isEmpty {
            captionsFormat = LectureUpload.name(of: .webVTT)
            captions = CaptionWriter.webVTT(cues.map(\.captionCue))
        }
        transcript = TranscriptSource.markdown(sections)
    }

    /// Reads an uploaded caption file from its bytes, as `lectern import lecture` reads files (UTF-16 with a
    /// byte order mark, Windows-1252 when not UTF-8), in place of the form reader's UTF-8 decoding.
    mutating func takeCaptionFile(from request: Request) {
        guard request.mediaType == "multipart/form-data", let part = try? request.multipartForm()["captionsFile"], !part.data.isEmpty,
              let decoded = try? CaptionParser.decode(bytes: part.data) else { return }
        captions = decoded.text
        captionsEncoding = decoded.encoding
    }

    /// The number field as a number, nil when it is not a whole number.
    var lectureNumber: Int? { Int(number.trimmingCharacters(in: .whitespaces)) }

    /// The refusal of a number field that is not a whole number.
    static let unreadableNumber = LectureUploadError(field: "number", line: nil, message: "must be a whole number",
                                                     status: .unprocessableContent)

    /// The upload the fields describe; empty optional fields mean "none".
    func upload() -> LectureUpload {
        func optional(_ text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
        return LectureUpload(title: title.trimmingCharacters(in: .whitespaces), date: optional(date), videoURL: optional(video),
                             captions: LectureUpload.CaptionText(format: LectureUpload.format(named: captionsFormat), text: captions,
                                                                 language: captionsLanguage.trimmingCharacters(in: .whitespaces),
                                                                 encoding: captionsEncoding),
                             transcript: transcript)
    }
}

/// A transcript's Markdown rebuilt from its stored sections: each section's heading line, then its own source.
enum TranscriptSource {
    /// The Markdown that parses into `sections` again: same titles, levels, anchors and bodies.
    static func markdown(_ sections: [LectureSection]) -> String {
        var markdown = ""
        for section in sections {
            var body = section.bodyMarkdown.unicodeScalars[...]
            if section.level > 0 {
                markdown += String(repeating: "#", count: section.level) + " " + escaped(section.title) + "\n"
                // A stored body starting with U+FEFF carries one more, against the parser dropping a byte
                // order mark; after a heading line nothing is dropped, so the extra one goes.
                if body.first == "\u{FEFF}" { body = body.dropFirst() }
            }
            markdown.unicodeScalars.append(contentsOf: body)
        }
        return markdown
    }

    /// A heading's plain text with the characters that start inline Markdown (and `#`, which could close
    /// the heading) backslash-escaped, so it reads back as the same text.
    private static func escaped(_ title: String) -> String {
        var output = ""
        for character in title {
            if "\\`*_[<#".contains(character) { output.append("\\") }
            output.append(character)
        }
        return output
    }
}
