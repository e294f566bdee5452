/// The tokens of a source file, its preprocessor directives and what normalizing it changed.
public struct TokenizedSource: Sendable, Equatable {
    public var language: SourceLanguage
    /// The tokens outside comments and directives, in order.
    public var tokens: [Token]
    /// `#define NAME value…` in order: the name and the replacement tokens.
    public var defines: [(name: Token, value: [Token])]
    /// Normalizations of pasted text, in line order.
    public var warnings: [SourceWarning]

    public static func == (lhs: TokenizedSource, rhs: TokenizedSource) -> Bool {
        lhs.language == rhs.language && lhs.tokens == rhs.tokens && lhs.warnings == rhs.warnings
            && lhs.defines.map(\.name) == rhs.defines.map(\.name) && lhs.defines.map(\.value) == rhs.defines.map(\.value)
    }
}

extension TokenizedSource {
    /// Reads the tokens of Swift or Objective-C source. Text pasted from web pages, e-books and
    /// lecture transcripts is accepted: typographic dashes read as `-`, curly quotes around
    /// string literals as straight quotes, non-breaking spaces as spaces, and a line number at
    /// the start of every line is removed; each such change is a warning naming its line.
    public static func read(_ text: String, language: SourceLanguage,
                            limits: SourceLimits = .default) throws(SourceError) -> TokenizedSource {
        guard text.utf8.count <= limits.maxBytes else {
            throw SourceError(SourcePosition(line: 1, column: 1),
                              "the file is too large: \(text.utf8.count) bytes, at most \(limits.maxBytes)")
        }
        var scalars = Array(text.unicodeScalars)
        var warnings = Warnings(limit: limits.maxWarnings)
        LineNumbers.strip(&scalars, warnings: &warnings)
        var tokenizer = Tokenizer(scalars: scalars, language: language, limits: limits, warnings: warnings)
        try tokenizer.run()
        return TokenizedSource(language: language, tokens: tokenizer.tokens, defines: tokenizer.defines,
                               warnings: tokenizer.warnings.list)
    }
}

/// Warnings without repeats: one per kind and line, at most `limit`.
struct Warnings {
    let limit: Int
    private(set) var list: [SourceWarning] = []
    private var seen: Set<String> = []
    private var dropped = 0

    init(limit: Int) { self.limit = limit }

    mutating func add(line: Int, _ message: String) {
        guard seen.insert("\(line)\u{0}\(message)").inserted else { return }
        if list.count < limit {
            list.append(SourceWarning(line: line, message))
        } else {
            dropped += 1
        }
    }
}

/// Transcript listings number every line: `12    _gravity.magnitude = 0.9;`.
enum LineNumbers {
    /// Replaces a leading line number on every non-blank line with spaces (so columns stay
    /// those of the file), when every non-blank line has one and the numbers increase.
    static func strip(_ scalars: inout [Unicode.Scalar], warnings: inout Warnings) {
        var lines: [(start: Int, numberStart: Int, numberEnd: Int)] = []
        var index = 0
        var previous = -1
        var firstLine = 0
        var lineNumber = 1
        while index <= scalars.count {
            let start = index
            var end = start
            while end < scalars.count && scalars[end] != "\n" { end += 1 }
            var cursor = start
            while cursor < end && (scalars[cursor] == " " || scalars[cursor] == "\t") { cursor += 1 }
            if cursor < end && scalars[cursor] != "\r" {
                var digitsEnd = cursor
                var value = 0
                while digitsEnd < end && digitsEnd - cursor < 6, let digit = scalars[digitsEnd].properties.numericType == .decimal
                        ? Int(String(scalars[digitsEnd])) : nil {
                    value = value * 10 + digit
                    digitsEnd += 1
                }
                let follows = digitsEnd < end ? scalars[digitsEnd] : " "
                guard digitsEnd > cursor, value > previous,
                      [" ", "\t", "\r", ".", ":", "|", "\u{A0}"].contains(follows) else { return }
                var numberEnd = digitsEnd
                if [".", ":", "|"].contains(follows) { numberEnd += 1 }
                if lines.isEmpty { firstLine = lineNumber }
                lines.append((start, cursor, numberEnd))
                previous = value
            }
            index = end + 1
            lineNumber += 1
        }
        guard lines.count >= 2 else { return }
        for line in lines {
            for i in line.numberStart..<line.numberEnd { scalars[i] = " " }
        }
        warnings.add(line: firstLine, "every line starts with a line number (a copied listing): the numbers were removed")
    }
}

/// The scanner behind `TokenizedSource.read`.
struct Tokenizer {
    let scalars: [Unicode.Scalar]
    let language: SourceLanguage
    let limits: SourceLimits
    var warnings: Warnings
    var tokens: [Token] = []
    var defines: [(name: Token, value: [Token])] = []

    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var sawLineBreak = true
    /// Open brackets: the opener and where it is.
    private var open: [(Unicode.Scalar, SourcePosition)] = []
    /// Inside a preprocessor directive: its tokens go to `directive`.
    private var directive: [Token]?
    private var tokenCount = 0

    init(scalars: [Unicode.Scalar], language: SourceLanguage, limits: SourceLimits, warnings: Warnings) {
        self.scalars = scalars
        self.language = language
        self.limits = limits
        self.warnings = warnings
    }

    private var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    static let spaces: Set<Unicode.Scalar> = ["\u{A0}", "\u{2007}", "\u{202F}", "\u{2009}", "\u{200A}", "\u{2002}",
                                             "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2008}", "\u{3000}"]
    static let dashes: Set<Unicode.Scalar> = ["\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}"]
    static let openQuotes: Set<Unicode.Scalar> = ["\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{2033}"]

    mutating func run() throws(SourceError) {
        if peek() == "\u{FEFF}" { index += 1; lineStart = 1 }
        while let c = peek() {
            switch c {
            case "\n":
                newline()
            case " ", "\t", "\r", "\u{0B}", "\u{0C}", "\u{FEFF}", "\u{200B}":
                index += 1
            case "\\" where peek(1) == "\n" || (peek(1) == "\r" && peek(2) == "\n"):
                index += peek(1) == "\r" ? 2 : 1
                newline(continuation: true)
            case _ where Self.spaces.contains(c):
                warnings.add(line: line, "a non-breaking space (U+\(hex(c))) was read as a space")
                index += 1
            case "/" where peek(1) == "/":
                while let d = peek(), d != "\n" { index += 1 }
            case "/" where peek(1) == "*":
                try blockComment()
            case _ where Self.openQuotes.contains(c):
                try string(objc: false, start: position)
            case "'", "\u{2018}", "\u{2019}":
                try character()
            case "@" where peek(1).map(Self.openQuotes.contains) ?? false:
                let start = position
                index += 1
                try string(objc: true, start: start)
            case "@" where peek(1).map(isIdentifierStart) ?? false:
                let start = position
                index += 1
                try emit(.identifier, "@" + identifierText(), at: start)
            case "#":
                try hash()
            case "`":
                let start = position
                index += 1
                let name = identifierText()
                guard peek() == "`", !name.isEmpty else { throw SourceError(start, "expected a name between backticks") }
                index += 1
                try emit(.identifier, name, at: start)
            case _ where isIdentifierStart(c):
                let start = position
                try emit(.identifier, identifierText(), at: start)
            case _ where isDigit(c) || (c == "." && peek(1).map(isDigit) == true && language == .objectiveC):
                try number()
            default:
                try punctuation()
            }
        }
        endDirective()
        if let (opener, at) = open.last {
            throw SourceError(at, "`\(opener)` is never closed")
        }
    }

    private mutating func newline(continuation: Bool = false) {
        index += 1
        line += 1
        lineStart = index
        if !continuation {
            endDirective()
            sawLineBreak = true
        }
    }

    private mutating func endDirective() {
        guard let tokens = directive else { return }
        directive = nil
        guard tokens.first?.text == "#define", tokens.count >= 2, tokens[1].isIdentifier else { return }
        // `#define NAME(x) …` takes arguments: not a constant, so not recorded.
        if tokens.count > 2, tokens[2].is("("), tokens[2].position.column == tokens[1].position.column + tokens[1].text.unicodeScalars.count {
            return
        }
        defines.append((tokens[1], Array(tokens.dropFirst(2))))
    }

    private mutating func emit(_ kind: Token.Kind, _ text: String, at position: SourcePosition) throws(SourceError) {
        tokenCount += 1
        guard tokenCount <= limits.maxTokens else {
            throw SourceError(position, "too many tokens: at most \(limits.maxTokens)")
        }
        let token = Token(kind: kind, text: text, position: position, atLineStart: sawLineBreak)
        sawLineBreak = false
        if directive != nil {
            directive?.append(token)
        } else {
            tokens.append(token)
        }
    }

    private func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || (c.value < 128 ? (c.properties.isAlphabetic) : c.properties.isAlphabetic)
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

    private mutating func identifierText() -> String {
        var text = String.UnicodeScalarView()
        while let c = peek(), isIdentifierStart(c) || isDigit(c) || (c.value >= 128 && c.properties.numericType != nil) {
            text.append(c)
            index += 1
        }
        return String(text)
    }

    private mutating func blockComment() throws(SourceError) {
        let start = position
        index += 2
        var depth = 1
        while depth > 0 {
            guard let c = peek() else { throw SourceError(start, "the comment `/*` is never closed with `*/`") }
            if c == "*" && peek(1) == "/" {
                depth -= 1
                index += 2
            } else if c == "/" && peek(1) == "*" && language == .swift {
                depth += 1
                guard depth <= limits.maxDepth else { throw SourceError(position, "comments nested too deeply") }
                index += 2
            } else if c == "\n" {
                index += 1
                line += 1
                lineStart = index
            } else {
                index += 1
            }
        }
    }

    /// `"…"`, `@"…"`, Swift `"""…"""` and `#"…"#`; a curly opening quote is closed by a curly or
    /// straight one and is a warning.
    private mutating func string(objc: Bool, start: SourcePosition, hashes: Int = 0) throws(SourceError) {
        let opener = peek()!
        if opener != "\"" {
            warnings.add(line: line, "typographic quotes (“ ”) were read as `\"`")
        }
        let multiline = opener == "\"" && peek(1) == "\"" && peek(2) == "\"" && language == .swift
        index += multiline ? 3 : 1
        var value = String.UnicodeScalarView()
        var interpolated = false
        while true {
            guard let c = peek() else { throw SourceError(start, "the string literal is never closed") }
            if multiline {
                if c == "\"" && peek(1) == "\"" && peek(2) == "\"" && closesHashes(after: 3, hashes) { index += 3 + hashes; break }
            } else if c == "\"" || (opener != "\"" && (c == "\u{201D}" || c == "\u{201C}" || c == "\u{2033}")) {
                guard closesHashes(after: 1, hashes) else { value.append(c); index += 1; continue }
                if c != "\"" { warnings.add(line: line, "typographic quotes (“ ”) were read as `\"`") }
                index += 1 + hashes
                break
            }
            if c == "\n" {
                guard multiline else { throw SourceError(start, "the string literal is never closed on its line") }
                value.append(c)
                index += 1
                line += 1
                lineStart = index
                continue
            }
            if c == "\\" && hashes == 0 {
                guard let next = peek(1) else { throw SourceError(start, "the string literal is never closed") }
                index += 2
                switch next {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "(" where language == .swift:
                    interpolated = true
                    try skipInterpolation(start: start)
                case "\n":
                    line += 1
                    lineStart = index
                default: value.append(next)
                }
                continue
            }
            value.append(c)
            index += 1
        }
        try emit(.string(objc: objc, interpolated: interpolated), String(value), at: start)
    }

    private func closesHashes(after offset: Int, _ hashes: Int) -> Bool {
        (0..<hashes).allSatisfy { peek(offset + $0) == "#" }
    }

    /// Skips `\( … )` inside a Swift string, nested parentheses included.
    private mutating func skipInterpolation(start: SourcePosition) throws(SourceError) {
        var depth = 1
        while depth > 0 {
            guard let c = peek(), c != "\n" else { throw SourceError(start, "the string interpolation is never closed") }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            guard depth <= limits.maxDepth else { throw SourceError(position, "nested too deeply") }
            index += 1
        }
    }

    /// `'a'` (Objective-C) becomes a number token with the character's code.
    private mutating func character() throws(SourceError) {
        let start = position
        let opener = peek()!
        if opener != "'" { warnings.add(line: line, "a typographic quote (\(Character(opener))) was read as `'`") }
        index += 1
        var value = String.UnicodeScalarView()
        while let c = peek(), c != "'", c != "\u{2019}", c != "\n" {
            if c == "\\", let next = peek(1) { value.append(next); index += 2; continue }
            value.append(c)
            index += 1
        }
        guard peek() == "'" || peek() == "\u{2019}" else { throw SourceError(start, "the character literal is never closed") }
        index += 1
        try emit(.string(objc: false, interpolated: false), String(value), at: start)
    }

    private mutating func hash() throws(SourceError) {
        let start = position
        if peek(1) == "\"" || (peek(1) == "#" && peek(2) == "\"") {
            var hashes = 0
            while peek() == "#" { hashes += 1; index += 1 }
            return try string(objc: false, start: start, hashes: hashes)
        }
        index += 1
        let name = identifierText()
        let lineDirectives: Set<String> = ["if", "elseif", "else", "endif", "warning", "error", "sourceLocation"]
        let isDirective = language == .objectiveC ? sawLineBreak || tokens.isEmpty : lineDirectives.contains(name)
        if isDirective && directive == nil {
            directive = []
            if name == "import" || name == "include" {
                // `#import <UIKit/UIKit.h>`: nothing of it matters.
                while let c = peek(), c != "\n" { index += 1 }
            }
        }
        try emit(name.isEmpty ? .punctuation : .identifier, "#" + name, at: start)
    }

    private mutating func number() throws(SourceError) {
        let start = position
        var text = ""
        if peek() == "0", let x = peek(1), x == "x" || x == "X" {
            index += 2
            var value: UInt64 = 0
            var digits = 0
            while let c = peek(), c.properties.isASCIIHexDigit || c == "_" {
                if c != "_" {
                    guard digits < 15 else { throw SourceError(start, "the number is too large") }
                    value = value * 16 + UInt64(Int(String(c), radix: 16) ?? 0)
                    digits += 1
                }
                index += 1
            }
            guard digits > 0 else { throw SourceError(start, "expected hexadecimal digits after 0x") }
            text = String(value)
        } else {
            func digits(_ t: inout Tokenizer, _ text: inout String) {
                while let c = t.peek(), t.isDigit(c) || (c == "_" && t.language == .swift) {
                    if c != "_" { text.unicodeScalars.append(c) }
                    t.index += 1
                }
            }
            digits(&self, &text)
            if peek() == ".", let next = peek(1), isDigit(next) {
                text += "."
                index += 1
                digits(&self, &text)
            } else if peek() == ".", language == .objectiveC, !(peek(1).map(isIdentifierStart) ?? false) {
                text += ".0"
                index += 1
            }
            if let e = peek(), e == "e" || e == "E",
               let next = peek(1), isDigit(next) || ((next == "-" || next == "+") && peek(2).map(isDigit) == true) {
                text += "e"
                index += 1
                if next == "-" || next == "+" { text.unicodeScalars.append(next); index += 1 }
                digits(&self, &text)
            }
            guard text.count <= 40 else { throw SourceError(start, "the number is too long") }
        }
        if language == .objectiveC {
            while let s = peek(), ["f", "F", "l", "L", "u", "U"].contains(s) { index += 1 }
        }
        if let c = peek(), isIdentifierStart(c) {
            throw SourceError(position, "unexpected `\(Character(c))` after the number \(text)")
        }
        try emit(.number, text, at: start)
    }

    static let operators: [String] = ["...", "..<", "===", "!==", "==", "!=", "<=", ">=", "->", "&&", "||", "+=", "-=",
                                      "*=", "/=", "??", "<<", ">>", "++", "--"]
    static let singles: Set<Unicode.Scalar> = ["(", ")", "[", "]", "{", "}", ",", ";", ":", ".", "=", "+", "-", "*", "/",
                                              "%", "<", ">", "!", "?", "&", "|", "^", "~", "@", "\\"]

    private func normalized(_ offset: Int) -> Unicode.Scalar? {
        guard let c = peek(offset) else { return nil }
        return Self.dashes.contains(c) ? "-" : c
    }

    private mutating func punctuation() throws(SourceError) {
        let start = position
        guard let c = normalized(0) else { return }
        if c == "-", let raw = peek(), raw != "-" {
            warnings.add(line: line, "a typographic dash (\(Character(raw))) was read as `-`")
        }
        var text = String(Character(c))
        if let d = normalized(1) {
            let two = text + String(Character(d))
            let three = normalized(2).map { two + String(Character($0)) }
            if let three, Self.operators.contains(three) {
                text = three
            } else if Self.operators.contains(two) {
                text = two
            }
        }
        guard Self.singles.contains(c) else {
            throw SourceError(start, "unexpected character `\(Character(c))` (U+\(hex(c)))")
        }
        for offset in 1..<text.unicodeScalars.count {
            if let raw = peek(offset), Self.dashes.contains(raw) {
                warnings.add(line: line, "a typographic dash (\(Character(raw))) was read as `-`")
            }
        }
        index += text.unicodeScalars.count
        switch c {
        case "(", "[", "{":
            open.append((c, start))
            guard open.count <= limits.maxDepth else {
                throw SourceError(start, "nested too deeply: at most \(limits.maxDepth) levels of brackets")
            }
        case ")", "]", "}":
            let expected: Unicode.Scalar = c == ")" ? "(" : c == "]" ? "[" : "{"
            guard let (opener, at) = open.last else { throw SourceError(start, "`\(c)` closes nothing") }
            guard opener == expected else { throw SourceError(start, "`\(c)` does not close the `\(opener)` opened at \(at)") }
            open.removeLast()
        default:
            break
        }
        try emit(.punctuation, text, at: start)
    }
}

func hex(_ c: Unicode.Scalar) -> String {
    let digits = String(c.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
