/// Groups lines into blank-line separated blocks, the structure shared by WebVTT and SRT.
enum CueBlocks {
    static func split(_ lines: some Collection<SourceLine>) -> [[SourceLine]] {
        var blocks: [[SourceLine]] = []
        var current: [SourceLine] = []
        for line in lines {
            if line.isBlank {
                if !current.isEmpty { blocks.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    /// Parses `start --> end[ settings]`, accepting the given millisecond separators.
    static func timing(_ line: SourceLine, separators: [UInt8]) throws(CaptionError) -> (start: Int, end: Int) {
        let fields = Array(line.text.utf8).split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).prefix(3)
        guard fields.count == 3, fields[1].elementsEqual(arrow) else {
            throw CaptionError(line: line.number, message: "expected a cue timing line \"start --> end\"")
        }
        guard let start = Timestamp.parseCueTime(fields[0], separators: separators) else {
            throw CaptionError(line: line.number, message: "invalid start time \"\(quoted(fields[0]))\"")
        }
        guard let end = Timestamp.parseCueTime(fields[2], separators: separators) else {
            throw CaptionError(line: line.number, message: "invalid end time \"\(quoted(fields[2]))\"")
        }
        guard end >= start else {
            throw CaptionError(line: line.number, message: "cue ends before it starts")
        }
        return (start, end)
    }

    /// True when the line contains `-->`: WebVTT's definition of a timing line.
    static func isTimingLine(_ line: SourceLine) -> Bool {
        containsArrow(line.text.utf8)
    }

    static func containsArrow(_ utf8: some Collection<UInt8>) -> Bool {
        var dashes = 0
        for byte in utf8 {
            if byte == UInt8(ascii: ">") && dashes >= 2 { return true }
            dashes = byte == UInt8(ascii: "-") ? dashes + 1 : 0
        }
        return false
    }

    private static let arrow = Array("-->".utf8)

    /// A field for an error message, at most 40 bytes.
    private static func quoted(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix(40), as: UTF8.self)
    }
}
