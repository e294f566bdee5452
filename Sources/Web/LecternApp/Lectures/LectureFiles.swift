import Captions
import Foundation
import Store

/// A lecture file that cannot be read or parsed, naming the file (and the line when known).
public struct LectureFileError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public let path: String
    /// What is wrong, e.g. `line 12: expected a cue timing line`.
    public let message: String

    public var description: String { "\(path): \(message)" }
}

/// A lecture read from its files, with what was read and skipped for the operator.
public struct LoadedLecture: Sendable {
    /// The content to store.
    public var content: LectureContent
    /// The caption format, when the lecture has captions.
    public var captionFormat: CaptionFormat?
    /// Caption lines that were not part of any cue (page chrome, titles, malformed cues), with their
    /// line numbers and why.
    public var skippedLines: [SkippedLine]
    /// Untimed caption lines that were joined to the cue before them.
    public var joinedLines: [JoinedLine] = []
    /// How the caption file's bytes were decoded.
    public var encoding: CaptionEncoding = .utf8

    /// Takes what a caption document says about its reading.
    mutating func take(_ document: CaptionDocument) {
        content.cues = document.cues
        captionFormat = document.format
        skippedLines = document.skippedLines
        joinedLines = document.joinedLines
        encoding = document.encoding
    }

    /// The import report, one fact a line: the summary, the encoding when it is not UTF-8, every skipped
    /// line with its reason, and every joined line with the cue it joined.
    public var report: String {
        var lines = [summary]
        if encoding != .utf8 { lines.append("captions read as \(encoding.rawValue): the file is not UTF-8") }
        for skipped in skippedLines {
            lines.append("skipped line \(skipped.line): \(skipped.text)" + (skipped.reason.map { " (\($0))" } ?? ""))
        }
        for joined in joinedLines {
            lines.append("joined line \(joined.line) to the cue at \(Timestamp.clock(milliseconds: joined.cueStart)): \(joined.text)")
        }
        return lines.joined(separator: "\n")
    }

    /// One line: `lecture 9 "Auto Layout…": 183 cues (plain, 7 lines skipped), 9 transcript sections`.
    public var summary: String {
        var parts: [String] = []
        if let captionFormat {
            let skipped = skippedLines.count == 1 ? "1 line skipped" : "\(skippedLines.count) lines skipped"
            parts.append("\(content.cues.count) cues (\(captionFormat.rawValue), \(skipped))")
        } else {
            parts.append("no captions")
        }
        if let transcript = content.transcript {
            parts.append("\(transcript.sections.count) transcript sections")
        } else {
            parts.append("no transcript")
        }
        return "lecture \(content.number) \"\(content.title)\": " + parts.joined(separator: ", ")
    }
}

/// Reads lectures and course directories from disk into `Store` content.
public enum LectureFiles {
    /// Largest caption, transcript or course.json file read.
    public static let maxFileBytes = CaptionLimits.default.maxBytes

    /// Reads a lecture's captions and transcript files (either may be nil).
    public static func lecture(number: Int, title: String, date: String? = nil, videoURL: String? = nil,
                               captionsPath: String?, transcriptPath: String?, chaptersPath: String? = nil,
                               language: String = "en") throws -> LoadedLecture {
        var loaded = LoadedLecture(content: LectureContent(number: number, title: title, date: date, videoURL: videoURL,
                                                           captionLanguage: language),
                                   captionFormat: nil, skippedLines: [])
        if let captionsPath {
            let bytes = try read(captionsPath)
            let document: CaptionDocument
            do {
                document = try CaptionParser.parse(bytes: bytes, fileExtension: (captionsPath as NSString).pathExtension)
            } catch {
                throw LectureFileError(path: captionsPath, message: error.description)
            }
            loaded.take(document)
        }
        if let chaptersPath {
            // A WebVTT chapters file: each cue's text is a chapter's title.
            let bytes = try read(chaptersPath)
            let document: CaptionDocument
            do {
                document = try CaptionParser.parse(bytes: bytes, fileExtension: "vtt")
            } catch {
                throw LectureFileError(path: chaptersPath, message: error.description)
            }
            loaded.content.chapters = LectureChapter.from(cues: document.cues)
        }
        if let transcriptPath {
            let text = String(decoding: try read(transcriptPath), as: UTF8.self)
            do {
                loaded.content.transcript = try Transcript(markdown: text)
            } catch {
                throw LectureFileError(path: transcriptPath, message: error.description)
            }
        }
        return loaded
    }

    /// Reads a course directory: its `course.json` and every lecture it lists.
    public static func course(directory: String) throws -> (course: NewCourse, lectures: [LoadedLecture]) {
        let manifestPath = directory + "/course.json"
        let manifest: CourseManifest
        do {
            manifest = try CourseManifest(json: String(decoding: try read(manifestPath), as: UTF8.self))
        } catch let error as LectureFileError {
            throw error
        } catch {
            throw LectureFileError(path: manifestPath, message: "\(error)")
        }
        let lectures = try manifest.lectures.map { entry in
            try lecture(number: entry.number, title: entry.title, date: entry.date, videoURL: entry.videoURL,
                        captionsPath: entry.captionsPath.map { directory + "/" + $0 },
                        transcriptPath: entry.transcriptPath.map { directory + "/" + $0 })
        }
        return (manifest.course, lectures)
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LectureFileError(path: path, message: "cannot be opened for reading")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
        } catch {
            throw LectureFileError(path: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maxFileBytes else {
            throw LectureFileError(path: path, message: "is larger than \(maxFileBytes) bytes")
        }
        return [UInt8](data)
    }
}
