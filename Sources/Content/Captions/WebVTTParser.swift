/// Reads WebVTT the way the WebVTT parsing algorithm does:
/// - the file must start with the `WEBVTT` signature (alone, or followed by a space or tab and
///   free text, which may contain `-->`); the header's metadata lines are ignored;
/// - blocks are read line by line: a line containing `-->` is a cue's timing line when it is the
///   block's first line, or its second after an identifier; any later line containing `-->` ends
///   the cue and starts the next one, even without a blank line between them;
/// - a cue whose timing line cannot be read (a bad timestamp, an end before the start) is skipped
///   and reported with its lines, and the rest of the file is kept;
/// - `NOTE`, `STYLE` and `REGION` blocks are ignored; other blocks without a timing line are
///   skipped and reported;
/// - cue text loses its tags as the cue-text tokenizer removes them, character references are
///   decoded, and the first voice (`<v Name>`) is the cue's speaker;
/// - identifiers and settings are kept, and cues are put in time order (stably).
enum WebVTTParser {
    private struct PendingCue {
        let timing: CueTiming
        let identifier: String?
        let payload: String
    }

    static func parse(_ lines: [SourceLine], limits: CaptionLimits) throws(CaptionError) -> CaptionDocument {
        guard let header = lines.first, isHeader(header.text) else {
            throw CaptionError(line: 1, message: "a WebVTT file must start with \"WEBVTT\"")
        }
        var index = 1
        if index < lines.count, !lines[index].text.isEmpty {
            _ = collectBlock(lines, &index, inHeader: true)
        }
        var pending: [PendingCue] = []
        var skipped: [SkippedLine] = []
        while true {
            while index < lines.count, lines[index].text.isEmpty { index += 1 }
            guard index < lines.count else { break }
            let block = collectBlock(lines, &index, inHeader: false)
            guard let timingLine = block.timingLine else {
                if let first = block.lines.first, !isIgnoredBlock(first.text) {
                    skipped += block.lines.map { SkippedLine(line: $0.number, text: String($0.text),
                                                             reason: "not a cue: no timing line") }
                }
                continue
            }
            switch CueTiming.parse(timingLine.text, separators: [UInt8(ascii: ".")]) {
            case .failure(let problem):
                let reason = "cue at line \(timingLine.number) skipped: \(problem)"
                let all = (block.identifier.map { [$0] } ?? []) + [timingLine] + block.lines
                skipped += all.map { SkippedLine(line: $0.number, text: String($0.text), reason: reason) }
            case .success(let timing):
                guard pending.count < limits.maxCues else {
                    throw CaptionError(line: timingLine.number, message: "more than \(limits.maxCues) cues")
                }
                pending.append(PendingCue(timing: timing, identifier: block.identifier.map { String($0.text) },
                                          payload: block.lines.map { String($0.text) }.joined(separator: "\n")))
            }
        }
        return CaptionDocument(cues: cues(from: pending), skippedLines: skipped, format: .webVTT)
    }

    /// A block as the WebVTT "collect a block" steps read it.
    private struct Block {
        var identifier: SourceLine?
        var timingLine: SourceLine?
        /// The cue's text lines, or the whole block when it has no timing line.
        var lines: [SourceLine] = []
    }

    /// Reads lines from `index` up to a blank line, or up to a line containing `-->` that cannot be
    /// this block's timing line (left for the next block).
    private static func collectBlock(_ lines: [SourceLine], _ index: inout Int, inHeader: Bool) -> Block {
        var block = Block()
        var lineCount = 0
        while index < lines.count {
            let line = lines[index]
            lineCount += 1
            if CueBlocks.containsArrow(line.text.utf8) {
                guard !inHeader, block.timingLine == nil, lineCount <= 2 else { break }
                block.identifier = block.lines.first
                block.timingLine = line
                block.lines = []
            } else if line.text.isEmpty {
                index += 1
                break
            } else {
                block.lines.append(line)
            }
            index += 1
        }
        return block
    }

    /// The cues in time order (stable for equal starts), with text, speaker and speaker changes.
    private static func cues(from pending: [PendingCue]) -> [Cue] {
        let ordered = pending.enumerated().sorted { lhs, rhs in
            lhs.element.timing.start != rhs.element.timing.start
                ? lhs.element.timing.start < rhs.element.timing.start : lhs.offset < rhs.offset
        }.map(\.element)
        var cues: [Cue] = []
        cues.reserveCapacity(ordered.count)
        var previousVoice: String?
        for cue in ordered {
            let stripped = CueMarkup.stripTags(cue.payload, knownTagsOnly: false)
            let marker = CueText.speakerMarker(Substring(stripped.text))
            let voiceChanged = stripped.voice != nil && stripped.voice != previousVoice
            if let voice = stripped.voice { previousVoice = voice }
            cues.append(Cue(start: cue.timing.start, end: cue.timing.end, text: CueMarkup.decodeEntities(marker.rest),
                            speakerChange: marker.speakerChange || voiceChanged, speaker: stripped.voice,
                            identifier: cue.identifier, settings: cue.timing.settings))
        }
        return cues
    }

    /// `WEBVTT` alone or followed by a space or tab and free text.
    static func isHeader(_ line: Substring) -> Bool {
        startsWithKeyword(line, "WEBVTT")
    }

    private static func isIgnoredBlock(_ firstLine: Substring) -> Bool {
        startsWithKeyword(firstLine, "NOTE") || startsWithKeyword(firstLine, "STYLE")
            || startsWithKeyword(firstLine, "REGION")
    }

    private static func startsWithKeyword(_ line: Substring, _ keyword: String) -> Bool {
        guard line.hasPrefix(keyword) else { return false }
        let rest = line.dropFirst(keyword.count)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }
}
