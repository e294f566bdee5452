import Captions
import Spelling
import SQLite

/// "Did you mean": replaces the query's words that the index does not know with the closest words it
/// does know (its own vocabulary, the fts5vocab table `search_terms`), when the result finds something.
enum Suggestion {
    /// Most words of one query looked up.
    static let maxWords = 8

    static func correct(_ query: SearchQuery, scope: SearchScope, _ db: Connection) throws -> String? {
        var replacements: [String: String] = [:]
        for word in query.clauses.flatMap(\.alternatives).flatMap(words).prefix(maxWords) where replacements[word] == nil {
            guard try !isKnown(word, db), let closest = try closestKnownWord(to: word, db) else { continue }
            replacements[word] = closest
        }
        guard !replacements.isEmpty else { return nil }
        let corrected = SearchQuery(
            clauses: query.clauses.map { SearchQuery.Clause($0.alternatives.map { replacing($0, replacements) }) },
            excluded: query.excluded)
        guard case .expression(let expression) = corrected.fts5Expression(stemmed: true, wordColumn: Search.wordColumn,
                                                                        exactColumn: Search.exactColumn),
              try Search.hasHits(expression, scope: scope, db)
        else { return nil }
        return text(of: corrected)
    }

    /// Words of a term that can be corrected (not prefixes, which are incomplete on purpose).
    private static func words(_ term: SearchQuery.Term) -> [String] {
        switch term {
        case .word(let word): [word]
        case .phrase(let words): words
        case .prefix: []
        }
    }

    private static func replacing(_ term: SearchQuery.Term, _ replacements: [String: String]) -> SearchQuery.Term {
        switch term {
        case .word(let word): .word(replacements[word] ?? word)
        case .phrase(let words): .phrase(words.map { replacements[$0] ?? $0 })
        case .prefix: term
        }
    }

    /// The query written back in the query language.
    static func text(of query: SearchQuery) -> String {
        func render(_ term: SearchQuery.Term) -> String {
            switch term {
            case .word(let word): word
            case .prefix(let prefix): prefix + "*"
            case .phrase(let words): "\"" + words.joined(separator: " ") + "\""
            }
        }
        let positive = query.clauses.map { $0.alternatives.map(render).joined(separator: " OR ") }
        return (positive + query.excluded.map { "-" + render($0) }).joined(separator: " ")
    }

    private static func isKnown(_ word: String, _ db: Connection) throws -> Bool {
        try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_terms WHERE term = ?)")
            .fetchOne(arguments: [word])?.get(0) ?? false
    }

    /// The known word closest to `word` by edit distance (1 edit for words up to 4 letters, else 2),
    /// among those with the same first letter; ties go to the word more lectures use, then alphabetical.
    private static func closestKnownWord(to word: String, _ db: Connection) throws -> String? {
        guard let first = word.unicodeScalars.first, let next = Unicode.Scalar(first.value + 1) else { return nil }
        let cutoff = word.count <= 4 ? 1 : 2
        let rows = try db.cachedStatement(sql: """
            SELECT term FROM search_terms
            WHERE term >= ?1 AND term < ?2 AND length(term) BETWEEN ?3 AND ?4
            ORDER BY doc DESC, term
            """).fetchAll(arguments: [String(first), String(next), word.count - cutoff, word.count + cutoff])
        let candidates = try rows.map { row -> String in try row.get(0) }
        return EditDistance.closest(to: word, in: candidates, cutoff: cutoff)
    }
}
