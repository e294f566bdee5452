/// Parses inline Markdown: backslash escapes, code spans, `*`/`_` emphasis and strong emphasis,
/// links, autolinks and hard line breaks. Runs in linear time: emphasis openers wait on a bounded
/// stack and every search ahead is bounded.
enum MarkdownInlineParser {
    /// Most emphasis openers waiting for their closer; further runs are text.
    static let maxOpenEmphasis = 32
    /// Longest link text or destination looked at; longer brackets are text.
    static let maxLinkLength = 2_048

    static func parse(_ text: String) -> [MarkdownInline] {
        var reader = Reader(characters: Array(text), allowLinks: true)
        return reader.run()
    }

    /// An emphasis opener and what has been read since it; text is gathered in `pendingText`
    /// so that appending stays linear.
    private struct Frame {
        let marker: Character
        let count: Int
        private var nodes: [MarkdownInline] = []
        private(set) var pendingText = ""

        init(marker: Character, count: Int) {
            self.marker = marker
            self.count = count
        }

        mutating func append(_ node: MarkdownInline) {
            if case .text(let text) = node {
                pendingText += text
            } else {
                flushText()
                nodes.append(node)
            }
        }

        mutating func append(text: String) {
            pendingText += text
        }

        /// Replaces trailing spaces of the pending text with a hard line break.
        mutating func breakLineAfterSpaces() {
            while pendingText.last == " " { pendingText.removeLast() }
            append(.lineBreak)
        }

        mutating func finish() -> [MarkdownInline] {
            flushText()
            return nodes
        }

        private mutating func flushText() {
            if !pendingText.isEmpty { nodes.append(.text(pendingText)) }
            pendingText = ""
        }
    }

    private struct Reader {
        let characters: [Character]
        let allowLinks: Bool
        var frames = [Frame(marker: " ", count: 0)]
        var position = 0
        /// For each backtick run length, the start of the last run of that length.
        var lastBacktickRun: [Int: Int] = [:]
        /// For each `[` (by index), the index of its matching `]`.
        var closingBracket: [Int: Int] = [:]

        init(characters: [Character], allowLinks: Bool) {
            self.characters = characters
            self.allowLinks = allowLinks
            var openBrackets: [Int] = []
            var index = 0
            while allowLinks && index < characters.count {
                switch characters[index] {
                case "\\": index += 1
                case "[": openBrackets.append(index)
                case "]": if let open = openBrackets.popLast() { closingBracket[open] = index }
                default: break
                }
                index += 1
            }
            index = 0
            while index < characters.count {
                let length = runLength(at: index, of: "`")
                if length > 0 { lastBacktickRun[length] = index }
                index += max(length, 1)
            }
        }

        func runLength(at index: Int, of character: Character) -> Int {
            var end = index
            while end < characters.count, characters[end] == character { end += 1 }
            return end - index
        }

        mutating func emit(_ node: MarkdownInline) {
            frames[frames.count - 1].append(node)
        }

        mutating func emit(text: String) {
            frames[frames.count - 1].append(text: text)
        }

        mutating func run() -> [MarkdownInline] {
            while position < characters.count {
                let character = characters[position]
                switch character {
                case "\\": readBackslash()
                case "\n": readLineEnd()
                case "`": readCodeSpan()
                case "*", "_": readDelimiterRun(character)
                case "[" where allowLinks: if !readLink() { emit(text: "["); position += 1 }
                case "<" where allowLinks: if !readAutolink() { emit(text: "<"); position += 1 }
                default:
                    var end = position + 1
                    while end < characters.count, !"\\\n`*_[<".contains(characters[end]) { end += 1 }
                    emit(text: String(characters[position..<end]))
                    position = end
                }
            }
            while frames.count > 1 { flattenTop() }
            return frames[0].finish()
        }

        /// Turns the innermost opener back into text.
        mutating func flattenTop() {
            var frame = frames.removeLast()
            emit(text: String(repeating: frame.marker, count: frame.count))
            for child in frame.finish() { emit(child) }
        }

        mutating func readBackslash() {
            let next = position + 1
            if next < characters.count, characters[next] == "\n" {
                emit(.lineBreak)
                position = next + 1
            } else if next < characters.count, characters[next].isASCII, characters[next].isPunctuation || characters[next].isSymbol {
                emit(text: String(characters[next]))
                position = next + 1
            } else {
                emit(text: "\\")
                position = next
            }
        }

        /// A line feed inside a paragraph: a hard break after two spaces, otherwise a space.
        mutating func readLineEnd() {
            position += 1
            if frames[frames.count - 1].pendingText.hasSuffix("  ") {
                frames[frames.count - 1].breakLineAfterSpaces()
            } else {
                emit(text: " ")
            }
        }

        mutating func readCodeSpan() {
            let length = runLength(at: position, of: "`")
            let contentStart = position + length
            if let last = lastBacktickRun[length], last > position {
                var index = contentStart
                while index < characters.count {
                    let run = runLength(at: index, of: "`")
                    if run == length {
                        var code = String(characters[contentStart..<index]).replacingNewlines()
                        if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
                            code = String(code.dropFirst().dropLast())
                        }
                        emit(.code(code))
                        position = index + run
                        return
                    }
                    index += max(run, 1)
                }
            }
            emit(text: String(repeating: "`", count: length))
            position = contentStart
        }

        mutating func readDelimiterRun(_ marker: Character) {
            let count = runLength(at: position, of: marker)
            let before = position > 0 ? characters[position - 1] : nil
            let after = position + count < characters.count ? characters[position + count] : nil
            position += count
            let isWord = { (character: Character?) in character.map { $0.isLetter || $0.isNumber } ?? false }
            let canOpen = after.map { !$0.isWhitespace } ?? false && (marker == "*" || !isWord(before))
            let canClose = before.map { !$0.isWhitespace } ?? false && (marker == "*" || !isWord(after))
            guard count <= 3 else {
                emit(text: String(repeating: marker, count: count))
                return
            }
            if canClose, let opener = frames.lastIndex(where: { $0.marker == marker && $0.count == count }), opener > 0 {
                while frames.count - 1 > opener { flattenTop() }
                var frame = frames.removeLast()
                let children = frame.finish()
                switch count {
                case 1: emit(.emphasis(children))
                case 2: emit(.strong(children))
                default: emit(.strong([.emphasis(children)]))
                }
            } else if canOpen && frames.count <= MarkdownInlineParser.maxOpenEmphasis {
                frames.append(Frame(marker: marker, count: count))
            } else {
                emit(text: String(repeating: marker, count: count))
            }
        }

        /// `[text](destination "title")`; false when the bracket does not start a link.
        mutating func readLink() -> Bool {
            let limit = min(characters.count, position + MarkdownInlineParser.maxLinkLength)
            guard let close = closingBracket[position], close + 1 < limit, characters[close + 1] == "(" else {
                return false
            }
            guard let (destination, end) = linkDestination(from: close + 2, limit: limit),
                  let safe = LinkSafety.safeDestination(destination) else { return false }
            var inner = Reader(characters: Array(characters[(position + 1)..<close]), allowLinks: false)
            emit(.link(destination: safe, content: inner.run()))
            position = end
            return true
        }

        /// The destination starting at `start` and the index after the closing `)`. Brackets end the
        /// search, which keeps the scans of all links disjoint.
        func linkDestination(from start: Int, limit: Int) -> (String, Int)? {
            var index = start
            while index < limit, characters[index] == " " { index += 1 }
            var destination = ""
            if index < limit, characters[index] == "<" {
                index += 1
                while index < limit, characters[index] != ">", characters[index] != "\n", !Self.isBracket(characters[index]) {
                    destination.append(characters[index])
                    index += 1
                }
                guard index < limit, characters[index] == ">" else { return nil }
                index += 1
            } else {
                var parentheses = 0
                while index < limit, !characters[index].isWhitespace, !Self.isBracket(characters[index]) {
                    let character = characters[index]
                    if character == "(" { parentheses += 1 }
                    if character == ")" {
                        if parentheses == 0 { break }
                        parentheses -= 1
                    }
                    destination.append(character)
                    index += 1
                }
            }
            while index < limit, characters[index].isWhitespace { index += 1 }
            if index < limit, let quote = characters[index] as Character?, quote == "\"" || quote == "'" {
                index += 1
                while index < limit, characters[index] != quote, !Self.isBracket(characters[index]) { index += 1 }
                index += 1
                while index < limit, characters[index].isWhitespace { index += 1 }
            }
            guard index < limit, characters[index] == ")" else { return nil }
            return (destination, index + 1)
        }

        static func isBracket(_ character: Character) -> Bool {
            character == "[" || character == "]"
        }

        /// `<https://…>` or `<mailto:…>`.
        mutating func readAutolink() -> Bool {
            let limit = min(characters.count, position + MarkdownInlineParser.maxLinkLength)
            var index = position + 1
            while index < limit, characters[index] != ">", !characters[index].isWhitespace, characters[index] != "<" {
                index += 1
            }
            guard index < limit, characters[index] == ">" else { return false }
            let url = String(characters[(position + 1)..<index])
            guard url.contains(":"), let safe = LinkSafety.safeDestination(url) else { return false }
            emit(.link(destination: safe, content: [.text(url)]))
            position = index + 1
            return true
        }
    }
}

private extension String {
    /// Code spans treat line feeds as spaces.
    func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}

/// Which link destinations are kept: web and mail URLs and relative references.
enum LinkSafety {
    private static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The destination when it is safe to link to, nil otherwise.
    static func safeDestination(_ destination: String) -> String? {
        guard !destination.isEmpty else { return nil }
        let schemeEnd = destination.firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))) }
        if let schemeEnd, destination[schemeEnd] == ":" {
            return allowedSchemes.contains(destination[..<schemeEnd].lowercased()) ? destination : nil
        }
        return destination.contains(where: { $0.isASCII && $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false })
            ? nil : destination
    }
}
