import Captions

/// The snippet of a hit: a window of the matched text around the first match, as pieces of plain
/// text that are or are not a match of the query, and whether the text was cut at either end.
/// Pages and the API render it (escaped, with `<mark>` around matches) through the HTML module.
public struct SearchSnippet: Sendable, Equatable {
    /// A run of the text: a match of the query, or the text between matches.
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var isMatch: Bool

        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public var pieces: [Piece]
    /// Whether text before the window was left out (shown as `…`).
    public var cutBefore: Bool
    /// Whether text after the window was left out.
    public var cutAfter: Bool

    public init(pieces: [Piece], cutBefore: Bool, cutAfter: Bool) {
        self.pieces = pieces
        self.cutBefore = cutBefore
        self.cutAfter = cutAfter
    }

    /// An empty snippet.
    public static let empty = SearchSnippet(pieces: [], cutBefore: false, cutAfter: false)
}

/// Cuts the snippet of a hit.
enum Snippet {
    /// Longest snippet, in characters of text.
    static let maxCharacters = 220
    /// Characters kept before the first match when the text must be cut.
    static let leadCharacters = 60

    static func cut(_ text: String, query: SearchQuery) -> SearchSnippet {
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
        var pieces: [SearchSnippet.Piece] = []
        var cursor = lower
        for range in highlights where range.lowerBound >= lower && range.upperBound <= upper {
            if cursor < range.lowerBound { pieces.append(.init(text: flattened(text[cursor..<range.lowerBound]), isMatch: false)) }
            pieces.append(.init(text: flattened(text[range]), isMatch: true))
            cursor = range.upperBound
        }
        if cursor < upper { pieces.append(.init(text: flattened(text[cursor..<upper]), isMatch: false)) }
        return SearchSnippet(pieces: pieces, cutBefore: lower > text.startIndex, cutAfter: upper < text.endIndex)
    }

    /// Line breaks and tabs become spaces: a snippet is one line.
    static func flattened(_ text: Substring) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\n", "\r\n", "\r", "\t": output += " "
            default: output.append(character)
            }
        }
        return output
    }
}
