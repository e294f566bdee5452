/// Cue payload markup of WebVTT and SRT: tags (`<i>`, `<c.x>`, `<v Name>`, `<00:01.000>`)
/// and character references (`&amp;`, `&#x7B;`). Works on UTF-8 bytes: every delimiter is ASCII.
enum CueMarkup {
    /// Longest `<…>` recognised as a tag; longer runs stay text (and keep scanning linear).
    static let maxTagLength = 256
    /// Longest `&…;` recognised as a character reference.
    static let maxReferenceLength = 12

    /// The payload without tags, and the first voice (`<v Name>`) named in it.
    /// With `knownTagsOnly`, only formatting tags are removed (SRT, where `<` is plain text).
    static func stripTags(_ payload: String, knownTagsOnly: Bool) -> (text: String, voice: String?) {
        guard payload.utf8.contains(UInt8(ascii: "<")) else { return (payload, nil) }
        let bytes = Array(payload.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var voice: String?
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"),
               let close = bytes[index..<min(bytes.count, index + maxTagLength)].firstIndex(of: UInt8(ascii: ">")),
               let tag = tag(bytes[(index + 1)..<close], knownTagsOnly: knownTagsOnly) {
                if voice == nil, tag.isVoice {
                    let name = CueText.collapsingWhitespace(decodeEntities(String(decoding: tag.annotation, as: UTF8.self)))
                    voice = name.isEmpty ? nil : name
                }
                index = close + 1
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return (String(decoding: output, as: UTF8.self), voice)
    }

    /// Decodes `&name;`, `&#123;` and `&#x7B;`; unknown references stay as written.
    static func decodeEntities(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return String(text) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (scalar, next) = reference(in: bytes, at: index) {
                UTF8.encode(scalar) { output.append($0) }
                index = next
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let formattingTags: Set<[UInt8]> = Set(
        ["i", "b", "u", "c", "v", "lang", "ruby", "rt", "font", "span"].map { Array($0.utf8) })

    /// Whether the content of `<…>` is a tag (a name of ASCII letters with optional `.classes`, or a
    /// timestamp), whether it is a voice, and its annotation (the text after the first space).
    private static func tag(_ content: ArraySlice<UInt8>, knownTagsOnly: Bool) -> (isVoice: Bool, annotation: ArraySlice<UInt8>)? {
        var body = content
        if body.first == UInt8(ascii: "/") { body = body.dropFirst() }
        let head = body.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A }
        let name = head.prefix { $0 != UInt8(ascii: ".") }
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        if !knownTagsOnly, let first = name.first, isDigit(first) {
            return name.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) ? (false, []) : nil
        }
        let lowercased = name.map { $0 | 0x20 }
        guard !name.isEmpty, name.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return nil }
        if knownTagsOnly && !formattingTags.contains(lowercased) { return nil }
        return (name.elementsEqual([UInt8(ascii: "v")]), body[head.endIndex...])
    }

    private static let namedReferences: [[UInt8]: Unicode.Scalar] = Dictionary(uniqueKeysWithValues: [
        ("amp", "&"), ("lt", "<"), ("gt", ">"), ("quot", "\""), ("apos", "'"), ("nbsp", "\u{00A0}"),
        ("lrm", "\u{200E}"), ("rlm", "\u{200F}"),
    ].map { (Array($0.0.utf8), $0.1) })

    /// Decodes the reference starting with the `&` at `index`: the scalar and the index after `;`.
    private static func reference(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let window = bytes[(index + 1)..<min(bytes.count, index + 1 + maxReferenceLength)]
        guard let semicolon = window.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let name = bytes[(index + 1)..<semicolon]
        if let scalar = namedReferences[Array(name)] { return (scalar, semicolon + 1) }
        guard name.first == UInt8(ascii: "#") else { return nil }
        var digits = name.dropFirst()
        var radix: UInt32 = 10
        if let marker = digits.first, marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = hexValue(byte), digit < radix else { return nil }
            value = value * radix + digit
        }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, semicolon + 1)
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
