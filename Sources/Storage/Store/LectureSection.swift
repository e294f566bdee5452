import Captions
import SQLite

/// A stored part of a lecture's transcript: the Markdown under one heading.
public struct LectureSection: Sendable, Equatable, Codable {
    /// The row id.
    public var id: Int64
    /// The lecture's row id.
    public var lectureID: Int64
    /// 0-based position within the transcript.
    public var position: Int
    /// The URL fragment and HTML id (`magic-numbers`), unique within the lecture.
    public var anchor: String
    /// The heading's text; empty for the text before the first heading.
    public var title: String
    /// The heading level 1...6, or 0 for the text before the first heading.
    public var level: Int
    /// The Markdown under the heading, heading excluded.
    public var bodyMarkdown: String
    /// The body's plain text.
    public var plainText: String

    /// The body parsed again into blocks for rendering.
    public func blocks() throws(CaptionError) -> [MarkdownBlock] {
        try MarkdownParser.parse(bodyMarkdown)
    }
}

extension LectureSection {
    static let columns = "id, lecture_id, position, anchor, title, level, body_markdown, plain_text"

    /// Every section of a lecture's transcript, in order.
    public static func all(lectureID: Int64, _ db: Connection) throws -> [LectureSection] {
        try db.fetchAll(LectureSection.self, sql: """
            SELECT \(columns) FROM transcript_sections WHERE lecture_id = ? ORDER BY position
            """, arguments: [lectureID])
    }
}
