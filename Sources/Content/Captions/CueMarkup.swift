/// Cue payload markup of WebVTT and SRT: tags (`<i>`, `<c.x>`, `<v Name>`, `<00:01.000>`)
/// and character references (`&amp;`, `&#x7B;`). Works on UTF-8 bytes: every delimiter is ASCII.
enum CueMarkup {
    /// Longest `<…>` recognised as an SRT tag; longer runs stay text (and keep scanning linear).
    static let maxTagLength = 256

    /// The payload without tags, and the first voice (`<v Name>`) named in it.
    ///
    /// WebVTT (`knownTagsOnly` false) removes tags as the cue-text tokenizer does: everything from
    /// `<` to the next `>`, and from an unterminated `<` to the end. SRT (`knownTagsOnly` true),
    /// where `<` is plain text, removes only formatting tags (`<i>`, `<s>`, `<font color=…>`…) and
    /// `{\…}` override codes.
    static func stripTags(_ payload: String, knownTagsOnly: Bool) -> (text: String, voice: String?) {
        let bytes = Array(payload.utf8)
        guard bytes.contains(UInt8(ascii: "<")) || (knownTagsOnly && bytes.contains(UInt8(ascii: "{"))) else {
            return (payload, nil)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var voice: String?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), !knownTagsOnly {
                let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                if voice == nil, let name = voiceName(bytes[(index + 1)..<close]) { voice = name }
                index = min(close + 1, bytes.count)
            } else if byte == UInt8(ascii: "<"),
                      let close = bytes[index..<min(bytes.count, index + maxTagLength)].firstIndex(of: UInt8(ascii: ">")),
                      isFormattingTag(bytes[(index + 1)..<close]) {
                if isLineBreak(bytes[(index + 1)..<close]) { output.append(0x20) }
                index = close + 1
            } else if knownTagsOnly, byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                      let close = bytes[index..<min(bytes.count, index + maxTagLength)].firstIndex(of: UInt8(ascii: "}")) {
                index = close + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return (String(decoding: output, as: UTF8.self), voice)
    }

    /// The voice of a `<v Name>` or `<v.class Name>` start tag: its annotation, character references
    /// decoded and whitespace collapsed; nil for other tags or an empty name.
    private static func voiceName(_ content: ArraySlice<UInt8>) -> String? {
        let head = content.prefix { !CueTiming.isWhitespace($0) && $0 != 0x0A }
        guard head.prefix(while: { $0 != UInt8(ascii: ".") }).elementsEqual([UInt8(ascii: "v")]) else { return nil }
        let name = CueText.collapsingWhitespace(decodeEntities(String(decoding: content[head.endIndex...], as: UTF8.self)))
        return name.isEmpty ? nil : name
    }

    private static let formattingTags: Set<[UInt8]> = Set(
        ["i", "b", "u", "s", "c", "v", "lang", "ruby", "rt", "font", "span", "strike", "em", "strong", "small",
         "big", "sub", "sup", "br"].map { Array($0.utf8) })

    /// An SRT formatting tag: a known name (any case), optionally closing, with attributes after a space.
    private static func isFormattingTag(_ content: ArraySlice<UInt8>) -> Bool {
        var body = content
        if body.first == UInt8(ascii: "/") { body = body.dropFirst() }
        if body.last == UInt8(ascii: "/") { body = body.dropLast() }
        let name = body.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != UInt8(ascii: ".") }
        return !name.isEmpty && formattingTags.contains(name.map { $0 | 0x20 })
    }

    private static func isLineBreak(_ content: ArraySlice<UInt8>) -> Bool {
        let name = content.prefix { $0 != 0x20 && $0 != UInt8(ascii: "/") }
        return name.map { $0 | 0x20 }.elementsEqual("br".utf8)
    }

    /// Decodes character references as HTML does in text: every named reference of the HTML list
    /// (the longest name that matches; the legacy names also without `;`), and `&#123;` / `&#x7B;`
    /// (NUL, surrogates and values past U+10FFFF become U+FFFD, C1 values their Windows-1252
    /// characters). Anything else stays as written.
    static func decodeEntities(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return String(text) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (replacement, next) = reference(in: bytes, at: index) {
                output.append(contentsOf: replacement.utf8)
                index = next
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The named references, read once from the generated table.
    private static let namedReferences: [String: String] = {
        var table: [String: String] = [:]
        table.reserveCapacity(NamedCharacterReferences.count)
        for line in NamedCharacterReferences.table.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            table[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return table
    }()

    /// Decodes the reference starting with the `&` at `index`: its text and the index after it.
    private static func reference(in bytes: [UInt8], at index: Int) -> (String, Int)? {
        let start = index + 1
        guard start < bytes.count else { return nil }
        if bytes[start] == UInt8(ascii: "#") { return numericReference(in: bytes, at: start + 1) }
        var end = start
        while end < bytes.count, end - start < NamedCharacterReferences.maxNameLength, isAlphanumeric(bytes[end]) {
            end += 1
        }
        guard end > start else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";"),
           let text = namedReferences[String(decoding: bytes[start...end], as: UTF8.self)] {
            return (text, end + 1)
        }
        // Legacy names match without their semicolon, longest first (`&notit;` is `¬it;`).
        var candidateEnd = end
        while candidateEnd > start {
            if let text = namedReferences[String(decoding: bytes[start..<candidateEnd], as: UTF8.self)] {
                return (text, candidateEnd)
            }
            candidateEnd -= 1
        }
        return nil
    }

    /// `&#` followed by decimal digits, or `x` and hex digits, and an optional `;`.
    private static func numericReference(in bytes: [UInt8], at index: Int) -> (String, Int)? {
        var position = index
        var radix: UInt32 = 10
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            position += 1
        }
        var value: UInt32 = 0
        let digitsStart = position
        while position < bytes.count, let digit = hexValue(bytes[position]), digit < radix {
            value = min(value * radix + digit, 0x110000)
            position += 1
        }
        guard position > digitsStart else { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: ";") { position += 1 }
        let scalar: Unicode.Scalar
        if (0x80...0x9F).contains(value), let mapped = WindowsLatin1.scalar(UInt8(value)) {
            scalar = mapped
        } else {
            scalar = value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return (String(Character(scalar)), position)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
