import Foundation
import Captions
import HTML
import HTTPServer
import Store

/// A lecture's page: metadata, the recording when there is one, the transcript by sections and the
/// caption list, where every cue has a timestamp link and `?t=SECONDS` marks the cue linked to.
enum LecturePage {
    /// The lectures before and after this one in the course.
    struct Neighbours: Sendable {
        var previous: Lecture?
        var next: Lecture?
    }

    /// - Parameter cueEditor: for instructors, the correction form of the linked cue (see ``CueEditForm``).
    static func response(course: Course, lecture: Lecture, sections: [LectureSection], cues: [CaptionCue],
                         linkedSecond: Int?, neighbours: Neighbours = Neighbours(), canEdit: Bool = false,
                         languages: [String] = [], chapters: [LectureChapter] = [], userArea: UserArea,
                         cueEditor: CueEditForm? = nil) -> Response {
        let page = CatalogLookup.lecturePath(course: course.slug, number: lecture.number)
        let linked = linkedSecond.flatMap { linkedCueIndex(second: $0, in: cues) }
        return PageLayout.response(title: "Lecture \(lecture.number). \(lecture.title)", userArea: userArea,
                                   scripts: lecture.videoURL == nil ? [] : ["/lecture.js"]) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
                a(.href("/courses")) { "Courses" }
                " › "
                a(.href("/courses/\(course.slug)")) { course.title }
            }
            h1 { "Lecture \(lecture.number). \(lecture.title)" }
            p(.class("lecture-meta")) { metaLine(lecture) }
            if canEdit {
                p(.class("staff-links")) { a(.href(page + "/edit")) { "Edit this lecture" } }
            }
            lectureNavigation(course: course, neighbours)
            let media = lecture.videoURL.map(LectureVideo.init(url:))
            if let media {
                if media.isYouTube {
                    p(.class("video-link")) {
                        a(.href(media.link(atSecond: linkedSecond ?? 0)), .rel("noopener")) { "Watch the recording on YouTube" }
                        linkedSecond.map { " (from \(Timestamp.clock(milliseconds: $0 * 1000)))" } ?? ""
                    }
                } else {
                    video(.class("lecture-video"), .id("lecture-video"), .flag("controls"), .attr("preload", "metadata"),
                          .src(media.link(atSecond: linkedSecond ?? 0))) {
                        if !cues.isEmpty {
                            track(.attr("kind", "captions"), .src(page + "/captions.vtt"), .attr("srclang", lecture.captionLanguage),
                                  .attr("label", "Captions (\(lecture.captionLanguage))"), .flag("default"))
                            for language in languages where language != lecture.captionLanguage {
                                track(.attr("kind", "captions"), .src(page + "/captions.vtt?lang=" + language), .attr("srclang", language),
                                      .attr("label", "Captions (\(language))"))
                            }
                        }
                        a(.href(media.url)) { "Download the recording" }
                    }
                }
            }
            SearchPage.form(query: "", course: course.slug, lecture: lecture.number, courses: [],
                            label: "Search this lecture")
            outline(sections: sections, chapters: chapters, page: page, hasCaptions: !cues.isEmpty)
            div(.class("lecture-layout")) {
                section(.class("transcript"), .attr("lang", Language.guess(sections.map(\.plainText)))) {
                    h2 { "Transcript" }
                    if sections.isEmpty { p(.class("muted")) { "This lecture has no transcript." } }
                    for section in sections { transcriptSection(section) }
                }
                section(.class("captions"), .aria("labelledby", "captions")) {
                    h2(.id("captions")) { "Captions" }
                    if cues.isEmpty {
                        p(.class("muted")) { "This lecture has no captions." }
                    } else {
                        p(.class("downloads")) {
                            "Download: "
                            a(.href(page + "/captions.vtt")) { "WebVTT" }
                            a(.href(page + "/captions.srt")) { "SRT" }
                            a(.href(page + "/captions.txt")) { "plain text" }
                            a(.href(page + "/captions.txt?timestamps=1")) { "text with times" }
                            if !sections.isEmpty { a(.href(page + "/transcript.md")) { "transcript (Markdown)" } }
                        }
                        if languages.count > 1 {
                            p(.class("downloads")) {
                                "Other languages: "
                                for language in languages where language != lecture.captionLanguage {
                                    a(.href(page + "/captions.vtt?lang=" + language), .attr("hreflang", language)) { "WebVTT (\(language))" }
                                }
                            }
                        }
                        if let cueEditor { cueEditor }
                        ol(.class("cue-list"), .attr("lang", Language.guess(cues.prefix(50).map(\.text)))) {
                            for (index, cue) in cues.enumerated() {
                                cueItem(cue, page: page, hasAnchor: index == 0 || cues[index - 1].startSecond != cue.startSecond,
                                        isLinked: index == linked, linkedSecond: linkedSecond, media: media)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The chapters, at the top of the page: those of a WebVTT chapters file, each with its start
    /// time and a link to that moment; else the transcript's headings; then the captions.
    private static func outline(sections: [LectureSection], chapters timed: [LectureChapter], page: String,
                                hasCaptions: Bool) -> HTML {
        if !timed.isEmpty {
            return nav(.class("lecture-outline"), .aria("labelledby", "outline")) {
                h2(.id("outline")) { "Chapters" }
                ol {
                    for chapter in timed {
                        let second = chapter.startMilliseconds / 1000
                        li {
                            a(.href("\(page)?t=\(second)#t\(second)")) {
                                span(.class("chapter-time")) { Timestamp.clock(milliseconds: chapter.startMilliseconds) }
                                " " + chapter.title
                            }
                        }
                    }
                    if hasCaptions { li { a(.href("#captions")) { "Captions, with their times" } } }
                }
            }
        }
        return outline(sections: sections, hasCaptions: hasCaptions)
    }

    /// The chapters of the transcript (its top-level headings) and the captions, at the top of the page.
    private static func outline(sections: [LectureSection], hasCaptions: Bool) -> HTML {
        // The highest level with more than one heading: a transcript under one title heading lists its parts.
        let levels = Set(sections.filter { !$0.title.isEmpty }.map(\.level)).sorted()
        let level = levels.first { level in sections.filter { $0.level == level && !$0.title.isEmpty }.count > 1 } ?? levels.first
        let chapters = sections.filter { $0.level == level && !$0.title.isEmpty }
        guard !chapters.isEmpty || hasCaptions else { return .empty }
        return nav(.class("lecture-outline"), .aria("labelledby", "outline")) {
            h2(.id("outline")) { "On this page" }
            ol {
                for chapter in chapters { li { a(.href("#" + chapter.anchor)) { chapter.title } } }
                if hasCaptions { li { a(.href("#captions")) { "Captions, with their times" } } }
            }
        }
    }

    /// Links to the previous and next lectures of the course.
    private static func lectureNavigation(course: Course, _ neighbours: Neighbours) -> HTML {
        guard neighbours.previous != nil || neighbours.next != nil else { return .empty }
        return nav(.class("lecture-pager"), .aria("label", "Other lectures")) {
            if let previous = neighbours.previous {
                a(.class("previous"), .rel("prev"), .href(CatalogLookup.lecturePath(course: course.slug, number: previous.number))) {
                    "← Lecture \(previous.number). \(previous.title)"
                }
            }
            if let next = neighbours.next {
                a(.class("next"), .rel("next"), .href(CatalogLookup.lecturePath(course: course.slug, number: next.number))) {
                    "Lecture \(next.number). \(next.title) →"
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
            MarkdownHTML.convert(blocks, headingLevel: min(6, section.level + 3))
        }
    }

    private static func cueItem(_ cue: CaptionCue, page: String, hasAnchor: Bool, isLinked: Bool, linkedSecond: Int?,
                                media: LectureVideo?) -> HTML {
        let anchor = "t\(cue.startSecond)"
        return li(hasAnchor ? .id(anchor) : nil,
                  .class("cue", cue.speakerChange ? "speaker-change" : "", isLinked ? "current" : ""),
                  isLinked ? .aria("current", "true") : nil,
                  .data("start", String(cue.startSecond))) {
            // A link to a second inside this cue (`?t=1287#t1287`) lands here too.
            if isLinked, let second = linkedSecond, second != cue.startSecond { span(.id("t\(second)")) }
            a(.class("cue-time"), .href("\(page)?t=\(cue.startSecond)#\(anchor)")) { cue.timestamp }
            if let media {
                a(.class("cue-play"), .href(media.link(atSecond: cue.startSecond)), .aria("label", "Play the recording from \(cue.timestamp)")) {
                    "▶"
                }
            }
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

/// A lecture's recording: a file the browser plays itself, or a YouTube page.
struct LectureVideo: Sendable, Equatable {
    let url: String

    /// Whether the URL is a YouTube watch, short or embed page (played there, not in a `<video>`).
    var isYouTube: Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        return host == "youtu.be" || host == "youtube.com" || host.hasSuffix(".youtube.com")
    }

    /// The recording from `second` on: `&t=SECONDSs` for YouTube, the media fragment `#t=SECONDS` for a file.
    func link(atSecond second: Int) -> String {
        guard second > 0 else { return url }
        if isYouTube {
            guard var components = URLComponents(string: url) else { return url }
            var items = (components.queryItems ?? []).filter { $0.name != "t" }
            items.append(URLQueryItem(name: "t", value: "\(second)s"))
            components.queryItems = items
            return components.string ?? url
        }
        let base = url.split(separator: "#", maxSplits: 1).first.map(String.init) ?? url
        return base + "#t=\(second)"
    }
}
