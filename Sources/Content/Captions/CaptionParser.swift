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

    /// `00:00:01,000 --> …` or `00:01.000-->…`: a cue timing line of SRT or WebVTT.
    private static func isTimingLine(_ line: Substring) -> Bool {
        guard CueBlocks.containsArrow(line.utf8) else { return false }
        if case .success = CueTiming.parse(line, separators: [UInt8(ascii: ","), UInt8(ascii: ".")]) { return true }
        return false
    }

    /// Reads captions, detecting the format with `detectFormat(_:fileExtension:)`.
    public static func parse(_ text: String, fileExtension: String? = nil,
                             limits: CaptionLimits = .default) throws(CaptionError) -> CaptionDocument {
        try parse(text, as: detectFormat(text, fileExtension: fileExtension), limits: limits)
    }

    /// Reads a file's bytes, detecting the encoding (UTF-8, UTF-16 with a byte order mark, or
    /// Windows-1252 when the bytes are not UTF-8; see `CaptionDocument.encoding`) and the format.
    public static func parse(bytes: some Collection<UInt8>, fileExtension: String? = nil,
                             limits: CaptionLimits = .default) throws(CaptionError) -> CaptionDocument {
        let decoded = try TextDecoding.decode(Array(bytes), maxBytes: limits.maxBytes)
        var document = try parse(decoded.text, fileExtension: fileExtension, limits: limits)
        document.encoding = decoded.encoding
        return document
    }

    /// Decodes a caption file's bytes as `parse(bytes:)` does, without parsing: the text and how it was decoded.
    public static func decode(bytes: some Collection<UInt8>,
                              limits: CaptionLimits = .default) throws(CaptionError) -> (text: String, encoding: CaptionEncoding) {
        try TextDecoding.decode(Array(bytes), maxBytes: limits.maxBytes)
    }

    /// Reads captions in the given format. NUL characters read as U+FFFD, as in WebVTT.
    public static func parse(_ text: String, as format: CaptionFormat,
                             limits: CaptionLimits = .default) throws(CaptionError) -> CaptionDocument {
        let text = text.utf8.contains(0) ? String(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : Character($0) }) : text
        let lines = try SourceLines.split(text, limits: limits)
        switch format {
        case .plain: return try PlainCaptionParser.parse(lines, limits: limits)
        case .webVTT: return try WebVTTParser.parse(lines, limits: limits)
        case .srt: return try SRTParser.parse(lines, limits: limits)
        }
    }
}
