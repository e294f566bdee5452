/// A statement of the source: its tokens up to `;`, the end of its line (Swift) or a brace.
public struct Statement: Sendable, Equatable {
    public let tokens: [Token]

    /// Where the statement starts.
    public var position: SourcePosition { tokens.first?.position ?? SourcePosition(line: 1, column: 1) }

    /// The statement as written, for messages.
    public var text: String { sourceText(tokens[...]) }
}

/// A braced block and the tokens before its `{` (a method's signature, `if (!_gravity)`,
/// `lazy var gravity: UIGravityBehavior =`), or the whole file.
public struct SourceBlock: Sendable, Equatable {
    public let header: [Token]
    public var body: [SourceNode]
    /// Where the block's `{` is (1:1 for the file).
    public let position: SourcePosition

    /// The header as written, for messages.
    public var headerText: String { sourceText(header[...]) }

    /// Every statement in the block and in the blocks inside it, in source order, with the
    /// headers of the blocks around it (outermost first, this block excluded).
    public func allStatements() -> [(statement: Statement, context: [SourceBlock])] {
        var out: [(Statement, [SourceBlock])] = []
        var pending: [(node: SourceNode, context: [SourceBlock])] = body.reversed().map { ($0, []) }
        while let (node, context) = pending.popLast() {
            switch node {
            case .statement(let statement):
                out.append((statement, context))
            case .block(let block):
                var inner = context
                inner.append(block)
                pending.append(contentsOf: block.body.reversed().map { ($0, inner) })
            }
        }
        return out
    }
}

/// A statement or a block.
public enum SourceNode: Sendable, Equatable {
    case statement(Statement)
    case block(SourceBlock)
}

/// A Swift or Objective-C file read into statements and blocks. Nothing in it is run.
public struct SourceFile: Sendable, Equatable {
    public let language: SourceLanguage
    public let root: SourceBlock
    /// `#define NAME value` constants, in source order.
    public let defines: [(name: Token, value: [Token])]
    /// What normalizing pasted text changed.
    public let warnings: [SourceWarning]

    public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.language == rhs.language && lhs.root == rhs.root && lhs.warnings == rhs.warnings
            && lhs.defines.map(\.name) == rhs.defines.map(\.name)
    }

    /// Reads a file; the language is detected when not given (Swift when nothing tells).
    public static func read(_ text: String, language: SourceLanguage? = nil,
                            limits: SourceLimits = .default) throws(SourceError) -> SourceFile {
        let language = language ?? SourceLanguage.detect(text) ?? .swift
        let tokenized = try TokenizedSource.read(text, language: language, limits: limits)
        let root = StatementSplitter(language: language).split(tokenized.tokens)
        return SourceFile(language: language, root: root, defines: tokenized.defines, warnings: tokenized.warnings)
    }

    /// The value of `#define NAME …` as an expression, following defines that name defines.
    public func define(_ name: String, limits: SourceLimits = .default) -> Expression? {
        var current = name
        for _ in 0..<limits.maxExpansion {
            guard let entry = defines.last(where: { $0.name.text == current }) else { return nil }
            guard let expression = try? ExpressionParser.parse(entry.value[...], language: language) else { return nil }
            if case .name(let next) = expression, defines.contains(where: { $0.name.text == next }) {
                current = next
                continue
            }
            return expression
        }
        return nil
    }
}

/// Splits tokens into statements and braced blocks.
struct StatementSplitter {
    let language: SourceLanguage

    private struct Frame {
        var header: [Token]
        var position: SourcePosition
        var body: [SourceNode] = []
        var current: [Token] = []
        var depth = 0
        var expressionBraces = 0
    }

    /// Tokens that, ending a Swift line, continue the statement on the next line.
    private static let continuing: Set<String> = ["=", ",", ".", "+", "-", "*", "/", "&&", "||", ":", "(", "[", "??",
                                                  "==", "!=", "<", ">", "<=", ">=", "->", "+=", "-=", "*=", "/=", "|", "&"]
    /// Tokens that, starting a Swift line, continue the previous statement.
    private static let leading: Set<String> = [".", ",", ")", "]", "&&", "||", "??", "+", "*", "/", "==", "->", "|", ":"]

    /// Objective-C keywords that start a new statement even without a `;` before them.
    private static let objcSections: Set<String> = ["@interface", "@implementation", "@end", "@property", "@synthesize",
                                                   "@protocol", "@optional", "@required", "@class"]

    func split(_ tokens: [Token]) -> SourceBlock {
        var stack = [Frame(header: [], position: SourcePosition(line: 1, column: 1))]
        func flush(_ frame: inout Frame) {
            if !frame.current.isEmpty { frame.body.append(.statement(Statement(tokens: frame.current))) }
            frame.current = []
            frame.depth = 0
        }
        for (offset, token) in tokens.enumerated() {
            var top = stack.removeLast()
            defer { stack.append(top) }
            if language == .swift, token.atLineStart, top.depth == 0, top.expressionBraces == 0,
               let last = top.current.last,
               !(last.kind == .punctuation && Self.continuing.contains(last.text)),
               !(token.kind == .punctuation && Self.leading.contains(token.text)) {
                flush(&top)
            }
            if language == .objectiveC, token.atLineStart, top.depth == 0, let first = top.current.first,
               first.isIdentifier, Self.objcSections.contains(first.text), !token.is("{") {
                // `@implementation Name` and `@interface Name : Super` end at their line.
                flush(&top)
            }
            if language == .objectiveC, token.isIdentifier, top.depth == 0, Self.objcSections.contains(token.text) {
                flush(&top)
                if token.text == "@end" {
                    top.body.append(.statement(Statement(tokens: [token])))
                    continue
                }
            }
            if token.kind == .punctuation {
                switch token.text {
                case ";" where top.depth == 0:
                    flush(&top)
                    continue
                case "(", "[":
                    top.depth += 1
                case ")", "]":
                    top.depth = max(0, top.depth - 1)
                case "{":
                    if offset > 0, tokens[offset - 1].is("@") {
                        top.expressionBraces += 1
                        top.depth += 1
                    } else {
                        let header = top.current
                        top.current = []
                        top.depth = 0
                        stack.append(top)
                        top = Frame(header: header, position: token.position)
                        continue
                    }
                case "}":
                    if top.expressionBraces > 0 {
                        top.expressionBraces -= 1
                        top.depth = max(0, top.depth - 1)
                    } else if stack.count >= 1 {
                        flush(&top)
                        let block = SourceBlock(header: top.header, body: top.body, position: top.position)
                        top = stack.removeLast()
                        top.body.append(.block(block))
                        continue
                    }
                default:
                    break
                }
            }
            top.current.append(token)
        }
        var frame = stack.removeLast()
        flush(&frame)
        // An unclosed block cannot remain: the tokenizer checks that brackets balance.
        while let outer = stack.popLast() {
            var parent = outer
            parent.body.append(.block(SourceBlock(header: frame.header, body: frame.body, position: frame.position)))
            frame = parent
        }
        return SourceBlock(header: frame.header, body: frame.body, position: frame.position)
    }
}
