import Captions
import HTML
import HTTPServer
import Store

/// A lecture's page: metadata, the recording when there is one, the transcript by sections and the
/// caption list, where every cue has a timestamp link and `?t=SECONDS` marks the cue linked to.
enum LecturePage {
    /// - Parameter cueEditor: for instructors, the correction form of the linked cue (see ``CueEditForm``).
    static func response(course: Course, lecture: Lecture, sections: [LectureSection], cues: [CaptionCue],
                         linkedSecond: Int?, userArea: HTML, cueEditor: HTML? = nil) -> Response {
        let page = CatalogLookup.lecturePath(course: course.slug, number: lecture.number)
        let linked = linkedSecond.flatMap { linkedCueIndex(second: $0, in: cues) }
        return PageLayout.response(title: "Lecture \(lecture.number). \(lecture.title)", userArea: userArea) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses")) { "Courses" }
                " › "
                a(.href("/courses/\(course.slug)")) { course.title }
            }
            h1 { "Lecture \(lecture.number). \(lecture.title)" }
            p(.class("lecture-meta")) { metaLine(lecture) }
            if let videoURL = lecture.videoURL {
                video(.class("lecture-video"), .flag("controls"), .attr("preload", "metadata"), .src(videoURL)) {
                    if !cues.isEmpty {
                        track(.attr("kind", "captions"), .src(page + "/captions.vtt"), .attr("srclang", "en"),
                              .attr("label", "Captions"), .flag("default"))
                    }
                }
            }
            SearchPage.form(query: "", course: course.slug, lecture: lecture.number, courses: [],
                            label: "Search this lecture")
            div(.class("lecture-layout")) {
                section(.class("transcript"), .attr("lang", Language.guess(sections.map(\.plainText)))) {
                    h2 { "Transcript" }
                    if sections.isEmpty { p(.class("muted")) { "This lecture has no transcript." } }
                    for section in sections { transcriptSection(section) }
                }
                section(.class("captions")) {
                    h2 { "Captions" }
                    if cues.isEmpty {
                        p(.class("muted")) { "This lecture has no captions." }
                    } else {
                        p(.class("downloads")) {
                            "Download: "
                            a(.href(page + "/captions.vtt")) { "WebVTT" }
                            a(.href(page + "/captions.srt")) { "SRT" }
                        }
                        if let cueEditor { cueEditor }
                        ol(.class("cue-list"), .attr("lang", Language.guess(cues.prefix(50).map(\.text)))) {
                            for (index, cue) in cues.enumerated() {
                                cueItem(cue, page: page, hasAnchor: index == 0 || cues[index - 1].startSecond != cue.startSecond,
                                        isLinked: index == linked)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `22 Oct 2026 · 183 captions · 9 transcript sections`.
    static func metaLine(_ lecture: Lecture) -> String {
        var parts: [String] = []
        if let date = lecture.date { parts.append(PageDates.day(date)) }
        parts.append(lecture.cueCount == 1 ? "1 caption" : "\(lecture.cueCount) captions")
        parts.append(lecture.sectionCount == 1 ? "1 transcript section" : "\(lecture.sectionCount) transcript sections")
        return parts.joined(separator: " · ")
    }

    /// The cue `?t=` points at: the first starting in that second, else the last one started before it.
    static func linkedCueIndex(second: Int, in cues: [CaptionCue]) -> Int? {
        if let exact = cues.firstIndex(where: { $0.startSecond == second }) { return exact }
        return cues.lastIndex { $0.startSecond < second }
    }

    private static func transcriptSection(_ section: LectureSection) -> HTML {
        let blocks = (try? section.blocks()) ?? [.paragraph([.text(section.plainText)])]
        return HTML.element("section", [.id(section.anchor), .class("transcript-section")]) {
            // Under the page's h1 and the column's h2: a level-1 heading is an h3, a level-2 one an h4, ...
            if !section.title.isEmpty {
                HTML.element("h\(min(6, section.level + 2))") { a(.href("#" + section.anchor)) { section.title } }
            }
            MarkdownHTML.render(blocks, headingLevel: min(6, section.level + 3))
        }
    }

    private static func cueItem(_ cue: CaptionCue, page: String, hasAnchor: Bool, isLinked: Bool) -> HTML {
        let anchor = "t\(cue.startSecond)"
        return li(hasAnchor ? .id(anchor) : nil,
                  .class("cue", cue.speakerChange ? "speaker-change" : "", isLinked ? "current" : ""),
                  isLinked ? .aria("current", "true") : nil) {
            a(.class("cue-time"), .href("\(page)?t=\(cue.startSecond)#\(anchor)")) { cue.timestamp }
            span(.class("cue-text", cue.nonSpeech ? "non-speech" : "")) { cue.text }
        }
    }
}

/// Tells Russian from English text for the `lang` attribute (hyphenation, screen readers).
enum Language {
    /// `ru` when Cyrillic letters outnumber Latin ones, else `en`.
    static func guess(_ texts: [String]) -> String {
        var cyrillic = 0, latin = 0
        for scalar in texts.lazy.flatMap(\.unicodeScalars) {
            switch scalar.value {
            case 0x400...0x4FF: cyrillic += 1
            case 0x41...0x5A, 0x61...0x7A: latin += 1
            default: break
            }
        }
        return cyrillic > latin ? "ru" : "en"
    }
}
