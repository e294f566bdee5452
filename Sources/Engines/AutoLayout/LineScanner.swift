/// A cursor over one line of layout text (as UTF-8), tracking columns for error messages.
/// The grammar is ASCII; other characters only ever appear in messages and source forms.
struct LineScanner {
    private let bytes: [UInt8]
    private let isASCII: Bool
    let line: Int
    private(set) var index = 0

    init(_ text: Substring, line: Int) {
        bytes = Array(text.utf8)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        self.line = line
    }

    /// The length of the line in UTF-8 bytes; also the position after its last character.
    var endIndex: Int { bytes.count }
    var atEnd: Bool { index >= bytes.count }

    /// The character at the current position (U+FFFD for any non-ASCII character).
    var peek: Unicode.Scalar? { peek(offset: 0) }

    func peek(offset: Int) -> Unicode.Scalar? {
        let i = index + offset
        guard i < bytes.count else { return nil }
        return bytes[i] < 0x80 ? Unicode.Scalar(bytes[i]) : "\u{FFFD}"
    }

    /// The location of the current position.
    var location: SourceLocation { location(at: index) }

    /// The location of a position; columns count Unicode scalars, not bytes.
    func location(at position: Int) -> SourceLocation {
        let clamped = min(max(0, position), bytes.count)
        let column = isASCII ? clamped + 1 : bytes[..<clamped].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(line: line, column: column)
    }

    /// The source text between two positions.
    func text(from start: Int, to end: Int) -> String {
        let lower = min(max(0, start), bytes.count)
        return String(decoding: bytes[lower..<min(max(lower, end), bytes.count)], as: UTF8.self)
    }

    /// What is at the current position, for "found …" in messages.
    var found: String {
        guard index < bytes.count else { return "end of line" }
        if bytes[index] == 0x20 || bytes[index] == 0x09 { return "a space" }
        var end = index
        while end < bytes.count, end - index < 24, Self.isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
            end += 1
        }
        if end == index {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        return "'\(text(from: index, to: end))'"
    }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
    }

    /// Consumes `literal` if the text continues with it.
    mutating func consume(_ literal: String) -> Bool {
        var position = index
        for byte in literal.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
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
        position < bytes.count && bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9")
    }

    /// Steps over one byte, or over a whole run of word bytes (so that no identifier is found
    /// inside a number or a word).
    mutating func skipOne() {
        guard index < bytes.count else { return }
        if Self.isWordByte(bytes[index]) {
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        } else {
            index += 1
        }
    }

    /// Whether the line, from the current position on, has `word` as a whole identifier (not
    /// inside a longer word or a number), without making strings.
    func containsWord(_ word: String) -> Bool {
        let target = Array(word.utf8)
        guard !target.isEmpty else { return false }
        var position = index
        while position + target.count <= bytes.count {
            let startsWord = position == 0 || !Self.isWordByte(bytes[position - 1])
            if startsWord, bytes[position] == target[0] {
                var matches = true
                for offset in 1..<target.count where bytes[position + offset] != target[offset] {
                    matches = false
                    break
                }
                let end = position + target.count
                if matches, end == bytes.count || !Self.isWordByte(bytes[end]) { return true }
            }
            position += 1
        }
        return false
    }

    /// Whether an identifier starts here.
    var atIdentifier: Bool { index < bytes.count && Self.isIdentifierStart(bytes[index]) }

    /// An identifier: a letter or `_`, then letters, digits and `_`.
    mutating func identifier() -> (name: String, location: SourceLocation)? {
        guard atIdentifier else { return nil }
        let start = index
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        return (text(from: start, to: index), location(at: start))
    }

    /// Whether a number starts here (optionally after a sign when `signed`).
    func atNumber(signed: Bool) -> Bool {
        var position = index
        if signed, position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            position += 1
        }
        if isDigit(at: position) { return true }
        return position < bytes.count && bytes[position] == UInt8(ascii: ".") && isDigit(at: position + 1)
    }

    /// A decimal number: `[sign] digits [. digits] [e [sign] digits]`, at most 40 characters.
    mutating func number(signed: Bool) -> (value: Double, location: SourceLocation, text: String)? {
        guard atNumber(signed: signed) else { return nil }
        let start = index
        if signed, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while isDigit(at: index) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(at: index + 1) {
            index += 1
            while isDigit(at: index) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var offset = 1
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") || bytes[index + 1] == UInt8(ascii: "+") {
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
