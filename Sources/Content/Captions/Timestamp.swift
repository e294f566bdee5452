/// Parsing and formatting of caption timestamps, all in milliseconds.
public enum Timestamp {
    /// Parses the digits of `bytes[range]` as a number, nil if empty, not all digits or too long.
    private static func number(_ bytes: ArraySlice<UInt8>, maxDigits: Int) -> Int? {
        guard !bytes.isEmpty, bytes.count <= maxDigits else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// A clock time of plain captions: `M:SS`, `MM:SS`, `MMM:SS`, `H:MM:SS` or `HH:MM:SS`.
    static func parseClock(_ text: some StringProtocol) -> Int? {
        let parts = Array(text.utf8).split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        switch parts.count {
        case 2:
            guard let minutes = number(parts[0], maxDigits: 3),
                  parts[1].count == 2, let seconds = number(parts[1], maxDigits: 2), seconds < 60
            else { return nil }
            return (minutes * 60 + seconds) * 1000
        case 3:
            guard let hours = number(parts[0], maxDigits: 2),
                  parts[1].count == 2, let minutes = number(parts[1], maxDigits: 2), minutes < 60,
                  parts[2].count == 2, let seconds = number(parts[2], maxDigits: 2), seconds < 60
            else { return nil }
            return ((hours * 60 + minutes) * 60 + seconds) * 1000
        default:
            return nil
        }
    }

    /// `HH:MM:SS<separator>mmm`, hours widened past 99 when needed.
    static func formatCueTime(_ milliseconds: Int, separator: Character) -> String {
        let value = max(0, milliseconds)
        let millis = value % 1000
        let totalSeconds = value / 1000
        let seconds = totalSeconds % 60
        let minutes = totalSeconds / 60 % 60
        let hours = totalSeconds / 3600
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2))\(separator)\(pad(millis, 3))"
    }

    /// A time as lecture pages and search results show it: `M:SS` below an hour (`37:18`),
    /// `H:MM:SS` from the first hour on (`1:02:03`). Fractions of a second are dropped and
    /// negative times read as `0:00`; this is the text of ``Cue/timestamp``.
    public static func clock(milliseconds: Int) -> String {
        let totalSeconds = max(0, milliseconds) / 1000
        let seconds = totalSeconds % 60
        let minutes = totalSeconds / 60 % 60
        let hours = totalSeconds / 3600
        if hours > 0 {
            return "\(hours):\(pad(minutes, 2)):\(pad(seconds, 2))"
        }
        return "\(minutes):\(pad(seconds, 2))"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Cue {
    /// The start time as lecture pages show it: `37:18`, or `1:02:03` past the first hour.
    public var timestamp: String { Timestamp.clock(milliseconds: start) }
}
