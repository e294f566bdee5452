import Captions
import SQLite

/// A chapter of a lecture: a title and the moment it starts, from a WebVTT chapters file.
public struct LectureChapter: Sendable, Equatable {
    /// Where it starts, in milliseconds from the start of the recording.
    public var startMilliseconds: Int
    public var title: String

    public init(startMilliseconds: Int, title: String) {
        self.startMilliseconds = startMilliseconds
        self.title = title
    }

    /// The most chapters a lecture keeps.
    public static let maxPerLecture = 500

    /// The chapters of a WebVTT chapters file's cues: each cue's start and its text on one line,
    /// in time order; empty texts are left out.
    public static func from(cues: [Cue]) -> [LectureChapter] {
        cues.prefix(maxPerLecture).compactMap { cue in
            let title = cue.text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            return title.isEmpty ? nil : LectureChapter(startMilliseconds: cue.start, title: String(title.prefix(200)))
        }
    }

    /// A lecture's chapters in time order.
    public static func all(lectureID: Int64, _ db: Connection) throws -> [LectureChapter] {
        try db.fetchAll(sql: "SELECT start_ms, title FROM lecture_chapters WHERE lecture_id = ? ORDER BY position",
                        arguments: [lectureID]).map { row in
            LectureChapter(startMilliseconds: try row.get("start_ms"), title: try row.get("title"))
        }
    }

    /// Replaces a lecture's chapters; runs in the caller's transaction.
    static func replace(lectureID: Int64, with chapters: [LectureChapter], _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM lecture_chapters WHERE lecture_id = ?", arguments: [lectureID])
        for (position, chapter) in chapters.prefix(maxPerLecture).enumerated() {
            try db.execute(sql: "INSERT INTO lecture_chapters (lecture_id, position, start_ms, title) VALUES (?, ?, ?, ?)",
                           arguments: [lectureID, position, chapter.startMilliseconds, chapter.title])
        }
    }
}
