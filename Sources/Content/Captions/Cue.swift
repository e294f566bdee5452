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
    /// The WebVTT cue identifier (the line before the timing line), when the source has one.
    public let identifier: String?
    /// The WebVTT cue settings after the end time (`align:start position:10%`), when the source has any.
    public let settings: String?

    /// Creates a cue; whitespace in `text` is collapsed and bracketed notes are located.
    /// `end` is raised to `start` when it is earlier.
    public init(start: Int, end: Int, text: String, speakerChange: Bool = false, speaker: String? = nil,
                identifier: String? = nil, settings: String? = nil) {
        self.start = start
        self.end = max(start, end)
        let normalized = CueText.collapsingWhitespace(text)
        self.text = normalized
        self.speakerChange = speakerChange
        self.speaker = speaker
        self.nonSpeechRanges = CueText.bracketedNotes(in: normalized)
        self.identifier = identifier.flatMap { $0.isEmpty ? nil : $0 }
        self.settings = settings.flatMap { $0.isEmpty ? nil : $0 }
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

/// A line of the input that was not part of any cue (page chrome, titles, stray blocks, malformed cues).
public struct SkippedLine: Sendable, Equatable {
    /// 1-based line number in the input.
    public let line: Int
    /// The line's text.
    public let text: String
    /// Why it was skipped, in plain words; nil for lines outside any cue (before the first cue,
    /// or after a blank line in plain captions).
    public let reason: String?

    /// Creates a skipped-line record.
    public init(line: Int, text: String, reason: String? = nil) {
        self.line = line
        self.text = text
        self.reason = reason
    }
}

/// An untimed line of plain captions that was joined to the cue before it.
public struct JoinedLine: Sendable, Equatable {
    /// 1-based line number in the input.
    public let line: Int
    /// The line's text.
    public let text: String
    /// The start of the cue it was joined to, in milliseconds.
    public let cueStart: Int

    /// Creates a joined-line record.
    public init(line: Int, text: String, cueStart: Int) {
        self.line = line
        self.text = text
        self.cueStart = cueStart
    }
}

/// How the bytes of a caption file were turned into text.
public enum CaptionEncoding: String, Sendable, Equatable {
    /// UTF-8, with or without a byte order mark (the expected case).
    case utf8 = "UTF-8"
    /// UTF-16 with a little-endian byte order mark.
    case utf16LittleEndian = "UTF-16LE"
    /// UTF-16 with a big-endian byte order mark.
    case utf16BigEndian = "UTF-16BE"
    /// Not valid UTF-8, read as Windows-1252 (what older subtitle editors write).
    case windows1252 = "Windows-1252"
    /// A WebVTT file that is not valid UTF-8: invalid bytes became U+FFFD, as the WebVTT spec decodes.
    case utf8WithReplacements = "UTF-8 with invalid bytes replaced"
}

/// A parsed caption file.
public struct CaptionDocument: Sendable, Equatable {
    /// The cues in time order (stable for equal start times).
    public let cues: [Cue]
    /// Lines that were ignored, with their line numbers.
    public let skippedLines: [SkippedLine]
    /// The format the input was read as.
    public let format: CaptionFormat
    /// Untimed lines joined to the cue before them (plain captions).
    public let joinedLines: [JoinedLine]
    /// How the bytes were decoded (`.utf8` when the input was text).
    public var encoding: CaptionEncoding

    /// Creates a document.
    public init(cues: [Cue], skippedLines: [SkippedLine] = [], format: CaptionFormat, joinedLines: [JoinedLine] = [],
                encoding: CaptionEncoding = .utf8) {
        self.cues = cues
        self.skippedLines = skippedLines
        self.format = format
        self.joinedLines = joinedLines
        self.encoding = encoding
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
