/// One caption cue: a piece of text shown from `start` to `end`.
public struct Cue: Sendable, Equatable {
    /// Start time in milliseconds from the beginning of the recording.
    public let start: Int
    /// End time in milliseconds; never before `start`.
    public let end: Int
    /// The cue's text on one line, whitespace collapsed, markup and speaker markers removed.
    public let text: String
    /// True when a new speaker starts with this cue (`>>` in plain captions, SRT and WebVTT,
    /// or a WebVTT voice different from the previous cue's).
    public let speakerChange: Bool
    /// The speaker's name when the source names it (WebVTT `<v Name>`).
    public let speaker: String?
    /// Bracketed notes such as `[ Music ]` or `[laughter]`, as UTF-8 byte offsets into `text`.
    public let nonSpeechRanges: [Range<Int>]

    /// Creates a cue; whitespace in `text` is collapsed and bracketed notes are located.
    /// `end` is raised to `start` when it is earlier.
    public init(start: Int, end: Int, text: String, speakerChange: Bool = false, speaker: String? = nil) {
        self.start = start
        self.end = max(start, end)
        let normalized = CueText.collapsingWhitespace(text)
        self.text = normalized
        self.speakerChange = speakerChange
        self.speaker = speaker
        self.nonSpeechRanges = CueText.bracketedNotes(in: normalized)
    }

    /// The text without its bracketed notes: what was actually said (for search).
    public var speechText: String {
        CueText.removing(nonSpeechRanges, from: text)
    }

    /// True when the cue holds only bracketed notes (or nothing).
    public var isNonSpeech: Bool {
        speechText.isEmpty
    }
}

/// The three caption formats Lectern reads.
public enum CaptionFormat: String, Sendable, Equatable, CaseIterable {
    /// Lines such as `12:41 which draws the path`, as copied from lecture caption dumps.
    case plain
    /// W3C WebVTT.
    case webVTT
    /// SubRip.
    case srt
}

/// A line of the input that was not part of any cue (page chrome, titles, stray blocks).
public struct SkippedLine: Sendable, Equatable {
    /// 1-based line number in the input.
    public let line: Int
    /// The line's text.
    public let text: String

    /// Creates a skipped-line record.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }
}

/// A parsed caption file.
public struct CaptionDocument: Sendable, Equatable {
    /// The cues in time order (stable for equal start times).
    public let cues: [Cue]
    /// Lines that were ignored, with their line numbers.
    public let skippedLines: [SkippedLine]
    /// The format the input was read as.
    public let format: CaptionFormat

    /// Creates a document.
    public init(cues: [Cue], skippedLines: [SkippedLine] = [], format: CaptionFormat) {
        self.cues = cues
        self.skippedLines = skippedLines
        self.format = format
    }
}

/// A caption or transcript input that cannot be read, naming the 1-based line.
public struct CaptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number where the problem is.
    public let line: Int
    /// What is wrong, in plain words.
    public let message: String

    /// Creates an error.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 12: expected a cue timing line`.
    public var description: String { "line \(line): \(message)" }
}

/// Size limits applied while reading captions and transcripts.
public struct CaptionLimits: Sendable, Equatable {
    /// Largest accepted input in bytes.
    public var maxBytes: Int
    /// Longest accepted line in bytes.
    public var maxLineBytes: Int
    /// Most cues in one file.
    public var maxCues: Int
    /// Duration given to the last cue of a plain caption file, in milliseconds.
    public var lastCueDuration: Int

    /// Creates limits.
    public init(maxBytes: Int = 8 << 20, maxLineBytes: Int = 64 << 10, maxCues: Int = 200_000,
                lastCueDuration: Int = 5_000) {
        self.maxBytes = maxBytes
        self.maxLineBytes = maxLineBytes
        self.maxCues = maxCues
        self.lastCueDuration = lastCueDuration
    }

    /// 8 MiB, 64 KiB lines, 200,000 cues, 5 s for a final plain cue.
    public static let `default` = CaptionLimits()
}
