/// Reads SubRip: numbered blocks of a timing line (`00:01:02,500 --> 00:01:04,000`) and text lines.
/// The number may be missing; a dot is accepted for the comma; formatting tags (`<i>`, `<s>`,
/// `<font color=…>`) and `{\an8}`-style override codes are removed; cues are put in time order (stably).
/// A cue number line followed by a valid timing line inside a cue's text starts the next cue, so files
/// written without blank lines between cues read right (a timing-like line alone stays text: a cue's
/// text may say anything, and the writer puts it on one line).
enum SRTParser {
    static func parse(_ lines: [SourceLine], limits: CaptionLimits) throws(CaptionError) -> CaptionDocument {
        var cues: [Cue] = []
        for block in CueBlocks.split(lines).flatMap(splitAtTimingLines) {
            guard let first = block.first else { continue }
            let timingIndex: Int
            if CueBlocks.isTimingLine(first) {
                timingIndex = 0
            } else if first.text.allSatisfy({ $0.isASCII && $0.isNumber || $0 == " " || $0 == "\t" }) {
                guard block.count > 1 else {
                    throw CaptionError(line: first.number, message: "cue number without a timing line after it")
                }
                timingIndex = 1
            } else {
                throw CaptionError(line: first.number, message: "expected a cue number or a timing line")
            }
            guard cues.count < limits.maxCues else {
                throw CaptionError(line: first.number, message: "more than \(limits.maxCues) cues")
            }
            let timing = try CueBlocks.timing(block[timingIndex], separators: [UInt8(ascii: ","), UInt8(ascii: ".")])
            let payload = block[(timingIndex + 1)...].map { String($0.text) }.joined(separator: "\n")
            let stripped = CueMarkup.stripTags(payload, knownTagsOnly: true)
            let marker = CueText.speakerMarker(Substring(stripped.text))
            cues.append(Cue(start: timing.start, end: timing.end, text: String(marker.rest),
                            speakerChange: marker.speakerChange))
        }
        let ordered = cues.enumerated().sorted { lhs, rhs in
            lhs.element.start != rhs.element.start ? lhs.element.start < rhs.element.start : lhs.offset < rhs.offset
        }.map(\.element)
        return CaptionDocument(cues: ordered, format: .srt)
    }

    /// A block cut before each number line that is followed by a valid timing line, after its first cue's
    /// timing line.
    static func splitAtTimingLines(_ block: [SourceLine]) -> [[SourceLine]] {
        guard let firstTiming = block.prefix(2).firstIndex(where: CueBlocks.isTimingLine) else { return [block] }
        var pieces: [[SourceLine]] = []
        var start = block.startIndex
        var index = firstTiming + 1
        while index < block.count {
            if CueBlocks.containsArrow(block[index].text.utf8), index - 1 > start + 1, isNumberLine(block[index - 1]),
               isValidTiming(block[index]) {
                pieces.append(Array(block[start..<(index - 1)]))
                start = index - 1
            }
            index += 1
        }
        pieces.append(Array(block[start...]))
        return pieces
    }

    private static func isValidTiming(_ line: SourceLine) -> Bool {
        if case .success = CueTiming.parse(line.text, separators: [UInt8(ascii: ","), UInt8(ascii: ".")]) { return true }
        return false
    }

    private static func isNumberLine(_ line: SourceLine) -> Bool {
        !line.text.isEmpty && line.text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
