import Captions
import SQLite

/// Rewrites each `prefix*` term of a query as the known words that begin with the prefix, matched as
/// exact words and joined by OR, when there are few of them.
///
/// Without a prefix index, FTS5 answers a prefix term by merging the position lists of every indexed
/// word with that beginning into one list before it returns the first row, and bm25 merges them once
/// more to count the rows; a few exact words are read side by side instead, several times faster at a
/// million cues. The words come from the vocabulary `search_terms` (what each lecture says and its
/// transcript writes, folded like query words), so both forms match the same spoken words; bracketed
/// notes such as `[laughter]`, which search ignores, are not in it. A prefix that begins no known word,
/// or more words than the query may still use, stays a prefix term.
enum PrefixExpansion {
    /// Most words that the prefixes of one query are replaced with, in all.
    static let maxWords = 16

    /// The query with its prefixes replaced where that is cheaper; `query` itself when it has none.
    static func expanding(_ query: SearchQuery, _ db: Connection) throws -> SearchQuery {
        let terms = query.clauses.flatMap(\.alternatives) + query.excluded
        guard terms.contains(where: { if case .prefix = $0 { true } else { false } }) else { return query }
        var budget = maxWords
        func expand(_ terms: [SearchQuery.Term]) throws -> [SearchQuery.Term] {
            try terms.flatMap { term -> [SearchQuery.Term] in
                guard case .prefix(let prefix) = term,
                      let words = try knownWords(startingWith: prefix, limit: budget, db), !words.isEmpty
                else { return [term] }
                budget -= words.count
                return words.map { .phrase([$0]) }
            }
        }
        let clauses = try query.clauses.map { SearchQuery.Clause(try expand($0.alternatives)) }
        return SearchQuery(clauses: clauses, excluded: try expand(query.excluded))
    }

    /// The known words beginning with `prefix` in byte order, or nil when there are more than `limit`.
    private static func knownWords(startingWith prefix: String, limit: Int, _ db: Connection) throws -> [String]? {
        guard limit > 0, !prefix.isEmpty else { return nil }
        // Every word that begins with the prefix sorts below the prefix followed by the last code point.
        let rows = try db.cachedStatement(sql: """
            SELECT term FROM search_terms WHERE term >= ?1 AND term < ?2 ORDER BY term LIMIT ?3
            """).fetchAll(arguments: [prefix, prefix + "\u{10FFFF}", limit + 1])
        let words = try rows.map { row -> String in try row.get(0) }
        guard words.count <= limit else { return nil }
        return words.filter { $0.utf8.starts(with: prefix.utf8) }
    }
}
