/// Text helpers shared by the caption parsers and `Cue`.
enum CueText {
    /// Collapses runs of whitespace (including line breaks) into single spaces and trims both ends.
    static func collapsingWhitespace(_ text: some StringProtocol) -> String {
        if isCollapsed(text.utf8) { return String(text) }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// True when the text is ASCII-whitespace clean: no leading, trailing or doubled spaces,
    /// no other ASCII whitespace and no non-ASCII bytes that could be whitespace.
    private static func isCollapsed(_ utf8: some Collection<UInt8>) -> Bool {
        var previousWasSpace = true
        for byte in utf8 {
            switch byte {
            case 0x20:
                if previousWasSpace { return false }
                previousWasSpace = true
            case 0x09...0x0D, 0xC2, 0xE1, 0xE2, 0xE3:
                return false
            default:
                previousWasSpace = false
            }
        }
        return !previousWasSpace || utf8.isEmpty
    }

    /// UTF-8 ranges of bracketed notes (`[ Music ]`, `[laughter]`): a `[` up to the next `]`
    /// with no other `[` between them.
    static func bracketedNotes(in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: Int?
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "[") {
                open = offset
            } else if byte == UInt8(ascii: "]"), let start = open {
                ranges.append(start..<(offset + 1))
                open = nil
            }
        }
        return ranges
    }

    /// `text` without the given UTF-8 ranges, whitespace collapsed again.
    static func removing(_ ranges: [Range<Int>], from text: String) -> String {
        guard !ranges.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var position = 0
        for range in ranges {
            kept.append(contentsOf: bytes[position..<range.lowerBound])
            kept.append(0x20)
            position = range.upperBound
        }
        kept.append(contentsOf: bytes[position...])
        return collapsingWhitespace(String(decoding: kept, as: UTF8.self))
    }

    /// Splits a leading `>>` speaker-change marker off `text`.
    static func speakerMarker(_ text: Substring) -> (speakerChange: Bool, rest: Substring) {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(">>") {
            return (true, trimmed.dropFirst(2))
        }
        return (false, text)
    }
}
