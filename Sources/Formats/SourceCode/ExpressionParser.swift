/// Reads statements and expressions of the restricted language from tokens.
public struct ExpressionParser {
    let tokens: ArraySlice<Token>
    let language: SourceLanguage
    private var index: Int
    private var depth = 0
    private static let maxDepth = 64

    init(_ tokens: ArraySlice<Token>, language: SourceLanguage) {
        self.tokens = tokens
        self.language = language
        self.index = tokens.startIndex
    }

    /// The whole token range as one expression.
    public static func parse(_ tokens: ArraySlice<Token>, language: SourceLanguage) throws(ParseFailure) -> Expression {
        var parser = ExpressionParser(tokens, language: language)
        let expression = try parser.expression()
        try parser.expectEnd()
        return expression
    }

    /// A statement: a declaration, an assignment, a return or an expression.
    public static func statement(_ statement: Statement, language: SourceLanguage) throws(ParseFailure) -> StatementForm {
        var parser = ExpressionParser(statement.tokens[...], language: language)
        return try parser.statementForm()
    }

    private static let modifiers: Set<String> = ["static", "const", "private", "fileprivate", "public", "internal", "open",
                                                 "lazy", "weak", "strong", "unowned", "final", "override", "extern",
                                                 "__weak", "__strong", "__block", "nonnull", "nullable", "_Nonnull",
                                                 "_Nullable", "@objc", "@IBOutlet", "@IBAction", "@MainActor"]

    private var current: Token? { index < tokens.endIndex ? tokens[index] : nil }
    private func peek(_ offset: Int) -> Token? { index + offset < tokens.endIndex ? tokens[index + offset] : nil }
    private var here: SourcePosition {
        current?.position ?? tokens.last.map { SourcePosition(line: $0.position.line, column: $0.position.column + $0.text.count) }
            ?? SourcePosition(line: 1, column: 1)
    }

    private mutating func expectEnd() throws(ParseFailure) {
        if let token = current { throw ParseFailure(token.position, "unexpected `\(token.text)`") }
    }

    private mutating func expect(_ punctuation: String) throws(ParseFailure) {
        guard let token = current, token.is(punctuation) else {
            throw ParseFailure(here, "expected `\(punctuation)`" + (current.map { " before `\($0.text)`" } ?? ""))
        }
        index += 1
    }

    mutating func statementForm() throws(ParseFailure) -> StatementForm {
        while let token = current, token.isIdentifier, Self.modifiers.contains(token.text) { index += 1 }
        guard let first = current else { throw ParseFailure(here, "empty statement") }
        if first.isIdentifier && first.text == "return" {
            index += 1
            if current == nil { return .returns(nil) }
            let value = try expression()
            try expectEnd()
            return .returns(value)
        }
        if first.isIdentifier && (first.text == "let" || first.text == "var"), language == .swift {
            index += 1
            guard let name = current, name.isIdentifier else { throw ParseFailure(here, "expected a name after `\(first.text)`") }
            index += 1
            var type: String?
            if current?.is(":") == true {
                index += 1
                var typeTokens: [String] = []
                while let token = current, !token.is("="), !token.is("{") {
                    typeTokens.append(token.text)
                    index += 1
                }
                type = typeTokens.joined()
            }
            var value: Expression?
            if current?.is("=") == true {
                index += 1
                if current != nil { value = try expression() }
            }
            try expectEnd()
            return .declaration(name: name.text, type: type, value: value)
        }
        if language == .objectiveC, let declaration = try objcDeclaration() { return declaration }
        let target = try expression()
        if let token = current, token.kind == .punctuation, ["=", "+=", "-=", "*=", "/="].contains(token.text) {
            index += 1
            let value = try expression()
            try expectEnd()
            return .assignment(target: target, op: token.text, value: value)
        }
        try expectEnd()
        return .expression(target)
    }

    /// `Type *name = value` or `Type name = value` (with optional qualifiers), or nil when the
    /// statement does not start like a declaration.
    private mutating func objcDeclaration() throws(ParseFailure) -> StatementForm? {
        let start = index
        var names: [Token] = []
        var sawStar = false
        while let token = current {
            if token.isIdentifier && !token.text.hasPrefix("@") {
                names.append(token)
                index += 1
            } else if token.is("*") {
                sawStar = true
                index += 1
            } else if token.is("<"), !names.isEmpty {
                // `NSDictionary<NSString *, id> *views`: skip the generic arguments.
                var level = 0
                repeat {
                    if current?.is("<") == true { level += 1 }
                    if current?.is(">") == true { level -= 1 }
                    index += 1
                } while level > 0 && current != nil
            } else {
                break
            }
        }
        let declares = names.count >= 2 && (current == nil || current!.is("=") || current!.is(";"))
            && names.dropLast().allSatisfy { !$0.text.isEmpty }
        guard declares || (sawStar && names.count >= 2) else {
            index = start
            return nil
        }
        guard declares else {
            index = start
            return nil
        }
        let name = names.last!.text
        let type = names.dropLast().map(\.text).filter { !Self.modifiers.contains($0) }.joined(separator: " ")
        var value: Expression?
        if current?.is("=") == true {
            index += 1
            value = try expression()
        }
        try expectEnd()
        return .declaration(name: name, type: type + (sawStar ? " *" : ""), value: value)
    }

    // MARK: Expressions

    public mutating func expression() throws(ParseFailure) -> Expression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw ParseFailure(here, "the expression is nested too deeply") }
        let condition = try binary(0)
        if current?.is("?") == true {
            index += 1
            let yes = try expression()
            try expect(":")
            let no = try expression()
            return .conditional(condition, yes, no)
        }
        return condition
    }

    private static let precedence: [String: Int] = [
        "??": 1, "||": 2, "&&": 3, "==": 4, "!=": 4, "<": 4, ">": 4, "<=": 4, ">=": 4, "===": 4, "!==": 4,
        "|": 5, "^": 5, "&": 6, "<<": 7, ">>": 7, "+": 8, "-": 8, "*": 9, "/": 9, "%": 9,
    ]

    private mutating func binary(_ minimum: Int) throws(ParseFailure) -> Expression {
        var left = try unary()
        while let token = current, token.kind == .punctuation, let level = Self.precedence[token.text], level > minimum {
            // In a message, `[a b:c]` never continues with a binary operator that starts a selector.
            index += 1
            let right = try binary(level)
            left = .binary(token.text, left, right)
        }
        return left
    }

    private mutating func unary() throws(ParseFailure) -> Expression {
        guard let token = current else { throw ParseFailure(here, "expected an expression") }
        if token.kind == .punctuation, ["-", "+", "!", "&", "~", "*"].contains(token.text) {
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw ParseFailure(here, "the expression is nested too deeply") }
            let operand = try unary()
            if token.text == "-", case .number(let value) = operand { return .number(-value) }
            if token.text == "+" { return operand }
            return .unary(token.text, operand)
        }
        if language == .objectiveC, token.is("("), let cast = castType() {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw ParseFailure(here, "the expression is nested too deeply") }
            return .cast(cast, try unary())
        }
        return try postfix()
    }

    /// `(CGFloat)` or `(UIView *)` before an operand: the type, and the cursor after `)`.
    private mutating func castType() -> String? {
        var offset = 1
        var words: [String] = []
        while let token = peek(offset), token.isIdentifier || token.is("*") {
            words.append(token.text)
            offset += 1
        }
        guard !words.isEmpty, words.first != "*", peek(offset)?.is(")") == true, let next = peek(offset + 1) else { return nil }
        let startsOperand = next.isIdentifier || next.kind == .number || next.isString || next.is("(") || next.is("[")
            || next.is("@") || (next.is("-") && words.count == 1 && words[0].first?.isUppercase == true)
        guard startsOperand, words.count > 1 || words[0].first?.isUppercase == true || ["int", "float", "double", "long", "short", "unsigned", "char", "id"].contains(words[0]) else {
            return nil
        }
        index += offset + 1
        return words.joined(separator: " ")
    }

    private mutating func postfix() throws(ParseFailure) -> Expression {
        var value = try primary()
        while let token = current {
            if token.is(".") {
                index += 1
                guard let name = current, name.isIdentifier || name.kind == .number else {
                    throw ParseFailure(here, "expected a name after `.`")
                }
                index += 1
                value = .member(value, name.text)
            } else if token.is("->"), language == .objectiveC {
                index += 1
                guard let name = current, name.isIdentifier else { throw ParseFailure(here, "expected a name after `->`") }
                index += 1
                value = .member(value, name.text)
            } else if token.is("("), !token.atLineStart || language == .objectiveC {
                index += 1
                value = .call(value, try arguments(closing: ")"))
            } else if token.is("["), language == .swift, !token.atLineStart {
                index += 1
                let key = try expression()
                try expect("]")
                value = .subscripted(value, key)
            } else if (token.is("!") || token.is("?")), language == .swift,
                      peek(1).map({ $0.is(".") || $0.is("(") || $0.is("[") }) ?? true {
                index += 1
            } else if token.isIdentifier, token.text == "as", language == .swift {
                index += 1
                if let mark = current, mark.is("!") || mark.is("?") { index += 1 }
                var type = ""
                while let part = current, part.isIdentifier || part.is(".") || (part.is("?") && !type.isEmpty) {
                    type += part.text
                    index += 1
                }
                guard !type.isEmpty else { throw ParseFailure(here, "expected a type after `as`") }
                value = .cast(type, value)
            } else {
                break
            }
        }
        return value
    }

    private mutating func arguments(closing: String) throws(ParseFailure) -> [Expression.Argument] {
        var arguments: [Expression.Argument] = []
        while let token = current, !token.is(closing) {
            var label: String?
            if token.isIdentifier, peek(1)?.is(":") == true, language == .swift {
                label = token.text
                index += 2
            } else if token.is("_"), peek(1)?.is(":") == true {
                index += 2
            }
            arguments.append(Expression.Argument(label: label, value: try expression()))
            guard let next = current else { break }
            if next.is(",") { index += 1; continue }
            if next.is(closing) { break }
            throw ParseFailure(next.position, "expected `,` or `\(closing)` in the argument list, found `\(next.text)`")
        }
        try expect(closing)
        return arguments
    }

    private mutating func primary() throws(ParseFailure) -> Expression {
        guard let token = current else { throw ParseFailure(here, "expected an expression") }
        index += 1
        switch token.kind {
        case .number:
            guard let value = Double(token.text), value.isFinite else { throw ParseFailure(token.position, "the number \(token.text) is out of range") }
            return .number(value)
        case .string(_, let interpolated):
            var text = token.text
            var interpolatedAll = interpolated
            // Adjacent literals join: `@"H:|-" @"[a]"`.
            while let next = current, case .string(_, let more) = next.kind {
                text += next.text
                interpolatedAll = interpolatedAll || more
                index += 1
            }
            return .string(text, interpolated: interpolatedAll)
        case .identifier:
            switch token.text {
            case "YES", "true", "TRUE": return .boolean(true)
            case "NO", "false", "FALSE": return .boolean(false)
            case "nil", "NULL", "Nil": return .null
            default: return .name(token.text)
            }
        case .punctuation:
            break
        }
        switch token.text {
        case "(":
            let inner = try expression()
            if current?.is(",") == true {
                // A tuple: read as a call of nothing.
                var items = [Expression.Argument(label: nil, value: inner)]
                while current?.is(",") == true {
                    index += 1
                    items.append(Expression.Argument(label: nil, value: try expression()))
                }
                try expect(")")
                return .call(.name(""), items)
            }
            try expect(")")
            return inner
        case ".":
            guard let name = current, name.isIdentifier else { throw ParseFailure(here, "expected a name after `.`") }
            index += 1
            return .implicitMember(name.text)
        case "@":
            guard let next = current else { throw ParseFailure(here, "expected a literal after `@`") }
            if next.kind == .number {
                index += 1
                guard let value = Double(next.text) else { throw ParseFailure(next.position, "bad number") }
                return .number(value)
            }
            if next.is("-"), let number = peek(1), number.kind == .number, let value = Double(number.text) {
                index += 2
                return .number(-value)
            }
            if next.is("(") {
                index += 1
                let inner = try expression()
                try expect(")")
                return inner
            }
            if next.is("[") {
                index += 1
                return .array(try list(closing: "]"))
            }
            if next.is("{") {
                index += 1
                return .dictionary(try pairs(closing: "}"))
            }
            if next.isIdentifier, next.text == "YES" || next.text == "NO" || next.text == "true" || next.text == "false" {
                index += 1
                return .boolean(next.text == "YES" || next.text == "true")
            }
            throw ParseFailure(next.position, "unexpected `\(next.text)` after `@`")
        case "[":
            if language == .objectiveC { return try message(at: token.position) }
            if current?.is("]") == true { index += 1; return .array([]) }
            if current?.is(":") == true, peek(1)?.is("]") == true { index += 2; return .dictionary([]) }
            let first = try expression()
            if current?.is(":") == true {
                index += 1
                var entries = [Expression.Pair(key: first, value: try expression())]
                if current?.is(",") == true {
                    index += 1
                    entries += try pairs(closing: "]")
                } else {
                    try expect("]")
                }
                return .dictionary(entries)
            }
            var items = [first]
            if current?.is(",") == true {
                index += 1
                items += try list(closing: "]")
            } else {
                try expect("]")
            }
            return .array(items)
        default:
            throw ParseFailure(token.position, "unexpected `\(token.text)`")
        }
    }

    private mutating func list(closing: String) throws(ParseFailure) -> [Expression] {
        var items: [Expression] = []
        while let token = current, !token.is(closing) {
            items.append(try expression())
            if current?.is(",") == true { index += 1 } else { break }
        }
        try expect(closing)
        return items
    }

    private mutating func pairs(closing: String) throws(ParseFailure) -> [Expression.Pair] {
        var entries: [Expression.Pair] = []
        while let token = current, !token.is(closing) {
            let key = try expression()
            try expect(":")
            entries.append(Expression.Pair(key: key, value: try expression()))
            if current?.is(",") == true { index += 1 } else { break }
        }
        try expect(closing)
        return entries
    }

    /// `[receiver selector]` or `[receiver part:argument part:argument …]`.
    private mutating func message(at position: SourcePosition) throws(ParseFailure) -> Expression {
        let receiver = try postfix()
        guard let first = current, first.isIdentifier else {
            throw ParseFailure(here, "expected a selector in the message")
        }
        index += 1
        if current?.is("]") == true {
            index += 1
            return .message(receiver, selector: first.text, arguments: [])
        }
        var selector = ""
        var arguments: [Expression] = []
        var part: Token? = first
        while true {
            guard current?.is(":") == true else {
                throw ParseFailure(here, "expected `:` after `\(part?.text ?? "")` in the message")
            }
            index += 1
            selector += (part?.text ?? "") + ":"
            arguments.append(try expression())
            while current?.is(",") == true {
                // Variadic arguments (`arrayWithObjects:a, b, nil`).
                index += 1
                arguments.append(try expression())
            }
            if current?.is("]") == true {
                index += 1
                return .message(receiver, selector: selector, arguments: arguments)
            }
            if let next = current, next.isIdentifier {
                part = next
                index += 1
            } else if current?.is(":") == true {
                part = nil
            } else {
                throw ParseFailure(here, "expected `]` or the next part of the selector")
            }
        }
    }
}
