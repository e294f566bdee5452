/// Splits text into search tokens: maximal runs of Unicode letters, digits and combining marks,
/// lowercased, with `ё` folded to `е` (so `Ёлка`, `елка` and `ёлка` are one word).
///
/// Tokens never contain spaces, quotes or punctuation, which is what makes them safe to quote
/// in an FTS5 expression; they split where SQLite's `unicode61` tokenizer splits when that is
/// configured with `categories 'L* N* Co M*'`.
public enum Tokenizer {
    /// The tokens of `text`, in order.
    public static func tokens(_ text: some StringProtocol) -> [String] {
        var tokens: [String] = []
        forEachToken(text) { token, _ in tokens.append(String(decoding: token, as: UTF8.self)) }
        return tokens
    }

    /// `text` lowercased with `ё` folded to `е`, everything else kept.
    public static func folded(_ text: some StringProtocol) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendFolded(scalar, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The tokens of `text` with the ranges of `text` they were read from (for highlighting).
    public static func tokensWithRanges(_ text: String) -> [(token: String, range: Range<String.Index>)] {
        var tokens: [(token: String, range: Range<String.Index>)] = []
        forEachToken(text) { tokens.append((String(decoding: $0, as: UTF8.self), $1)) }
        return tokens
    }

    /// Calls `body` with the UTF-8 bytes of each token (the buffer is reused between calls) and the
    /// range of `text` it came from.
    static func forEachToken<S: StringProtocol>(_ text: S, _ body: ([UInt8], Range<S.Index>) -> Void) {
        var token: [UInt8] = []
        token.reserveCapacity(64)
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if isTokenScalar(scalar) {
                if token.isEmpty { start = index }
                appendFolded(scalar, to: &token)
            } else if !token.isEmpty {
                body(token, start..<index)
                token.removeAll(keepingCapacity: true)
            }
            index = scalars.index(after: index)
        }
        if !token.isEmpty { body(token, start..<index) }
    }

    /// Letters, digits, private-use characters (as SQLite's `unicode61` default) and combining marks
    /// (so decomposed `й` stays one token).
    static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x400...0x45F: return true
        case 0..<0x80: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }

    /// Appends the lowercase, `ё`-folded UTF-8 form of `scalar`.
    private static func appendFolded(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0x41...0x5A:
            output.append(UInt8(value + 0x20))
        case 0..<0x80:
            output.append(UInt8(value))
        case 0x401, 0x451:
            output.append(contentsOf: [0xD0, 0xB5])                  // е
        case 0x410...0x42F:
            appendUTF8(value + 0x20, to: &output)
        case 0x430...0x44F:
            appendUTF8(value, to: &output)
        case 0x308 where output.suffix(2).elementsEqual([0xD0, 0xB5]):
            break                                                   // е + diaeresis = ё → е
        case 0x306 where output.suffix(2).elementsEqual([0xD0, 0xB8]):
            output[output.count - 1] = 0xB9                         // и + breve = й
        default:
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { appendUTF8(lower.value, to: &output) }
        }
    }

    private static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        UTF8.encode(scalar) { output.append($0) }
    }
}

/// Chooses a stemmer per token by script and builds the stemmed text the search index stores.
public enum Stemmer {
    /// The stem of one token from `Tokenizer.tokens(_:)`: Russian rules for Cyrillic words,
    /// English rules for Latin words, other tokens unchanged.
    public static func stem(_ token: String) -> String {
        var token = token
        return token.withUTF8 { String(decoding: stem(bytes: Array($0)), as: UTF8.self) }
    }

    /// The stems of all tokens of `text`, separated by single spaces: the stemmed column.
    public static func stemmedText(_ text: some StringProtocol) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        Tokenizer.forEachToken(text) { token, _ in
            if !output.isEmpty { output.append(0x20) }
            output.append(contentsOf: stem(bytes: token))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Stems a token's UTF-8 bytes.
    static func stem(bytes: [UInt8]) -> [UInt8] {
        var latin = false, cyrillic = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x61 && byte <= 0x7A {
                latin = true
                index += 1
            } else if byte >= 0x30 && byte <= 0x39 {
                index += 1
            } else if index + 1 < bytes.count, RussianStemmer.isLowercaseLetter(lead: byte, trail: bytes[index + 1]) {
                cyrillic = true
                index += 2
            } else {
                return bytes
            }
        }
        if latin == cyrillic { return bytes }
        return cyrillic ? RussianStemmer.stem(utf8: bytes) : EnglishStemmer.stem(ascii: bytes)
    }
}
