/// Reads WebVTT: the `WEBVTT` header, cues with optional identifiers and settings,
/// `NOTE`, `STYLE` and `REGION` blocks, character references and voice tags.
enum WebVTTParser {
    static func parse(_ lines: [SourceLine], limits: CaptionLimits) throws(CaptionError) -> CaptionDocument {
        guard let header = lines.first, isHeader(header.text) else {
            throw CaptionError(line: 1, message: "a WebVTT file must start with \"WEBVTT\"")
        }
        var blocks = CueBlocks.split(lines)
        let headerBlock = blocks.removeFirst()
        if let timing = headerBlock.firstIndex(where: CueBlocks.isTimingLine) {
            // A first cue written without the blank line after the header.
            blocks.insert(Array(headerBlock[timing...]), at: 0)
        }
        var cues: [Cue] = []
        var skipped: [SkippedLine] = []
        var previousVoice: String?
        for block in blocks {
            guard let first = block.first else { continue }
            if startsWithKeyword(first.text, "NOTE") || startsWithKeyword(first.text, "STYLE")
                || startsWithKeyword(first.text, "REGION") {
                continue
            }
            guard let timingIndex = block.prefix(2).firstIndex(where: CueBlocks.isTimingLine) else {
                skipped += block.map { SkippedLine(line: $0.number, text: String($0.text)) }
                continue
            }
            guard cues.count < limits.maxCues else {
                throw CaptionError(line: first.number, message: "more than \(limits.maxCues) cues")
            }
            let timing = try CueBlocks.timing(block[timingIndex], separators: [UInt8(ascii: ".")])
            let payload = block[(timingIndex + 1)...].map { String($0.text) }.joined(separator: "\n")
            let stripped = CueMarkup.stripTags(payload, knownTagsOnly: false)
            let marker = CueText.speakerMarker(Substring(stripped.text))
            let voiceChanged = stripped.voice != nil && stripped.voice != previousVoice
            if let voice = stripped.voice { previousVoice = voice }
            cues.append(Cue(start: timing.start, end: timing.end, text: CueMarkup.decodeEntities(marker.rest),
                            speakerChange: marker.speakerChange || voiceChanged, speaker: stripped.voice))
        }
        return CaptionDocument(cues: cues, skippedLines: skipped, format: .webVTT)
    }

    /// `WEBVTT` alone or followed by a space or tab and free text.
    static func isHeader(_ line: Substring) -> Bool {
        startsWithKeyword(line, "WEBVTT")
    }

    private static func startsWithKeyword(_ line: Substring, _ keyword: String) -> Bool {
        guard line.hasPrefix(keyword) else { return false }
        let rest = line.dropFirst(keyword.count)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }
}
