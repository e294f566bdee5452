import Captions
import Foundation
import SQLite

/// Corrections of stored captions: one cue's text and times, or a find-and-replace over a lecture or
/// a course. Each change updates the cue's search index entry (by the table's triggers) and the
/// lecture's words for "did you mean" in the same transaction, so search sees it at once.
public enum CaptionEdit {
    /// Longest cue text accepted, in characters.
    public static let maxTextLength = 2_000

    /// Corrects cue `position` of a lecture's track: any of the text, the start and the end (ms).
    /// The cue stays in time order: its start may not move before the previous cue's or after the next one's.
    /// - Returns: the cue before and after the change; nil when there is no such cue.
    public static func correct(lectureID: Int64, language: String, position: Int, text: String?, startMs: Int?,
                               endMs: Int?, at date: Date = Date(),
                               _ db: Connection) throws -> (before: CaptionCue, after: CaptionCue)? {
        guard let before = try CaptionCue.find(lectureID: lectureID, language: language, position: position, db) else {
            return nil
        }
        let start = startMs ?? before.startMs
        let end = endMs ?? (startMs.map { max($0, before.endMs) } ?? before.endMs)
        guard start >= 0, start <= 360_000_000 else {
            throw ValidationError(field: "start", message: "must be a time from 0 to 100 hours, in seconds")
        }
        guard end >= start, end <= 360_000_000 else {
            throw ValidationError(field: "end", message: "must not be before the start")
        }
        let neighbours = try CaptionCue.range(lectureID: lectureID, language: language,
                                              positions: max(0, position - 1)...(position + 1), db)
        if let previous = neighbours.first(where: { $0.position == position - 1 }), start < previous.startMs {
            throw ValidationError(field: "start", message: "must not be before the previous cue's start (\(previous.timestamp))")
        }
        if let next = neighbours.first(where: { $0.position == position + 1 }), start > next.startMs {
            throw ValidationError(field: "start", message: "must not be after the next cue's start (\(next.timestamp))")
        }
        let cue = Cue(start: start, end: end, text: text ?? before.text)
        guard !cue.text.isEmpty, cue.text.count <= maxTextLength else {
            throw ValidationError(field: "text", message: "must be 1 to \(maxTextLength) characters")
        }
        try update(before, text: cue.text, startMs: start, endMs: end, db)
        try LectureTerms.refresh(lectureID: lectureID, db)
        try touch(lectureID: lectureID, at: date, db)
        guard let after = try CaptionCue.find(lectureID: lectureID, language: language, position: position, db) else {
            return nil
        }
        return (before, after)
    }

    /// Writes a cue's new text and times with its stems and non-speech flag.
    private static func update(_ cue: CaptionCue, text: String, startMs: Int, endMs: Int, _ db: Connection) throws {
        let model = Cue(start: startMs, end: endMs, text: text)
        try db.execute(sql: """
            UPDATE caption_cues SET text = ?, stemmed_text = ?, non_speech = ?, start_ms = ?, end_ms = ? WHERE id = ?
            """, arguments: [model.text, IndexedText(model.speechText).stems, model.isNonSpeech ? 1 : 0, startMs, endMs, cue.id])
    }

    private static func touch(lectureID: Int64, at date: Date, _ db: Connection) throws {
        try db.execute(sql: "UPDATE lectures SET updated_at = ? WHERE id = ?", arguments: [date, lectureID])
    }

    // MARK: Find and replace

    /// One change of a find-and-replace.
    public struct Replacement: Sendable, Equatable {
        public var lectureID: Int64
        public var lectureNumber: Int
        public var lectureTitle: String
        public var cue: CaptionCue
        /// The cue's text before and after.
        public var before: String
        public var after: String
        /// How many times the text was found in the cue.
        public var count: Int
    }

    /// What to find and what to put instead.
    public struct ReplaceRequest: Sendable, Equatable {
        public var find: String
        public var replacement: String
        /// Only this lecture of the course (nil: the whole course).
        public var lectureNumber: Int?
        /// Only this track language (nil: every track).
        public var language: String?
        /// Letter case must match too (otherwise `cassawary` also finds `Cassawary`).
        public var matchCase: Bool
        /// Only whole words (`cat` does not change `category`).
        public var wholeWords: Bool

        public init(find: String, replacement: String, lectureNumber: Int? = nil, language: String? = nil,
                    matchCase: Bool = false, wholeWords: Bool = true) {
            self.find = find
            self.replacement = replacement
            self.lectureNumber = lectureNumber
            self.language = language
            self.matchCase = matchCase
            self.wholeWords = wholeWords
        }

        /// Longest search or replacement text, in characters.
        public static let maxLength = 200

        func validate() throws(ValidationError) {
            guard !find.isEmpty, find.count <= Self.maxLength, !find.contains(where: \.isNewline) else {
                throw ValidationError(field: "find", message: "must be 1 to \(Self.maxLength) characters on one line")
            }
            guard replacement.count <= Self.maxLength, !replacement.contains(where: \.isNewline) else {
                throw ValidationError(field: "replace", message: "must be at most \(Self.maxLength) characters on one line")
            }
        }
    }

    /// Most cues one find-and-replace may change.
    public static let maxReplacements = 2_000

    /// Every change `request` would make in the course, in lecture and time order, changing nothing.
    public static func previewReplace(_ request: ReplaceRequest, courseID: Int64,
                                      _ db: Connection) throws -> [Replacement] {
        try request.validate()
        let pattern = "%" + request.find.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let rows = try db.fetchAll(sql: """
            SELECT l.id, l.number, l.title, c.id, c.lecture_id, c.language, c.position, c.start_ms, c.end_ms, c.text,
                   c.speaker_change, c.non_speech, c.speaker, c.identifier, c.settings
            FROM caption_cues c JOIN lectures l ON l.id = c.lecture_id
            WHERE l.course_id = ?1 AND (?2 IS NULL OR l.number = ?2) AND (?3 IS NULL OR c.language = ?3)
              AND c.text LIKE ?4 ESCAPE '\\'
            ORDER BY l.number, c.language <> l.caption_language, c.language, c.position
            """, arguments: [courseID, request.lectureNumber, request.language, pattern])
        var changes: [Replacement] = []
        for row in rows {
            let cue = CaptionCue(id: try row.get(3), lectureID: try row.get(4), language: try row.get(5),
                                 position: try row.get(6), startMs: try row.get(7), endMs: try row.get(8),
                                 text: try row.get(9), speakerChange: try row.get(10), nonSpeech: try row.get(11),
                                 speaker: try row.get(12), identifier: try row.get(13), settings: try row.get(14))
            let (after, count) = replacing(request, in: cue.text)
            guard count > 0, after != cue.text else { continue }
            guard changes.count < maxReplacements else {
                throw ValidationError(field: "find", message: "would change more than \(maxReplacements) cues; limit it to a lecture")
            }
            changes.append(Replacement(lectureID: try row.get(0), lectureNumber: try row.get(1), lectureTitle: try row.get(2),
                                       cue: cue, before: cue.text, after: Cue(start: 0, end: 0, text: after).text, count: count))
        }
        return changes.filter { !$0.after.isEmpty }
    }

    /// Makes the changes `previewReplace` lists, in one transaction of the caller's, and returns them.
    public static func replace(_ request: ReplaceRequest, courseID: Int64, at date: Date = Date(),
                               _ db: Connection) throws -> [Replacement] {
        let changes = try previewReplace(request, courseID: courseID, db)
        for change in changes {
            try update(change.cue, text: change.after, startMs: change.cue.startMs, endMs: change.cue.endMs, db)
        }
        var lectures: [Int64] = []
        for change in changes where lectures.last != change.lectureID { lectures.append(change.lectureID) }
        for lectureID in lectures {
            try LectureTerms.refresh(lectureID: lectureID, db)
            try touch(lectureID: lectureID, at: date, db)
        }
        return changes
    }

    /// `text` with every (whole-word, unless not asked) occurrence of `request.find` replaced, and the count.
    static func replacing(_ request: ReplaceRequest, in text: String) -> (String, Int) {
        var output = ""
        var count = 0
        var position = text.startIndex
        let options: String.CompareOptions = request.matchCase ? [] : [.caseInsensitive]
        while position < text.endIndex,
              let found = text.range(of: request.find, options: options, range: position..<text.endIndex) {
            let isWhole = !request.wholeWords
                || ((found.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: found.lowerBound)]))
                    && (found.upperBound == text.endIndex || !isWordCharacter(text[found.upperBound])))
            if isWhole {
                output += text[position..<found.lowerBound]
                output += request.replacement
                count += 1
                position = found.upperBound
            } else {
                let next = text.index(after: found.lowerBound)
                output += text[position..<next]
                position = next
            }
        }
        output += text[position...]
        return (output, count)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
