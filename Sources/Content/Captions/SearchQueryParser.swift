extension SearchQuery {
    /// Parses a query as typed by a user. Never fails: unbalanced quotes close at the end,
    /// stray operators and punctuation are ignored, and at most `maxTerms` terms are read.
    public init(parsing text: String) {
        var clauses: [[Term]] = []
        var excluded: [Term] = []
        var joinNext = false
        var termCount = 0
        for lexeme in QueryLexer.lexemes(text) {
            guard termCount < Self.maxTerms else { break }
            switch lexeme {
            case .or:
                joinNext = !clauses.isEmpty
            case .term(let term, let negated):
                termCount += 1
                if negated {
                    excluded.append(term)
                    joinNext = false
                } else if joinNext, !clauses.isEmpty {
                    clauses[clauses.count - 1].append(term)
                    joinNext = false
                } else {
                    clauses.append([term])
                }
            }
        }
        self.init(clauses: clauses.map(Clause.init), excluded: excluded)
    }
}

/// Splits query text into terms and `OR` operators.
enum QueryLexer {
    enum Lexeme: Equatable {
        case or
        case term(SearchQuery.Term, negated: Bool)
    }

    static func lexemes(_ text: String) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        var index = text.startIndex
        while index < text.endIndex, lexemes.count < SearchQuery.maxTerms * 2 {
            let character = text[index]
            if character.isWhitespace || character.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint) {
                index = text.index(after: index)
                continue
            }
            var negated = false
            var start = index
            if character == "-" {
                negated = true
                start = text.index(after: index)
            }
            if start < text.endIndex, text[start] == "\"" {
                let contentStart = text.index(after: start)
                let close = text[contentStart...].firstIndex(of: "\"") ?? text.endIndex
                let words = tokens(text[contentStart..<close])
                if !words.isEmpty { lexemes.append(.term(.phrase(words), negated: negated)) }
                index = close < text.endIndex ? text.index(after: close) : close
                continue
            }
            let end = text[start...].firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? text.endIndex
            let chunk = text[start..<end]
            index = end
            if chunk == "OR" && !negated {
                lexemes.append(.or)
            } else if chunk == "AND" && !negated {
                continue
            } else if let term = term(chunk) {
                lexemes.append(.term(term, negated: negated))
            }
        }
        return lexemes
    }

    /// A bare chunk: one token is a word (a prefix with a trailing `*`), several are a phrase.
    private static func term(_ chunk: Substring) -> SearchQuery.Term? {
        let words = tokens(chunk)
        guard let first = words.first else { return nil }
        if words.count > 1 { return .phrase(words) }
        return chunk.hasSuffix("*") ? .prefix(first) : .word(first)
    }

    private static func tokens(_ text: Substring) -> [String] {
        Tokenizer.tokens(text).prefix(SearchQuery.maxTerms).map { String($0.prefix(SearchQuery.maxTokenLength)) }
    }
}
