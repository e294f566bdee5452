import Captions
import SQLite

/// A text as the search indexes hold it: the stems of its words for the word column, and its words
/// for "did you mean".
struct IndexedText {
    /// Stems of the words, separated by spaces (`Stemmer.stemmedText`).
    let stems: String
    /// The words (folded tokens), in order, with repeats.
    let words: [String]

    init(_ text: String) {
        let tokens = Tokenizer.tokens(text)
        words = tokens
        stems = tokens.map(Stemmer.stem).joined(separator: " ")
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
