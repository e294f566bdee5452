import Captions

/// Builds the HTML snippet of a hit: a window of the matched text around the first match, escaped,
/// with `<mark>` around every match of the query and `…` where the text was cut.
enum Snippet {
    /// Longest snippet, in characters of text.
    static let maxCharacters = 220
    /// Characters kept before the first match when the text must be cut.
    static let leadCharacters = 60

    static func html(_ text: String, query: SearchQuery) -> String {
        let highlights = query.highlights(in: text)
        var lower = text.startIndex
        var upper = text.endIndex
        if text.count > maxCharacters {
            let anchor = highlights.first?.lowerBound ?? text.startIndex
            lower = text.index(anchor, offsetBy: -leadCharacters, limitedBy: text.startIndex) ?? text.startIndex
            if lower > text.startIndex, let space = text[lower..<anchor].firstIndex(where: \.isWhitespace) {
                lower = text.index(after: space)
            }
            upper = text.index(lower, offsetBy: maxCharacters, limitedBy: text.endIndex) ?? text.endIndex
            if upper < text.endIndex, let space = text[lower..<upper].lastIndex(where: \.isWhitespace), space > anchor {
                upper = space
            }
        }
        var html = lower > text.startIndex ? "…" : ""
        var cursor = lower
        for range in highlights where range.lowerBound >= lower && range.upperBound <= upper {
            html += escaped(text[cursor..<range.lowerBound])
            html += "<mark>" + escaped(text[range]) + "</mark>"
            cursor = range.upperBound
        }
        html += escaped(text[cursor..<upper])
        if upper < text.endIndex { html += "…" }
        return html
    }

    /// Text safe inside HTML elements and attribute values; line breaks become spaces.
    static func escaped(_ text: Substring) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n", "\r\n", "\r", "\t": output += " "
            default: output.append(character)
            }
        }
        return output
    }
}
