import Captions
import SQLite

/// A stored caption cue of a lecture.
public struct CaptionCue: Sendable, Equatable, Codable {
    /// The row id.
    public var id: Int64
    /// The lecture's row id.
    public var lectureID: Int64
    /// The language tag of the cue's track (`en`, `pt-BR`).
    public var language: String
    /// 0-based position within the lecture's track, in time order.
    public var position: Int
    /// Start in milliseconds from the beginning of the recording.
    public var startMs: Int
    /// End in milliseconds.
    public var endMs: Int
    /// The text as shown, bracketed notes included.
    public var text: String
    /// True when a new speaker starts with this cue.
    public var speakerChange: Bool
    /// True when the cue holds only bracketed notes (`[ Music ]`).
    public var nonSpeech: Bool
    /// The speaker's name (a WebVTT voice), when the source named it.
    public var speaker: String?
    /// The WebVTT cue identifier, when the source had one.
    public var identifier: String?
    /// The WebVTT cue settings, when the source had any.
    public var settings: String?

    /// The cue in the `Captions` model, for writing WebVTT or SRT and for its `timestamp`.
    public var captionCue: Cue {
        Cue(start: startMs, end: endMs, text: text, speakerChange: speakerChange, speaker: speaker,
            identifier: identifier, settings: settings)
    }

    /// The start as lecture pages show it: `37:18`, or `1:02:03` past the first hour.
    public var timestamp: String { Timestamp.clock(milliseconds: startMs) }

    /// The start in whole seconds, as used in `?t=` links and `#t…` anchors.
    public var startSecond: Int { startMs / 1000 }
}

extension CaptionCue {
    static let columns = """
        id, lecture_id AS lectureID, language, position, start_ms AS startMs, end_ms AS endMs, text,
        speaker_change AS speakerChange, non_speech AS nonSpeech, speaker, identifier, settings
        """

    /// Every cue of a lecture's track, in time order; without `language`, its main track.
    public static func all(lectureID: Int64, language: String? = nil, _ db: Connection) throws -> [CaptionCue] {
        try db.fetchAll(CaptionCue.self, sql: """
            SELECT \(columns) FROM caption_cues
            WHERE lecture_id = ?1 AND language = coalesce(?2, (SELECT caption_language FROM lectures WHERE id = ?1))
            ORDER BY position
            """, arguments: [lectureID, language])
    }

    /// The cues of a lecture's track whose positions lie in `positions`, in time order: the context around a hit.
    public static func range(lectureID: Int64, language: String, positions: ClosedRange<Int>,
                             _ db: Connection) throws -> [CaptionCue] {
        try db.fetchAll(CaptionCue.self, sql: """
            SELECT \(columns) FROM caption_cues
            WHERE lecture_id = ? AND language = ? AND position BETWEEN ? AND ? ORDER BY position
            """, arguments: [lectureID, language, positions.lowerBound, positions.upperBound])
    }

    /// One cue of a lecture's track, or nil.
    public static func find(lectureID: Int64, language: String, position: Int, _ db: Connection) throws -> CaptionCue? {
        try db.fetchOne(CaptionCue.self, sql: """
            SELECT \(columns) FROM caption_cues WHERE lecture_id = ? AND language = ? AND position = ?
            """, arguments: [lectureID, language, position])
    }
}

/// The caption tracks of a lecture, one per language.
public enum CaptionTrack {
    /// The languages a lecture has captions in, the main track first, then alphabetical.
    public static func languages(lectureID: Int64, _ db: Connection) throws -> [String] {
        let rows = try db.fetchAll(sql: """
            SELECT DISTINCT c.language FROM caption_cues c JOIN lectures l ON l.id = c.lecture_id
            WHERE c.lecture_id = ? ORDER BY c.language <> l.caption_language, c.language
            """, arguments: [lectureID])
        return try rows.map { try $0.get(0) }
    }

    /// True when `tag` is a plausible language tag: letters, digits and hyphens, 1 to 35 characters,
    /// starting with 2 or 3 letters (`en`, `de-CH`, `zh-Hant`).
    public static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard tag.count <= 35, let first = parts.first, (2...3).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Creates or replaces the track `language` of a lecture with `cues` (their stems computed here),
    /// re-indexing the lecture's words. The main track is replaced by importing the lecture instead.
    public static func store(_ cues: [Cue], language: String, lectureID: Int64, _ db: Connection) throws {
        guard isLanguageTag(language) else {
            throw ValidationError(field: "language", message: "must be a language tag such as en or pt-BR, got \(language)")
        }
        try db.execute(sql: "DELETE FROM caption_cues WHERE lecture_id = ? AND language = ?", arguments: [lectureID, language])
        let insert = try db.cachedStatement(sql: """
            INSERT INTO caption_cues (lecture_id, language, position, start_ms, end_ms, text, speaker_change, non_speech,
                                      stemmed_text, speaker, identifier, settings)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, cue) in cues.enumerated() {
            let indexed = IndexedText(cue.speechText)
            try insert.execute(arguments: [
                lectureID, language, position, cue.start, cue.end, cue.text, cue.speakerChange, cue.isNonSpeech,
                indexed.stems, cue.speaker, cue.identifier, cue.settings,
            ])
        }
        try LectureTerms.refresh(lectureID: lectureID, db)
    }

    /// Removes a track other than the main one; false when there was none.
    public static func remove(language: String, lectureID: Int64, _ db: Connection) throws -> Bool {
        try db.execute(sql: """
            DELETE FROM caption_cues WHERE lecture_id = ?1 AND language = ?2
              AND language <> (SELECT caption_language FROM lectures WHERE id = ?1)
            """, arguments: [lectureID, language])
        let removed = db.changes > 0
        if removed { try LectureTerms.refresh(lectureID: lectureID, db) }
        return removed
    }
}
