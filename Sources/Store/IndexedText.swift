import Captions
import SQLite

/// A text as the search indexes hold it: the stems of its words for the word column, followed by
/// the stems of joined adjacent words (`Auto Layout` also as `autolayout`), and its distinct words
/// for "did you mean".
///
/// The joined forms come after all the words, so phrases (matched in the exact column) and the
/// order of the real words are unchanged; a query word that is a joined form finds the split words.
struct IndexedText {
    /// Shortest word, in characters, that takes part in a joined form.
    static let minJoinedPartLength = 3

    /// Stems of the words, then of the joined forms, separated by spaces.
    let stems: String
    /// The words (folded tokens), in order, with repeats.
    let words: [String]

    init(_ text: String) {
        let tokens = Tokenizer.tokens(text)
        words = tokens
        var stemmed = tokens.map(Stemmer.stem)
        for (first, second) in zip(tokens, tokens.dropFirst()) where Self.joinable(first) && Self.joinable(second) {
            let joined = first + second
            guard joined.count <= SearchQuery.maxTokenLength else { continue }
            stemmed.append(Stemmer.stem(joined))
        }
        stems = stemmed.joined(separator: " ")
    }

    /// Letters only, long enough that joining it means something.
    private static func joinable(_ word: String) -> Bool {
        word.count >= minJoinedPartLength && word.allSatisfy(\.isLetter)
    }
}

/// The distinct words each lecture says, for "did you mean" (`lecture_terms`).
enum LectureTerms {
    /// Recomputes a lecture's words from all its caption tracks and transcript sections, so words
    /// added by a correction are suggested and words corrected away are not.
    static func refresh(lectureID: Int64, _ db: Connection) throws {
        var words: Set<String> = []
        for row in try db.fetchAll(sql: "SELECT text FROM caption_cues WHERE lecture_id = ?", arguments: [lectureID]) {
            let text: String = try row.get(0)
            words.formUnion(Tokenizer.tokens(Cue(start: 0, end: 0, text: text).speechText))
        }
        for row in try db.fetchAll(sql: "SELECT title || char(10) || plain_text FROM transcript_sections WHERE lecture_id = ?",
                                   arguments: [lectureID]) {
            let text: String = try row.get(0)
            words.formUnion(Tokenizer.tokens(text))
        }
        try db.execute(sql: """
            INSERT INTO lecture_terms (lecture_id, terms) VALUES (?, ?)
            ON CONFLICT (lecture_id) DO UPDATE SET terms = excluded.terms
            """, arguments: [lectureID, words.sorted().joined(separator: " ")])
    }
}
