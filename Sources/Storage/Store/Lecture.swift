import Foundation
import SQLite

/// A lecture of a course: its metadata. Cues are `CaptionCue`s, transcript parts `LectureSection`s.
public struct Lecture: Sendable, Equatable, Codable {
    /// The row id.
    public var id: Int64
    /// The course's row id.
    public var courseID: Int64
    /// The number within the course (`/courses/cs193p/lectures/9`).
    public var number: Int
    /// The title.
    public var title: String
    /// The day it was given, `YYYY-MM-DD`, if known.
    public var date: String?
    /// The recording's URL, if any.
    public var videoURL: String?
    /// When the lecture's content was last imported.
    public var updatedAt: Date
    /// The language tag of its main caption track.
    public var captionLanguage: String
    /// How many caption cues its main track has.
    public var cueCount: Int
    /// How many transcript sections it has.
    public var sectionCount: Int
}

extension Lecture {
    private static let columns = """
        l.id AS id, l.course_id AS courseID, l.number AS number, l.title AS title, l.date AS date,
        l.video_url AS videoURL, l.updated_at AS updatedAt, l.caption_language AS captionLanguage,
        (SELECT count(*) FROM caption_cues c WHERE c.lecture_id = l.id AND c.language = l.caption_language) AS cueCount,
        (SELECT count(*) FROM transcript_sections s WHERE s.lecture_id = l.id) AS sectionCount
        """

    /// The lectures of a course, by number.
    public static func all(courseID: Int64, _ db: Connection) throws -> [Lecture] {
        try db.fetchAll(Lecture.self, sql: "SELECT \(columns) FROM lectures l WHERE l.course_id = ? ORDER BY l.number",
                        arguments: [courseID])
    }

    /// The lecture with this number in a course, or nil.
    public static func find(courseID: Int64, number: Int, _ db: Connection) throws -> Lecture? {
        try db.fetchOne(Lecture.self, sql: "SELECT \(columns) FROM lectures l WHERE l.course_id = ? AND l.number = ?",
                        arguments: [courseID, number])
    }

    /// Number of lectures in a course.
    public static func count(courseID: Int64, _ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM lectures WHERE course_id = ?", arguments: [courseID]) ?? 0
    }
}
