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

    /// Parses `start --> end[ settings]` as `CueTiming` does, accepting the given millisecond separators.
    static func timing(_ line: SourceLine, separators: [UInt8]) throws(CaptionError) -> CueTiming {
        switch CueTiming.parse(line.text, separators: separators) {
        case .success(let timing): return timing
        case .failure(let problem): throw CaptionError(line: line.number, message: problem.description)
        }
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
}
