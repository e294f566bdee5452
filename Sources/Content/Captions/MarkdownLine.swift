/// Recognisers for the line-level syntax of the transcript Markdown subset.
enum MarkdownLine {
    struct Fence {
        let character: Character
        let length: Int
        let indent: Int
        let info: String
    }

    struct ListMarker {
        let ordered: Bool
        let number: Int
        /// `-`, `*`, `+`, or the ordered delimiter `.` / `)`.
        let symbol: Character
        let contentIndent: Int
        let rest: Substring

        /// True when `self` is a further item of the list that `first` started.
        func continues(_ first: ListMarker) -> Bool {
            ordered == first.ordered && symbol == first.symbol
        }
    }

    static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Leading whitespace width in columns, a tab counting as four.
    static func indent(_ line: Substring) -> Int {
        var columns = 0
        for character in line {
            if character == " " { columns += 1 } else if character == "\t" { columns += 4 } else { break }
        }
        return columns
    }

    /// Removes up to `columns` columns of leading whitespace.
    static func dropIndent(_ line: Substring, columns: Int) -> Substring {
        var removed = 0
        var rest = line
        while removed < columns, let first = rest.first, first == " " || first == "\t" {
            removed += first == " " ? 1 : 4
            rest = rest.dropFirst()
        }
        return rest
    }

    /// The line without up to three spaces of indentation, nil when indented further.
    private static func unindented(_ line: Substring) -> Substring? {
        indent(line) <= 3 ? line.drop { $0 == " " || $0 == "\t" } : nil
    }

    static func fence(_ line: Substring) -> Fence? {
        guard let body = unindented(line), let character = body.first, character == "`" || character == "~" else {
            return nil
        }
        let run = body.prefix { $0 == character }
        guard run.count >= 3 else { return nil }
        let info = body[run.endIndex...]
        if character == "`" && info.contains("`") { return nil }
        return Fence(character: character, length: run.count, indent: indent(line),
                     info: CueText.collapsingWhitespace(info))
    }

    static func closesFence(_ line: Substring, _ fence: Fence) -> Bool {
        guard let body = unindented(line) else { return false }
        let run = body.prefix { $0 == fence.character }
        return run.count >= fence.length && isBlank(body[run.endIndex...])
    }

    static func heading(_ line: Substring) -> (level: Int, text: String)? {
        guard let body = unindented(line) else { return nil }
        let hashes = body.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = body[hashes.endIndex...]
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        let closing = text.reversed().prefix { $0 == "#" }.count
        let beforeClosing = text.dropLast(closing)
        if closing > 0, beforeClosing.isEmpty || beforeClosing.last == " " || beforeClosing.last == "\t" {
            text = beforeClosing
        }
        return (hashes.count, CueText.collapsingWhitespace(text))
    }

    static func isThematicBreak(_ line: Substring) -> Bool {
        guard let body = unindented(line), let character = body.first, "-*_".contains(character) else { return false }
        var count = 0
        for item in body {
            if item == character { count += 1 } else if item != " " && item != "\t" { return false }
        }
        return count >= 3
    }

    /// The content of a `>` line, without the marker and one following space.
    static func quoteContent(_ line: Substring) -> Substring? {
        guard let body = unindented(line), body.first == ">" else { return nil }
        let rest = body.dropFirst()
        return rest.first == " " ? rest.dropFirst() : rest
    }

    static func listMarker(_ line: Substring) -> ListMarker? {
        let leading = indent(line)
        guard leading <= 3 else { return nil }
        let body = line.drop { $0 == " " || $0 == "\t" }
        guard let first = body.first else { return nil }
        let ordered: Bool, number: Int, symbol: Character, markerLength: Int
        if "-*+".contains(first) {
            (ordered, number, symbol, markerLength) = (false, 1, first, 1)
        } else {
            let digits = body.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let value = Int(digits),
                  let delimiter = body[digits.endIndex...].first, delimiter == "." || delimiter == ")"
            else { return nil }
            (ordered, number, symbol, markerLength) = (true, value, delimiter, digits.count + 1)
        }
        let afterMarker = body.dropFirst(markerLength)
        if afterMarker.isEmpty {
            return ListMarker(ordered: ordered, number: number, symbol: symbol,
                              contentIndent: leading + markerLength + 1, rest: "")
        }
        guard afterMarker.first == " " || afterMarker.first == "\t" else { return nil }
        let spaces = min(indent(afterMarker), 4)
        return ListMarker(ordered: ordered, number: number, symbol: symbol,
                          contentIndent: leading + markerLength + spaces,
                          rest: afterMarker.drop { $0 == " " || $0 == "\t" })
    }

    /// True when the line starts a block that interrupts a paragraph.
    static func startsBlock(_ line: Substring) -> Bool {
        if fence(line) != nil || heading(line) != nil || isThematicBreak(line) || quoteContent(line) != nil {
            return true
        }
        guard let marker = listMarker(line), !marker.rest.isEmpty else { return false }
        return !marker.ordered || marker.number == 1
    }

    private static let figurePrefixes = ["рис.", "рисунок", "fig.", "figure"]

    /// A line starting with `Рис. 5`, `Рисунок 5`, `Fig. 5` or `Figure 5`, possibly emphasised.
    static func isFigureCaption(_ line: Substring) -> Bool {
        let body = line.drop { $0 == "*" || $0 == "_" }.prefix(16).lowercased()
        for prefix in figurePrefixes where body.hasPrefix(prefix) {
            let rest = body.dropFirst(prefix.count).drop { $0 == " " || $0 == "\u{00A0}" }
            return rest.first.map { $0.isASCII && $0.isNumber } ?? false
        }
        return false
    }
}
