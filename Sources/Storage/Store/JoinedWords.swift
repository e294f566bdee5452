import Captions
import SQLite

/// A query word written as one that the lectures say as two (`autolayout` for "Auto Layout"): each
/// such word also matches the two words as an exact phrase, when both are words the vocabulary knows.
///
/// This runs at query time, against the vocabulary (`search_terms`), so the index holds no extra
/// forms; the other direction, two query words written as one in the text, is
/// `Search.joiningAdjacentWords`.
enum JoinedWords {
    /// Shortest part of a split, in characters.
    static let minPartLength = 3
    /// Most query words looked at, and most splits added for one word.
    static let maxWords = 4
    static let maxSplitsPerWord = 2
    /// Longest word looked at, in characters.
    static let maxWordLength = 40

    /// The query with each plain word that splits into two known words offered as that phrase too.
    static func splitting(_ query: SearchQuery, _ db: Connection) throws -> SearchQuery {
        var looked = 0
        var clauses: [SearchQuery.Clause] = []
        for clause in query.clauses {
            var alternatives = clause.alternatives
            for term in clause.alternatives where looked < maxWords {
                guard case .word(let word) = term, word.count >= 2 * minPartLength, word.count <= maxWordLength,
                      word.allSatisfy(\.isLetter) else { continue }
                looked += 1
                var added = 0
                let characters = Array(word)
                for cut in minPartLength...(characters.count - minPartLength) where added < maxSplitsPerWord {
                    let first = String(characters[..<cut]), second = String(characters[cut...])
                    guard try isKnown(first, db), try isKnown(second, db) else { continue }
                    alternatives.append(.phrase([first, second]))
                    added += 1
                }
            }
            clauses.append(SearchQuery.Clause(alternatives))
        }
        return SearchQuery(clauses: clauses, excluded: query.excluded)
    }

    private static func isKnown(_ word: String, _ db: Connection) throws -> Bool {
        try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_terms WHERE term = ?)")
            .fetchOne(arguments: [word])?.get(0) ?? false
    }
}
