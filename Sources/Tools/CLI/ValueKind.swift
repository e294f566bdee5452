/// The type of value an option accepts; values are checked when the command line is parsed,
/// so a handler never sees a malformed number or an unknown choice.
public enum ValueKind: Sendable, Equatable {
    /// Any text, including the empty string.
    case string
    /// A decimal integer, optionally restricted to a closed range.
    case int(range: ClosedRange<Int>? = nil)
    /// A finite decimal number.
    case double
    /// A file-system path: any non-empty text without NUL characters. Nothing is checked on disk.
    case path
    /// One of a fixed list of words, compared case-sensitively.
    case choice([String])

    /// Checks `text` against this kind.
    /// - Returns: `nil` when the text is acceptable, otherwise the reason it is not,
    ///   phrased to follow "Invalid value '…' for '…': ", for example `must be in 1...65535`.
    func problem(with text: String) -> String? {
        switch self {
        case .string:
            return nil
        case .int(let range):
            guard let number = Int(text) else { return "must be an integer" }
            if let range, !range.contains(number) {
                return "must be in \(range.lowerBound)...\(range.upperBound)"
            }
            return nil
        case .double:
            guard let number = Double(text), number.isFinite else { return "must be a finite number" }
            return nil
        case .path:
            if text.isEmpty { return "must not be empty" }
            if text.contains("\u{0}") { return "must not contain NUL characters" }
            return nil
        case .choice(let choices):
            if choices.contains(text) { return nil }
            return "must be one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}
