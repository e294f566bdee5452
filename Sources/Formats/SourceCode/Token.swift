/// The languages the reader understands.
public enum SourceLanguage: String, Sendable, Equatable, CaseIterable {
    case swift
    case objectiveC = "objc"

    /// The language a text is most likely written in, from marks only one of them has
    /// (`@implementation`, `#import`, `[[…alloc]`, `@"…"` against `func`, `let`, `import UIKit`);
    /// `nil` when neither shows.
    public static func detect(_ text: String) -> SourceLanguage? {
        let marks = TextMarks(text)
        var objc = 0
        var swift = 0
        for mark in ["@implementation", "@interface", "#import", "@end", "alloc]", "@\"", "@\u{201C}", "- (", "\u{2014} (",
                     "\u{2013} (", "YES;", "NO;"] where marks.contains(mark) {
            objc += 1
        }
        for mark in ["func ", "let ", "var ", "import UIKit", "override ", "lazy var", ": UI", "isActive = true"]
            where marks.contains(mark) {
            swift += 1
        }
        if objc == 0 && swift == 0 { return nil }
        return objc > swift ? .objectiveC : .swift
    }
}

/// A 1-based line and column in the source (columns count Unicode scalars).
public struct SourcePosition: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `LINE:COL`.
    public var description: String { "\(line):\(column)" }
}

/// One token of Swift or Objective-C source.
public struct Token: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name or keyword (`self`, `_gravity`, `#selector`, `@interface` keep their sigil).
        case identifier
        /// A number; `text` is the literal without a `f`/`F` suffix or `_` separators.
        case number
        /// A string literal; `text` is its value with escapes resolved. `objc` marks `@"…"`.
        case string(objc: Bool, interpolated: Bool)
        /// Punctuation or an operator (`[`, `:`, `==`, `->`, `@`).
        case punctuation
    }

    public let kind: Kind
    public let text: String
    public let position: SourcePosition
    /// Whether a line break comes before the token (Swift statements end at line breaks).
    public let atLineStart: Bool

    public init(kind: Kind, text: String, position: SourcePosition, atLineStart: Bool = false) {
        self.kind = kind
        self.text = text
        self.position = position
        self.atLineStart = atLineStart
    }

    public var isIdentifier: Bool { kind == .identifier }
    public var isString: Bool { if case .string = kind { true } else { false } }

    /// Whether the token is this punctuation.
    public func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
}

/// The source as written, for messages: tokens joined with the spacing a reader expects.
public func sourceText(_ tokens: ArraySlice<Token>) -> String {
    var out = ""
    var previous: Token?
    for token in tokens {
        if let previous, needsSpace(previous, token) { out += " " }
        switch token.kind {
        case .string(let objc, _):
            out += (objc ? "@\"" : "\"") + escaped(token.text) + "\""
        default:
            out += token.text
        }
        previous = token
    }
    return out
}

private func needsSpace(_ a: Token, _ b: Token) -> Bool {
    let tight: Set<String> = [".", "(", "[", "@", "!", "^", "&"]
    let tightAfter: Set<String> = [".", ")", "]", ",", ";", ":", "?"]
    if a.kind == .punctuation, tight.contains(a.text) { return false }
    if b.kind == .punctuation, tightAfter.contains(b.text) { return b.text == ":" ? false : false }
    if b.is("("), a.isIdentifier, ["if", "for", "while", "switch", "return", "guard"].contains(a.text) { return true }
    if b.is("("), a.isIdentifier || a.is(")") || a.is("]") { return false }
    if b.is("["), a.isIdentifier { return false }
    if a.is(":") || a.is(",") { return true }
    if a.kind == .punctuation && a.text == "-" && b.kind == .number { return false }
    return true
}

private func escaped(_ text: String) -> String {
    var out = ""
    for ch in text {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.append(ch)
        }
    }
    return out
}
