/// Entry point for reading captions in any of the supported formats.
public enum CaptionParser {
    /// How many leading lines are examined for a cue timing line when telling SRT from plain captions.
    private static let detectionLines = 64

    /// Guesses the format from the content; `fileExtension` (`"vtt"`, `"srt"`, `"txt"`, case-insensitive,
    /// with or without the dot) only decides when the content does not.
    public static func detectFormat(_ text: String, fileExtension: String? = nil) -> CaptionFormat {
        let hint = fileExtension.map { $0.lowercased().drop { $0 == "." } }
        let lines = SourceLines.leadingLines(of: text, count: detectionLines).filter { !$0.isEmpty }
        if let first = lines.first, WebVTTParser.isHeader(first) { return .webVTT }
        if lines.contains(where: isTimingLine) { return hint == "vtt" ? .webVTT : .srt }
        switch hint {
        case "vtt": return .webVTT
        case "srt": return .srt
        default: return .plain
        }
    }

    /// `00:00:01,000 --> …` or `00:01.000 --> …`: a cue timing line of SRT or WebVTT.
    private static func isTimingLine(_ line: Substring) -> Bool {
        let fields = Array(line.utf8).split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).prefix(3)
        return fields.count == 3 && fields[1].elementsEqual("-->".utf8)
            && Timestamp.parseCueTime(fields[0], separators: [UInt8(ascii: ","), UInt8(ascii: ".")]) != nil
    }

    /// Reads captions, detecting the format with `detectFormat(_:fileExtension:)`.
    public static func parse(_ text: String, fileExtension: String? = nil,
                             limits: CaptionLimits = .default) throws(CaptionError) -> CaptionDocument {
        try parse(text, as: detectFormat(text, fileExtension: fileExtension), limits: limits)
    }

    /// Reads UTF-8 bytes (with or without a byte order mark), detecting the format.
    public static func parse(bytes: some Collection<UInt8>, fileExtension: String? = nil,
                             limits: CaptionLimits = .default) throws(CaptionError) -> CaptionDocument {
        try parse(SourceLines.decode(bytes, maxBytes: limits.maxBytes), fileExtension: fileExtension, limits: limits)
    }

    /// Reads captions in the given format.
    public static func parse(_ text: String, as format: CaptionFormat,
                             limits: CaptionLimits = .default) throws(CaptionError) -> CaptionDocument {
        let lines = try SourceLines.split(text, limits: limits)
        switch format {
        case .plain: return try PlainCaptionParser.parse(lines, limits: limits)
        case .webVTT: return try WebVTTParser.parse(lines, limits: limits)
        case .srt: return try SRTParser.parse(lines, limits: limits)
        }
    }
}
