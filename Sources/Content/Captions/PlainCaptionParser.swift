/// Reads plain timestamped caption lines (`12:41 which draws the path`), tolerating page chrome,
/// broken lines and timestamps in the middle of a line.
///
/// Rules:
/// - a line whose first word is a clock time (`M:SS`, `H:MM:SS`, `HH:MM:SS`) starts a cue;
/// - a line without one continues the current cue, unless a blank line came in between, in which
///   case it is skipped, as is everything before the first timestamp;
/// - a clock time inside a line starts a new cue when it is in time order: not before the current
///   cue, not after the next timestamped line, and at most `midLineLookahead` after the current cue
///   (so `we meet at 10:30` in a cue at 0:20 stays text);
/// - untimed lines right after the last cue are page text (sign-in prompts, share buttons), not
///   captions, when that cue already ends a sentence: they are skipped and reported; every other
///   joined line is reported with the cue it joined;
/// - a cue ends where the next later cue begins; the last one lasts `CaptionLimits.lastCueDuration`.
enum PlainCaptionParser {
    /// How far past the current cue a mid-line time may be.
    static let midLineLookahead = 60_000

    private struct PendingCue {
        let start: Int
        var parts: [Substring]
        let speakerChange: Bool
    }

    static func parse(_ lines: [SourceLine], limits: CaptionLimits) throws(CaptionError) -> CaptionDocument {
        let leading = lines.map(leadingTime)
        var nextLeading = [Int?](repeating: nil, count: lines.count)
        var upcoming: Int?
        for index in lines.indices.reversed() {
            nextLeading[index] = upcoming
            if let found = leading[index] { upcoming = found.time }
        }

        var pending: [PendingCue] = []
        var skipped: [SkippedLine] = []
        var joined: [JoinedRecord] = []
        var blankSinceCue = false
        for (index, line) in lines.enumerated() {
            if line.isBlank {
                blankSinceCue = true
                continue
            }
            let text: Substring
            if let found = leading[index] {
                try open(&pending, at: found.time, text: found.rest, limits: limits, line: line.number)
                text = found.rest
            } else if !pending.isEmpty && !blankSinceCue {
                text = line.text
                joined.append(JoinedRecord(line: line.number, text: String(line.text), cueIndex: pending.count - 1,
                                           partIndex: pending[pending.count - 1].parts.count))
            } else {
                skipped.append(SkippedLine(line: line.number, text: String(line.text)))
                continue
            }
            blankSinceCue = false
            let cueCount = pending.count
            try appendSplittingAtTimes(text, to: &pending, nextLeading: nextLeading[index],
                                       opensWithCue: leading[index] != nil, limits: limits, line: line.number)
            if leading[index] == nil, pending.count != cueCount, !joined.isEmpty { joined[joined.count - 1].openedCue = true }
        }
        guard !pending.isEmpty else {
            throw CaptionError(line: 1, message: "no timestamped caption lines (such as \"12:41 text\") found")
        }
        let trailing = trailingPageText(joined, pending: pending)
        if let first = trailing.first {
            pending[pending.count - 1].parts.removeSubrange(first.partIndex...)
            joined.removeLast(trailing.count)
            skipped += trailing.map {
                SkippedLine(line: $0.line, text: $0.text, reason: "untimed text after the last cue, which ends a sentence")
            }
            skipped.sort { $0.line < $1.line }
        }
        let joinedLines = joined.map { JoinedLine(line: $0.line, text: $0.text, cueStart: pending[$0.cueIndex].start) }
        return CaptionDocument(cues: finish(pending, limits: limits), skippedLines: skipped, format: .plain,
                               joinedLines: joinedLines)
    }

    /// An untimed line joined to the cue before it, and where its text went.
    private struct JoinedRecord {
        let line: Int
        let text: String
        let cueIndex: Int
        let partIndex: Int
        var openedCue = false
    }

    /// The untimed lines joined to the last cue after its own text, when that text ends a sentence.
    private static func trailingPageText(_ joined: [JoinedRecord], pending: [PendingCue]) -> ArraySlice<JoinedRecord> {
        let lastCue = pending.count - 1
        var start = joined.endIndex
        while start > joined.startIndex, joined[start - 1].cueIndex == lastCue, !joined[start - 1].openedCue {
            start -= 1
        }
        guard let first = joined[start...].first else { return [] }
        let before = pending[lastCue].parts[..<first.partIndex].joined(separator: " ")
        return endsSentence(before) ? joined[start...] : []
    }

    /// True when the text's last character (after closing quotes and parentheses) ends a sentence.
    static func endsSentence(_ text: String) -> Bool {
        let trimmed = text.reversed().drop { $0.isWhitespace || "\"”’')".contains($0) }
        guard let last = trimmed.first else { return false }
        return ".!?…]".contains(last)
    }

    /// The clock time at the start of a line and the text after it.
    private static func leadingTime(_ line: SourceLine) -> (time: Int, rest: Substring)? {
        let trimmed = line.text.drop { $0 == " " || $0 == "\t" }
        let word = trimmed.prefix { $0 != " " && $0 != "\t" }
        guard let time = Timestamp.parseClock(word) else { return nil }
        return (time, trimmed[word.endIndex...])
    }

    private static func open(_ pending: inout [PendingCue], at time: Int, text: Substring,
                             limits: CaptionLimits, line: Int) throws(CaptionError) {
        guard pending.count < limits.maxCues else {
            throw CaptionError(line: line, message: "more than \(limits.maxCues) cues")
        }
        let marker = CueText.speakerMarker(text)
        pending.append(PendingCue(start: time, parts: [], speakerChange: marker.speakerChange))
    }

    /// Appends `text` to the current cue, starting new cues at in-order clock times inside it.
    /// When `opensWithCue` is true the cue for the line's leading time was just opened.
    private static func appendSplittingAtTimes(_ text: Substring, to pending: inout [PendingCue], nextLeading: Int?,
                                               opensWithCue: Bool, limits: CaptionLimits,
                                               line: Int) throws(CaptionError) {
        var segmentStart = text.startIndex
        var segmentOpensCue = opensWithCue
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        for word in words {
            guard let current = pending.last, let time = Timestamp.parseClock(word), time >= current.start else {
                continue
            }
            guard time - current.start <= midLineLookahead, nextLeading.map({ time <= $0 }) ?? true else { continue }
            appendPart(text[segmentStart..<word.startIndex], to: &pending, isCueStart: segmentOpensCue)
            try open(&pending, at: time, text: text[word.endIndex...], limits: limits, line: line)
            segmentStart = word.endIndex
            segmentOpensCue = true
        }
        appendPart(text[segmentStart...], to: &pending, isCueStart: segmentOpensCue)
    }

    private static func appendPart(_ part: Substring, to pending: inout [PendingCue], isCueStart: Bool) {
        guard !pending.isEmpty else { return }
        let last = pending.count - 1
        let text = isCueStart && pending[last].speakerChange ? CueText.speakerMarker(part).rest : part
        pending[last].parts.append(text)
    }

    /// Orders cues by start (stably) and gives each the start of the next later cue as its end.
    private static func finish(_ pending: [PendingCue], limits: CaptionLimits) -> [Cue] {
        let ordered = pending.enumerated().sorted { lhs, rhs in
            lhs.element.start != rhs.element.start ? lhs.element.start < rhs.element.start : lhs.offset < rhs.offset
        }.map(\.element)
        var cues: [Cue] = []
        cues.reserveCapacity(ordered.count)
        var nextLaterStart: Int?
        var ends = [Int](repeating: 0, count: ordered.count)
        for index in ordered.indices.reversed() {
            let start = ordered[index].start
            if index + 1 < ordered.count, ordered[index + 1].start > start {
                nextLaterStart = ordered[index + 1].start
            }
            ends[index] = nextLaterStart ?? start + limits.lastCueDuration
        }
        for (index, cue) in ordered.enumerated() {
            cues.append(Cue(start: cue.start, end: ends[index], text: cue.parts.joined(separator: " "),
                            speakerChange: cue.speakerChange))
        }
        return cues
    }
}
