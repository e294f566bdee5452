/// Reads a multiplier as Interface Builder writes it: a decimal (`1.1`), a ratio (`71:80`, read
/// as 71/80) or a fraction (`1/3`).
enum Multiplier {
    static func parse(_ text: String) -> Double? {
        for separator in [":", "/"] as [Character] where text.contains(separator) {
            let parts = text.split(separator: separator, maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let numerator = number(parts[0]), let denominator = number(parts[1]),
                  denominator != 0 else { return nil }
            return numerator / denominator
        }
        return number(Substring(text))
    }

    /// A finite decimal number of at most 40 characters.
    static func number(_ text: Substring) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.count <= 40,
              trimmed.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
              let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
