/// The one escaper of markup in Lectern: HTML text and attribute values (what the DSL renders),
/// and XML text and attributes (SVG pictures, exported storyboards), and WebVTT cue text, whose
/// rules are HTML's. Every other module that writes markup calls it; none escapes on its own.
public enum Markup {
    /// Where the text goes.
    public enum Context: Sendable {
        /// HTML element content or WebVTT cue text: `&`, `<`, `>` as references; NUL dropped.
        case text
        /// An HTML attribute value in double quotes: also `"` and `'`.
        case attribute
        /// XML text or a double-quoted attribute value (SVG, storyboards): as `attribute`, and the
        /// characters XML 1.0 does not allow (controls other than tab, line feed and carriage
        /// return; U+FFFE and U+FFFF) become U+FFFD, so the document stays well-formed.
        case xml
    }

    /// `text` escaped for `context`.
    public static func escape(_ text: String, _ context: Context = .text) -> String {
        if !needsEscaping(text, context) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        escape(text, context, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` escaped for `context` to `bytes`.
    public static func escape(_ text: String, _ context: Context, into bytes: inout [UInt8]) {
        if context == .xml {
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x09, 0x0A, 0x0D: bytes.append(UInt8(scalar.value))
                case 0..<0x20, 0xFFFE, 0xFFFF: bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                case 0x80...: bytes.append(contentsOf: String(scalar).utf8)
                default: append(UInt8(scalar.value), attribute: true, to: &bytes)
                }
            }
            return
        }
        for byte in text.utf8 {
            if byte == 0 { continue }
            append(byte, attribute: context == .attribute, to: &bytes)
        }
    }

    @inline(__always)
    private static func append(_ byte: UInt8, attribute: Bool, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\"") where attribute: bytes.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'") where attribute: bytes.append(contentsOf: "&#39;".utf8)
        default: bytes.append(byte)
        }
    }

    /// Whether any byte of `text` would change, so plain text is returned as it is.
    private static func needsEscaping(_ text: String, _ context: Context) -> Bool {
        text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0: true
            case UInt8(ascii: "\""), UInt8(ascii: "'"): context != .text
            case 0xEF: context == .xml  // U+FFFE and U+FFFF start with it
            case 0x01..<0x20: context == .xml && byte != 0x09 && byte != 0x0A && byte != 0x0D
            default: false
            }
        }
    }
}
