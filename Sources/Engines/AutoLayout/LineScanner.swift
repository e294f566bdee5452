/// A cursor over one line of layout text (as UTF-8), tracking columns for error messages.
/// The grammar is ASCII; other characters only ever appear in messages and source forms.
///
/// The scanners of a document's lines share the document's one byte buffer, each reading its own
/// range of it, so that reading a line copies nothing; positions count from the line's start.
struct LineScanner {
    /// The bytes of the whole text the line is part of.
    private let buffer: [UInt8]
    /// Where the line starts in `text`.
    private let start: Int
    /// The length of the line in UTF-8 bytes; also the position after its last character.
    let endIndex: Int
    private let isASCII: Bool
    let line: Int
    private(set) var index = 0

    init(_ text: Substring, line: Int) {
        let bytes = Array(text.utf8)
        self.init(bytes, range: 0..<bytes.count, line: line)
    }

    /// A scanner over `range` of `text` (a line's bytes, without its line break).
    init(_ text: [UInt8], range: Range<Int>, line: Int) {
        buffer = text
        start = range.lowerBound
        endIndex = range.count
        isASCII = text[range].allSatisfy { $0 < 0x80 }
        self.line = line
    }

    /// The byte at a position of the line.
    private subscript(position: Int) -> UInt8 { buffer[start + position] }

    var atEnd: Bool { index >= endIndex }

    /// The character at the current position (U+FFFD for any non-ASCII character).
    var peek: Unicode.Scalar? { peek(offset: 0) }

    func peek(offset: Int) -> Unicode.Scalar? {
        let i = index + offset
        guard i < endIndex else { return nil }
        return self[i] < 0x80 ? Unicode.Scalar(self[i]) : "\u{FFFD}"
    }

    /// The location of the current position.
    var location: SourceLocation { location(at: index) }

    /// The location of a position; columns count Unicode scalars, not bytes.
    func location(at position: Int) -> SourceLocation {
        let clamped = min(max(0, position), endIndex)
        let column = isASCII ? clamped + 1 : buffer[start..<(start + clamped)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(line: line, column: column)
    }

    /// The source text between two positions.
    func text(from start: Int, to end: Int) -> String {
        let lower = min(max(0, start), endIndex)
        let upper = min(max(lower, end), endIndex)
        return String(decoding: buffer[(self.start + lower)..<(self.start + upper)], as: UTF8.self)
    }

    /// The source text between two positions without the spaces and tabs at either end.
    func trimmedText(from start: Int, to end: Int) -> String {
        var lower = min(max(0, start), endIndex)
        var upper = min(max(lower, end), endIndex)
        while lower < upper, self[lower] == 0x20 || self[lower] == 0x09 { lower += 1 }
        while upper > lower, self[upper - 1] == 0x20 || self[upper - 1] == 0x09 { upper -= 1 }
        return text(from: lower, to: upper)
    }

    /// What is at the current position, for "found …" in messages.
    var found: String {
        guard index < endIndex else { return "end of line" }
        if self[index] == 0x20 || self[index] == 0x09 { return "a space" }
        var end = index
        while end < endIndex, end - index < 24, Self.isWordByte(self[end]) || self[end] == UInt8(ascii: ".") {
            end += 1
        }
        if end == index {
            end += 1
            while end < endIndex, self[end] & 0xC0 == 0x80 { end += 1 }
        }
        return "'\(text(from: index, to: end))'"
    }

    mutating func skipSpaces() {
        while index < endIndex, self[index] == 0x20 || self[index] == 0x09 || self[index] == 0x0D { index += 1 }
    }

    /// Consumes `literal` if the text continues with it.
    mutating func consume(_ literal: String) -> Bool {
        var position = index
        for byte in literal.utf8 {
            guard position < endIndex, self[position] == byte else { return false }
            position += 1
        }
        index = position
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private func isDigit(at position: Int) -> Bool {
        position < endIndex && self[position] >= UInt8(ascii: "0") && self[position] <= UInt8(ascii: "9")
    }

    /// Steps over one byte, or over a whole run of word bytes (so that no identifier is found
    /// inside a number or a word).
    mutating func skipOne() {
        guard index < endIndex else { return }
        if Self.isWordByte(self[index]) {
            while index < endIndex, Self.isWordByte(self[index]) { index += 1 }
        } else {
            index += 1
        }
    }

    /// Whether the line, from the current position on, has `word` as a whole identifier (not
    /// inside a longer word or a number), without making strings.
    func containsWord(_ word: String) -> Bool {
        containsWord(utf8: Array(word.utf8))
    }

    /// `containsWord` for a word given as its UTF-8 bytes, so that a caller searching many lines
    /// converts the word once.
    func containsWord(utf8 target: [UInt8]) -> Bool {
        guard !target.isEmpty else { return false }
        var found = [false]
        markWords([target], in: &found)
        return found[0]
    }

    /// Sets `found[i]` for each of `targets` that the line, from the current position on, has as
    /// a whole word (as `containsWord`), in one pass over the line.
    func markWords(_ targets: [[UInt8]], in found: inout [Bool]) {
        var position = index
        while position > 0, position < endIndex, Self.isWordByte(self[position - 1]), Self.isWordByte(self[position]) {
            position += 1
        }
        while position < endIndex {
            guard Self.isWordByte(self[position]) else {
                position += 1
                continue
            }
            var end = position + 1
            while end < endIndex, Self.isWordByte(self[end]) { end += 1 }
            for (number, target) in targets.enumerated() where !found[number] && target.count == end - position {
                var matches = true
                for offset in 0..<target.count where self[position + offset] != target[offset] {
                    matches = false
                    break
                }
                if matches { found[number] = true }
            }
            position = end
        }
    }

    /// Whether an identifier starts here.
    var atIdentifier: Bool { index < endIndex && Self.isIdentifierStart(self[index]) }

    /// An identifier: a letter or `_`, then letters, digits and `_`.
    mutating func identifier() -> (name: String, location: SourceLocation)? {
        guard atIdentifier else { return nil }
        let start = index
        while index < endIndex, Self.isWordByte(self[index]) { index += 1 }
        return (text(from: start, to: index), location(at: start))
    }

    /// Whether a number starts here (optionally after a sign when `signed`).
    func atNumber(signed: Bool) -> Bool {
        var position = index
        if signed, position < endIndex, self[position] == UInt8(ascii: "-") || self[position] == UInt8(ascii: "+") {
            position += 1
        }
        if isDigit(at: position) { return true }
        return position < endIndex && self[position] == UInt8(ascii: ".") && isDigit(at: position + 1)
    }

    /// A decimal number: `[sign] digits [. digits] [e [sign] digits]`, at most 40 characters.
    mutating func number(signed: Bool) -> (value: Double, location: SourceLocation, text: String)? {
        guard atNumber(signed: signed) else { return nil }
        let start = index
        if signed, self[index] == UInt8(ascii: "-") || self[index] == UInt8(ascii: "+") { index += 1 }
        while isDigit(at: index) { index += 1 }
        if index < endIndex, self[index] == UInt8(ascii: "."), isDigit(at: index + 1) {
            index += 1
            while isDigit(at: index) { index += 1 }
        }
        if index < endIndex, self[index] | 0x20 == UInt8(ascii: "e") {
            var offset = 1
            if index + 1 < endIndex, self[index + 1] == UInt8(ascii: "-") || self[index + 1] == UInt8(ascii: "+") {
                offset = 2
            }
            if isDigit(at: index + offset) {
                index += offset
                while isDigit(at: index) { index += 1 }
            }
        }
        let text = text(from: start, to: index)
        guard text.utf8.count <= 40, let value = Double(text), value.isFinite else {
            index = start
            return nil
        }
        return (value, location(at: start), text)
    }
}
