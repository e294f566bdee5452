import Captions
import Foundation
import SQLite

/// Everything a lecture consists of, read and parsed, ready to be stored.
public struct LectureContent: Sendable {
    /// The number within the course, from 1 (lectures are counted as people count them).
    public var number: Int
    /// The title.
    public var title: String
    /// The day it was given, `YYYY-MM-DD`.
    public var date: String?
    /// The recording's URL (`http` or `https`).
    public var videoURL: String?
    /// The caption cues, in time order; empty when the lecture has no captions.
    public var cues: [Cue]
    /// The transcript; nil when the lecture has none.
    public var transcript: Transcript?
    /// The language tag of the captions (the lecture's main caption track).
    public var captionLanguage: String
    /// Chapters from a WebVTT chapters file; empty when the lecture has none.
    public var chapters: [LectureChapter] = []

    /// The longest title accepted.
    public static let maxTitleLength = 200

    /// Creates lecture content.
    public init(number: Int, title: String, date: String? = nil, videoURL: String? = nil,
                cues: [Cue] = [], transcript: Transcript? = nil, captionLanguage: String = "en") {
        self.number = number
        self.title = title
        self.date = date
        self.videoURL = videoURL
        self.cues = cues
        self.transcript = transcript
        self.captionLanguage = captionLanguage
    }

    /// Throws when a field is unacceptable, naming it.
    public func validate() throws(ValidationError) {
        guard number >= 1, number <= 100_000 else {
            throw ValidationError(field: "number", message: "must be a whole number from 1 to 100000")
        }
        guard !title.isEmpty, title.count <= Self.maxTitleLength else {
            throw ValidationError(field: "title", message: "must be 1 to \(Self.maxTitleLength) characters")
        }
        if let date, !Self.isCalendarDate(date) {
            throw ValidationError(field: "date", message: "must be a date written YYYY-MM-DD, got \(date)")
        }
        guard CaptionTrack.isLanguageTag(captionLanguage) else {
            throw ValidationError(field: "language", message: "must be a language tag such as en or pt-BR, got \(captionLanguage)")
        }
        if let videoURL, !Self.isWebURL(videoURL) {
            throw ValidationError(field: "video", message: "must be an http or https URL, got \(videoURL)")
        }
    }

    private static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    private static func isWebURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return text.count <= 2_000 && (lowered.hasPrefix("https://") || lowered.hasPrefix("http://"))
            && !text.contains(where: { $0.isWhitespace })
    }
}

/// A lecture with the stemmed text its search index needs computed: the CPU-heavy half of an import,
/// which can run on any thread (for example while the previous lecture is being stored).
public struct PreparedLecture: Sendable {
    /// The content.
    public let content: LectureContent
    /// The stems of each cue's speech (bracketed notes left out), as `Stemmer.stemmedText` writes them.
    let cueStems: [String]
    /// Whether each cue holds only bracketed notes (`Cue.isNonSpeech`).
    let cueNonSpeech: [Bool]
    /// The stems of each section's heading and text.
    let sectionStems: [String]
    /// The distinct words of the lecture's speech and transcript, sorted, separated by spaces.
    let terms: String

    /// Validates the content and computes the stems.
    public init(_ content: LectureContent) throws(ValidationError) {
        try content.validate()
        self.content = content
        var words: Set<String> = []
        var nonSpeech: [Bool] = []
        nonSpeech.reserveCapacity(content.cues.count)
        cueStems = content.cues.map { cue in
            let speech = cue.speechText
            nonSpeech.append(speech.isEmpty)
            let indexed = IndexedText(speech)
            words.formUnion(indexed.words)
            return indexed.stems
        }
        cueNonSpeech = nonSpeech
        sectionStems = (content.transcript?.sections ?? []).map { section in
            let indexed = IndexedText(section.title + "\n" + section.plainText)
            words.formUnion(indexed.words)
            return indexed.stems
        }
        terms = words.sorted().joined(separator: " ")
    }
}

/// What an import did.
public struct LectureImportResult: Sendable, Equatable {
    /// The lecture as stored.
    public let lecture: Lecture
    /// True when a lecture with that number existed and its content was replaced.
    public let replaced: Bool
}

/// Stores lectures: metadata, cues and transcript sections, indexed for search.
public enum LectureImport {
    /// Creates or replaces a lecture of the course `courseSlug` in one transaction: afterwards the lecture
    /// holds exactly `content` (cues and sections not in it are gone), so importing twice changes nothing.
    /// A course that does not exist yet is created with `courseTitle`, else its slug, as the title.
    @discardableResult
    public static func importLecture(_ content: LectureContent, courseSlug: String, courseTitle: String? = nil,
                                     at date: Date = Date(), _ db: Connection) throws -> LectureImportResult {
        try importLecture(try PreparedLecture(content), courseSlug: courseSlug, courseTitle: courseTitle, at: date, db)
    }

    /// Stores a prepared lecture: the same as `importLecture(_:courseSlug:at:_:)` without the stemming.
    @discardableResult
    public static func importLecture(_ lecture: PreparedLecture, courseSlug: String, courseTitle: String? = nil,
                                     at date: Date = Date(), _ db: Connection) throws -> LectureImportResult {
        try db.transaction { db in
            let course = try Course.find(slug: courseSlug, db)
                ?? Course.insert(NewCourse(slug: courseSlug, title: courseTitle ?? courseSlug), at: date, db)
            return try store(lecture, courseID: course.id, at: date, db)
        }
    }

    /// Creates or replaces a lecture of an existing course; runs in the caller's transaction.
    static func store(_ lecture: PreparedLecture, courseID: Int64, at date: Date, _ db: Connection) throws -> LectureImportResult {
        let content = lecture.content
        let existing = try db.fetchValue(Int64.self, sql: "SELECT id FROM lectures WHERE course_id = ? AND number = ?",
                                         arguments: [courseID, content.number])
        let lectureID: Int64
        if let existing {
            lectureID = existing
            // The main track is replaced; other languages' tracks stay (unless the new main track is one).
            try db.execute(sql: """
                DELETE FROM caption_cues WHERE lecture_id = ?1
                  AND language IN ((SELECT caption_language FROM lectures WHERE id = ?1), ?2)
                """, arguments: [lectureID, content.captionLanguage])
            try db.execute(sql: "DELETE FROM transcript_sections WHERE lecture_id = ?", arguments: [lectureID])
            try db.execute(sql: "DELETE FROM lecture_terms WHERE lecture_id = ?", arguments: [lectureID])
            try db.execute(sql: """
                UPDATE lectures SET title = ?, date = ?, video_url = ?, updated_at = ?, caption_language = ? WHERE id = ?
                """, arguments: [content.title, content.date, content.videoURL, date, content.captionLanguage, lectureID])
        } else {
            try db.execute(sql: """
                INSERT INTO lectures (course_id, number, title, date, video_url, updated_at, caption_language)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [courseID, content.number, content.title, content.date, content.videoURL, date,
                                 content.captionLanguage])
            lectureID = db.lastInsertedRowID
        }
        try insertCues(lecture, lectureID: lectureID, db)
        try insertSections(content.transcript?.sections ?? [], stems: lecture.sectionStems, lectureID: lectureID, db)
        try LectureChapter.replace(lectureID: lectureID, with: content.chapters, db)
        try db.execute(sql: "INSERT INTO lecture_terms (lecture_id, terms) VALUES (?, ?)", arguments: [lectureID, lecture.terms])
        if existing != nil, try db.fetchValue(Int.self, sql: "SELECT count(*) FROM caption_cues WHERE lecture_id = ? AND language <> ?",
                                              arguments: [lectureID, content.captionLanguage]) ?? 0 > 0 {
            try LectureTerms.refresh(lectureID: lectureID, db)
        }
        guard let lecture = try Lecture.find(courseID: courseID, number: content.number, db) else {
            throw ValidationError(field: "number", message: "lecture \(content.number) vanished while it was stored")
        }
        return LectureImportResult(lecture: lecture, replaced: existing != nil)
    }

    /// Cue rows per INSERT statement into the staging table: fewer statement executions for the same rows.
    private static let cueBatchSize = 256

    /// Inserts the cues through a per-connection staging table: FTS5 writes its pending index data out as
    /// a new segment at the end of every statement that changed it, so the batches go into the staging
    /// table (no trigger, no index) and one `INSERT … SELECT` moves the lecture into `caption_cues`,
    /// whose trigger then indexes it as a single segment instead of one small segment per batch.
    private static func insertCues(_ lecture: PreparedLecture, lectureID: Int64, _ db: Connection) throws {
        let cues = lecture.content.cues
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS caption_cue_staging (
                position INTEGER PRIMARY KEY, start_ms INTEGER, end_ms INTEGER, text TEXT,
                speaker_change INTEGER, non_speech INTEGER, stemmed_text TEXT, speaker TEXT, identifier TEXT, settings TEXT
            )
            """)
        let rowSQL = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let prefix = """
            INSERT INTO temp.caption_cue_staging (position, start_ms, end_ms, text, speaker_change, non_speech, stemmed_text,
                                                  speaker, identifier, settings)
            VALUES
            """
        var position = 0
        while position < cues.count {
            let end = min(position + cueBatchSize, cues.count)
            let insert = try db.cachedStatement(sql: prefix + Array(repeating: rowSQL, count: end - position).joined(separator: ", "))
            var values: [DatabaseValue] = []
            values.reserveCapacity((end - position) * 10)
            for index in position..<end {
                let cue = cues[index]
                values.append(.integer(Int64(index)))
                values.append(.integer(Int64(cue.start)))
                values.append(.integer(Int64(cue.end)))
                values.append(.text(cue.text))
                values.append(.integer(cue.speakerChange ? 1 : 0))
                values.append(.integer(lecture.cueNonSpeech[index] ? 1 : 0))
                values.append(.text(lecture.cueStems[index]))
                values.append(cue.speaker.map(DatabaseValue.text) ?? .null)
                values.append(cue.identifier.map(DatabaseValue.text) ?? .null)
                values.append(cue.settings.map(DatabaseValue.text) ?? .null)
            }
            try insert.execute(arguments: StatementArguments(positional: values))
            position = end
        }
        try db.execute(sql: """
            INSERT INTO caption_cues (lecture_id, language, position, start_ms, end_ms, text, speaker_change, non_speech,
                                      stemmed_text, speaker, identifier, settings)
            SELECT ?, ?, position, start_ms, end_ms, text, speaker_change, non_speech, stemmed_text, speaker, identifier, settings
            FROM temp.caption_cue_staging ORDER BY position
            """, arguments: [lectureID, lecture.content.captionLanguage])
        try db.execute(sql: "DELETE FROM temp.caption_cue_staging")
    }

    private static func insertSections(_ sections: [TranscriptSection], stems: [String], lectureID: Int64,
                                       _ db: Connection) throws {
        let insert = try db.cachedStatement(sql: """
            INSERT INTO transcript_sections (lecture_id, position, anchor, title, level, body_markdown, plain_text, stemmed_text)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, (section, stem)) in zip(sections, stems).enumerated() {
            try insert.execute(arguments: [
                lectureID, position, section.id, section.title, section.level, section.markdown, section.plainText, stem,
            ])
        }
    }
}
