/// A cue timing line read the way the WebVTT parsing algorithm reads it: optional whitespace
/// (space, tab, form feed) around the times and the `-->`, timestamps of the form
/// `[hours:]MM:SS.mmm`, and cue settings after the end time.
struct CueTiming: Equatable {
    /// Start and end in milliseconds.
    let start: Int
    let end: Int
    /// The settings after the end time, whitespace-separated `name:value` pairs joined by one space.
    let settings: String

    /// Most digits accepted for the hours of a timestamp.
    static let maxHourDigits = 6

    /// Reads a timing line; `separators` are the bytes accepted before the milliseconds (`.` for
    /// WebVTT, `,` and `.` for SRT). The error message names the field that is wrong.
    static func parse(_ line: Substring, separators: [UInt8]) -> Result<CueTiming, TimingProblem> {
        guard CueBlocks.containsArrow(line.utf8) else { return .failure(.noArrow) }
        let bytes = Array(line.utf8)
        var index = 0
        skipWhitespace(bytes, &index)
        let startIndex = index
        guard let start = timestamp(bytes, &index, separators: separators) else {
            return .failure(.invalidStart(field(bytes, from: startIndex)))
        }
        skipWhitespace(bytes, &index)
        guard bytes[index...].starts(with: arrow) else { return .failure(.noArrow) }
        index += arrow.count
        skipWhitespace(bytes, &index)
        let endIndex = index
        guard let end = timestamp(bytes, &index, separators: separators),
              index == bytes.count || isWhitespace(bytes[index]) else {
            return .failure(.invalidEnd(field(bytes, from: endIndex)))
        }
        guard end >= start else { return .failure(.endsBeforeStart) }
        let settings = bytes[index...].split(whereSeparator: isWhitespace)
            .filter { setting in
                guard let colon = setting.firstIndex(of: UInt8(ascii: ":")) else { return false }
                return colon > setting.startIndex && colon < setting.endIndex - 1
            }
            .map { String(decoding: $0, as: UTF8.self) }
            .joined(separator: " ")
        return .success(CueTiming(start: start, end: end, settings: settings))
    }

    /// Why a timing line cannot be read.
    enum TimingProblem: Error, Equatable, CustomStringConvertible {
        case invalidStart(String), invalidEnd(String), noArrow, endsBeforeStart

        var description: String {
            switch self {
            case .invalidStart(let field): "invalid start time \"\(field)\""
            case .invalidEnd(let field): "invalid end time \"\(field)\""
            case .noArrow: "expected a cue timing line \"start --> end\""
            case .endsBeforeStart: "cue ends before it starts"
            }
        }
    }

    private static let arrow = Array("-->".utf8)

    /// Space, tab and form feed: the whitespace a timing line may hold (line feeds never reach here).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    /// The field that failed, up to the next whitespace or arrow, at most 40 bytes.
    private static func field(_ bytes: [UInt8], from index: Int) -> String {
        var end = index
        while end < bytes.count, !isWhitespace(bytes[end]), !bytes[end...].starts(with: arrow) { end += 1 }
        return String(decoding: bytes[index..<end].prefix(40), as: UTF8.self)
    }

    /// The WebVTT "collect a timestamp" steps: the first number is the hours when it is not two
    /// digits or is above 59, or when a third number follows; minutes and seconds are two digits,
    /// below 60; the fraction is three digits.
    static func timestamp(_ bytes: [UInt8], _ index: inout Int, separators: [UInt8]) -> Int? {
        func digits() -> (value: Int, count: Int)? {
            var value = 0, count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard count < 12 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                count += 1
                index += 1
            }
            return count == 0 ? nil : (value, count)
        }
        let colon = UInt8(ascii: ":")
        guard let first = digits() else { return nil }
        var hoursFirst = first.count != 2 || first.value > 59
        guard index < bytes.count, bytes[index] == colon else { return nil }
        index += 1
        guard let second = digits(), second.count == 2 else { return nil }
        var hours = 0, minutes = first.value, seconds = second.value
        if hoursFirst || (index < bytes.count && bytes[index] == colon) {
            guard index < bytes.count, bytes[index] == colon else { return nil }
            index += 1
            guard let third = digits(), third.count == 2 else { return nil }
            hoursFirst = true
            hours = first.value
            minutes = second.value
            seconds = third.value
        }
        guard !hoursFirst || String(hours).count <= maxHourDigits else { return nil }
        guard index < bytes.count, separators.contains(bytes[index]) else { return nil }
        index += 1
        guard let fraction = digits(), fraction.count == 3 else { return nil }
        guard minutes <= 59, seconds <= 59 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction.value
    }
}
