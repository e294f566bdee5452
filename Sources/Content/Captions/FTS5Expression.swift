/// A column name that is safe to write into an FTS5 expression: `[A-Za-z_][A-Za-z0-9_]*`.
public struct FTS5Column: Sendable, Equatable {
    /// The column name.
    public let name: String

    /// Creates a column reference; nil when `name` is not a plain identifier.
    public init?(_ name: String) {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
              name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) })
        else { return nil }
        self.name = name
    }
}

/// The FTS5 MATCH argument for a query, or the reason there is none.
public enum FTS5Match: Sendable, Equatable {
    /// A well-formed FTS5 expression made only of quoted tokens, optional `column :` filters,
    /// `*` after a quoted prefix, `AND`, `OR`, `NOT` and parentheses.
    case expression(String)
    /// Nothing to search for: the query was empty, only punctuation, or only exclusions.
    case empty
}

extension SearchQuery {
    /// Builds the FTS5 MATCH expression for this query.
    ///
    /// - Parameters:
    ///   - stemmed: when true, words are matched by their stems (`Stemmer.stem`), which must be what
    ///     `wordColumn` holds (the output of `Stemmer.stemmedText`); when false, by the words themselves.
    ///   - wordColumn: the column words are matched in (nil: all columns).
    ///   - exactColumn: the column of original text that phrases and prefixes are matched in (nil: all columns).
    /// - Returns: `.empty` when there is nothing positive to match; FTS5 cannot express a search
    ///   made only of exclusions.
    public func fts5Expression(stemmed: Bool, wordColumn: FTS5Column? = nil,
                               exactColumn: FTS5Column? = nil) -> FTS5Match {
        guard !clauses.isEmpty else { return .empty }
        func render(_ term: Term) -> String {
            switch term {
            case .word(let word):
                let stem = stemmed ? Stemmer.stem(word) : word
                return filtered(quoted([stem.isEmpty ? word : stem]), stemmed ? wordColumn : exactColumn)
            case .prefix(let prefix):
                return filtered(quoted([prefix]) + " *", exactColumn)
            case .phrase(let words):
                return filtered(quoted(words), exactColumn)
            }
        }
        func group(_ terms: [Term]) -> String {
            terms.count == 1 ? render(terms[0]) : "(" + terms.map(render).joined(separator: " OR ") + ")"
        }
        let positive = clauses.map { group($0.alternatives) }.joined(separator: " AND ")
        guard !excluded.isEmpty else { return .expression(positive) }
        let left = clauses.count > 1 ? "(\(positive))" : positive
        return .expression("\(left) NOT \(group(excluded))")
    }

    /// An FTS5 string: the words separated by spaces, in double quotes, inner quotes doubled.
    private func quoted(_ words: [String]) -> String {
        "\"" + words.joined(separator: " ").replacingQuotes() + "\""
    }

    private func filtered(_ expression: String, _ column: FTS5Column?) -> String {
        column.map { "\($0.name) : \(expression)" } ?? expression
    }
}

private extension String {
    func replacingQuotes() -> String {
        var output = ""
        for character in self {
            output.append(character)
            if character == "\"" { output.append("\"") }
        }
        return output
    }
}
