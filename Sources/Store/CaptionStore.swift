import Captions
import SQLite

/// A stored caption cue of a lecture.
public struct CaptionCue: Sendable, Equatable, Codable {
    /// The row id.
    public var id: Int64
    /// The lecture's row id.
    public var lectureID: Int64
    /// 0-based position within the lecture, in time order.
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

    /// The cue in the `Captions` model, for writing WebVTT or SRT and for its `timestamp`.
    public var captionCue: Cue {
        Cue(start: startMs, end: endMs, text: text, speakerChange: speakerChange)
    }

    /// The start as lecture pages show it: `37:18`, or `1:02:03` past the first hour.
    public var timestamp: String { Timestamp.clock(milliseconds: startMs) }

    /// The start in whole seconds, as used in `?t=` links and `#t…` anchors.
    public var startSecond: Int { startMs / 1000 }
}

extension CaptionCue {
    static let columns = """
        id, lecture_id, position, start_ms, end_ms, text, speaker_change, non_speech
        """

    /// Every cue of a lecture, in time order.
    public static func all(lectureID: Int64, _ db: Connection) throws -> [CaptionCue] {
        try db.fetchAll(CaptionCue.self, sql: "SELECT \(columns) FROM caption_cues WHERE lecture_id = ? ORDER BY position",
                        arguments: [lectureID])
    }

    /// The cues of a lecture whose positions lie in `positions`, in time order: the context around a hit.
    public static func range(lectureID: Int64, positions: ClosedRange<Int>, _ db: Connection) throws -> [CaptionCue] {
        try db.fetchAll(CaptionCue.self, sql: """
            SELECT \(columns) FROM caption_cues
            WHERE lecture_id = ? AND position BETWEEN ? AND ? ORDER BY position
            """, arguments: [lectureID, positions.lowerBound, positions.upperBound])
    }
}
