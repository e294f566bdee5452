import Captions
import JSON
import Store

/// The JSON shapes of lectures, cues, sections and search results in the API.
enum LectureJSON {
    /// `{"number":9,"title":"…","date":"2026-10-22","video":null,"cueCount":183,"sectionCount":9,"url":"…","captions":{…}}`
    static func writeSummary(_ lecture: Lecture, course: String, to json: inout JSONWriter) {
        let page = CatalogLookup.lecturePath(course: course, number: lecture.number)
        json.field("number", lecture.number)
        json.field("title", lecture.title)
        json.field("date", lecture.date)
        json.field("video", lecture.videoURL)
        json.field("cueCount", lecture.cueCount)
        json.field("sectionCount", lecture.sectionCount)
        json.field("url", page)
        json.key("captions")
        json.beginObject()
        json.field("language", lecture.captionLanguage)
        json.field("vtt", page + "/captions.vtt")
        json.field("srt", page + "/captions.srt")
        json.field("txt", page + "/captions.txt")
        json.endObject()
        json.field("transcript", page + "/transcript.md")
    }

    /// `"skippedLines":[{"line":12,"text":"…","reason":"…"}]`: the lines of an upload that were not read, and why.
    static func writeSkippedLines(_ lines: [SkippedLine], to json: inout JSONWriter) {
        json.key("skippedLines")
        json.beginArray()
        for skipped in lines {
            json.beginObject()
            json.field("line", skipped.line)
            json.field("text", skipped.text)
            json.field("reason", skipped.reason)
            json.endObject()
        }
        json.endArray()
    }

    /// `{"index":12,"start":2238.0,"end":2241.0,"timestamp":"37:18","text":"…","speaker":"Paul"|null,
    /// "speakerChange":false,"nonSpeech":false}`; `index` addresses the cue in `PATCH …/cues/:index`.
    static func writeCue(_ cue: CaptionCue, to json: inout JSONWriter) {
        json.beginObject()
        json.field("index", cue.position)
        json.field("start", Double(cue.startMs) / 1000)
        json.field("end", Double(cue.endMs) / 1000)
        json.field("timestamp", cue.timestamp)
        json.field("text", cue.text)
        json.field("speaker", cue.speaker)
        json.field("speakerChange", cue.speakerChange)
        json.field("nonSpeech", cue.nonSpeech)
        json.endObject()
    }

    /// Milliseconds as seconds for a media fragment: `2238`, `2238.5`.
    static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }

    /// `{"anchor":"magic-numbers","title":"…","level":2,"markdown":"…","text":"…"}`
    static func writeSection(_ section: LectureSection, to json: inout JSONWriter) {
        json.beginObject()
        json.field("anchor", section.anchor)
        json.field("title", section.title)
        json.field("level", section.level)
        json.field("markdown", section.bodyMarkdown)
        json.field("text", section.plainText)
        json.endObject()
    }

    /// The `/api/search` answer; `videos` holds the lectures' video URLs by `course/number`, `next`
    /// the link to the following page (null on the last).
    static func writeResults(_ results: SearchResults, videos: [String: String] = [:], next: String? = nil,
                             to json: inout JSONWriter) {
        json.beginObject()
        json.field("query", results.query)
        json.field("total", results.total)
        json.key("hits")
        json.beginArray()
        for hit in results.hits { writeHit(hit, video: videos["\(hit.courseSlug)/\(hit.lectureNumber)"], to: &json) }
        json.endArray()
        json.field("suggestion", results.suggestion)
        json.field("next", next)
        json.endObject()
    }

    /// One hit: what matched, where (the lecture with its video, the cue's `start` and `end` in
    /// seconds), and for a cue of a lecture with a video, `videoAt`: the video URL with a media
    /// fragment (`#t=2238,2241`) that plays just that cue.
    private static func writeHit(_ hit: SearchHit, video: String?, to json: inout JSONWriter) {
        json.beginObject()
        json.field("kind", hit.kind.rawValue)
        json.field("course", hit.courseSlug)
        json.key("lecture")
        json.beginObject()
        json.field("number", hit.lectureNumber)
        json.field("title", hit.lectureTitle)
        json.field("video", video)
        json.endObject()
        if let cue = hit.cue {
            json.field("start", Double(cue.startMs) / 1000)
            json.field("end", Double(cue.endMs) / 1000)
            json.field("timestamp", cue.timestamp)
            if let video {
                json.field("videoAt", "\(video.split(separator: "#", maxSplits: 1).first ?? "")#t=\(Self.seconds(cue.startMs)),\(Self.seconds(cue.endMs))")
            }
        }
        if let anchor = hit.sectionAnchor {
            json.field("section", anchor)
        }
        json.field("text", hit.text)
        json.field("snippet", SnippetHTML(hit.snippet).string)
        json.field("url", hit.url)
        if !hit.contextBefore.isEmpty || !hit.contextAfter.isEmpty {
            json.key("context")
            json.beginObject()
            json.key("before")
            json.beginArray()
            for cue in hit.contextBefore { writeCue(cue, to: &json) }
            json.endArray()
            json.key("after")
            json.beginArray()
            for cue in hit.contextAfter { writeCue(cue, to: &json) }
            json.endArray()
            json.endObject()
        }
        json.endObject()
    }
}
