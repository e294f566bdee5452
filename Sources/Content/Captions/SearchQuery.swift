/// A parsed search query: every clause must match, no excluded term may.
///
/// Syntax: words (all must match; an uppercase `AND` between them is allowed and means nothing more),
/// `"exact phrases"`, `prefix*`, `OR` between two terms (binding tighter than the implicit AND),
/// and `-excluded` words or phrases. Words are made of
/// `Tokenizer` tokens; a word that splits into several tokens (`auto-layout`) is a phrase.
/// Anything else is ignored, so every string parses.
public struct SearchQuery: Sendable, Equatable {
    /// One searchable unit.
    public enum Term: Sendable, Equatable {
        /// A word, matched in any of its forms (by stem).
        case word(String)
        /// A word beginning, `prefix*`, matched against exact words.
        case prefix(String)
        /// Consecutive exact words.
        case phrase([String])
    }

    /// Alternatives joined by `OR`; the clause matches when one of them does.
    public struct Clause: Sendable, Equatable {
        /// The alternatives, at least one.
        public let alternatives: [Term]

        /// Creates a clause.
        public init(_ alternatives: [Term]) {
            self.alternatives = alternatives
        }
    }

    /// Most terms read from one query; the rest of the query is ignored.
    public static let maxTerms = 32
    /// Longest token kept, in characters; longer tokens are cut to this length.
    public static let maxTokenLength = 64

    /// The clauses that must all match.
    public let clauses: [Clause]
    /// Terms that must not match.
    public let excluded: [Term]

    /// Creates a query.
    public init(clauses: [Clause], excluded: [Term] = []) {
        self.clauses = clauses
        self.excluded = excluded
    }

    /// True when nothing positive is asked for (an empty query, only junk, or only exclusions).
    public var isEmpty: Bool { clauses.isEmpty }

    /// Every word of the query as typed (folded), positive terms first, for highlighting and suggestions.
    public var words: [String] {
        (clauses.flatMap(\.alternatives) + excluded).flatMap { term -> [String] in
            switch term {
            case .word(let word), .prefix(let word): [word]
            case .phrase(let words): words
            }
        }
    }
}
