/// Greedy line filling for help text: words (or whole usage elements) are never split.
enum TextWrapper {
    /// Lines made of `units` separated by single spaces, the first starting with `firstPrefix` and
    /// the rest with `indent` spaces, each at most `width` characters unless a unit alone is wider.
    static func wrap(_ units: [String], firstPrefix: String, indent: Int, width: Int) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasUnits = false
        for unit in units {
            if lineHasUnits, line.count + 1 + unit.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasUnits = false
            }
            line += lineHasUnits ? " " + unit : unit
            lineHasUnits = true
        }
        lines.append(line)
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The words of `text`, split on spaces and line breaks.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0.isNewline }).map(String.init)
    }

    /// Each line of `text` wrapped separately, keeping its leading spaces as the indent of its
    /// continuation lines; empty lines are kept as paragraph breaks.
    static func wrapParagraphs(_ text: String, width: Int) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { line -> [String] in
            let leading = line.prefix { $0 == " " }.count
            let words = words(String(line))
            if words.isEmpty { return [""] }
            return wrap(words, firstPrefix: String(repeating: " ", count: leading), indent: leading, width: width)
        }
    }
}
