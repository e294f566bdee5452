import SQLite

extension Schema {
    /// Full-text search over caption cues and transcript sections (SQLite FTS5).
    ///
    /// Each index has two columns:
    /// - `stemmed_text`: the stems of the words that were said (`Captions.Stemmer.stemmedText`, written
    ///   at import into the base table), so `magic number` finds "magic numbers";
    /// - `exact_text`: the original text with `ё` folded to `е`, matched by quoted phrases and prefixes.
    ///   The tokenizer splits exactly where `Captions.Tokenizer` does and lowercases, so every token of
    ///   a query built by `SearchQuery.fts5Expression` can meet its indexed form.
    ///
    /// The indexes are external-content tables over views of the base tables (nothing is stored
    /// twice) and are kept current by triggers, so every insert, update and delete of a cue or
    /// section, including cascades from a deleted lecture, updates them in the same transaction.
    ///
    /// "Did you mean" reads the vocabulary: `lecture_terms` holds the distinct words each lecture says
    /// (folded like query words), indexed by `lecture_term_search` without positions, so the
    /// fts5vocab table `search_terms` lists every word with the number of lectures using it and a
    /// scan of its words by first letter stays cheap at any course size.
    static let search = Migration("0006-search", sql: """
        CREATE VIEW caption_cue_documents (id, stemmed_text, exact_text) AS
            SELECT id, stemmed_text, \(foldYo("text")) FROM caption_cues;

        CREATE VIEW transcript_section_documents (id, stemmed_text, exact_text) AS
            SELECT id, stemmed_text, \(foldYo("title || ' ' || plain_text")) FROM transcript_sections;

        CREATE VIRTUAL TABLE caption_cue_search USING fts5 (
            stemmed_text, exact_text,
            content = 'caption_cue_documents', content_rowid = 'id',
            tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'"
        );

        CREATE VIRTUAL TABLE transcript_section_search USING fts5 (
            stemmed_text, exact_text,
            content = 'transcript_section_documents', content_rowid = 'id',
            tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'"
        );

        CREATE TABLE lecture_terms (
            lecture_id INTEGER PRIMARY KEY REFERENCES lectures (id) ON DELETE CASCADE,
            terms TEXT NOT NULL
        );
        CREATE VIRTUAL TABLE lecture_term_search USING fts5 (
            terms, content = 'lecture_terms', content_rowid = 'lecture_id', detail = none,
            tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'"
        );
        CREATE VIRTUAL TABLE search_terms USING fts5vocab (lecture_term_search, 'row');
        CREATE TRIGGER lecture_terms_search_insert AFTER INSERT ON lecture_terms BEGIN
            INSERT INTO lecture_term_search (rowid, terms) VALUES (new.lecture_id, new.terms);
        END;
        CREATE TRIGGER lecture_terms_search_delete AFTER DELETE ON lecture_terms BEGIN
            INSERT INTO lecture_term_search (lecture_term_search, rowid, terms) VALUES ('delete', old.lecture_id, old.terms);
        END;
        CREATE TRIGGER lecture_terms_search_update AFTER UPDATE ON lecture_terms BEGIN
            INSERT INTO lecture_term_search (lecture_term_search, rowid, terms) VALUES ('delete', old.lecture_id, old.terms);
            INSERT INTO lecture_term_search (rowid, terms) VALUES (new.lecture_id, new.terms);
        END;

        CREATE TRIGGER caption_cues_search_insert AFTER INSERT ON caption_cues BEGIN
            INSERT INTO caption_cue_search (rowid, stemmed_text, exact_text)
                VALUES (new.id, new.stemmed_text, \(foldYo("new.text")));
        END;
        CREATE TRIGGER caption_cues_search_delete AFTER DELETE ON caption_cues BEGIN
            INSERT INTO caption_cue_search (caption_cue_search, rowid, stemmed_text, exact_text)
                VALUES ('delete', old.id, old.stemmed_text, \(foldYo("old.text")));
        END;
        CREATE TRIGGER caption_cues_search_update AFTER UPDATE OF text, stemmed_text ON caption_cues BEGIN
            INSERT INTO caption_cue_search (caption_cue_search, rowid, stemmed_text, exact_text)
                VALUES ('delete', old.id, old.stemmed_text, \(foldYo("old.text")));
            INSERT INTO caption_cue_search (rowid, stemmed_text, exact_text)
                VALUES (new.id, new.stemmed_text, \(foldYo("new.text")));
        END;

        CREATE TRIGGER transcript_sections_search_insert AFTER INSERT ON transcript_sections BEGIN
            INSERT INTO transcript_section_search (rowid, stemmed_text, exact_text)
                VALUES (new.id, new.stemmed_text, \(foldYo("new.title || ' ' || new.plain_text")));
        END;
        CREATE TRIGGER transcript_sections_search_delete AFTER DELETE ON transcript_sections BEGIN
            INSERT INTO transcript_section_search (transcript_section_search, rowid, stemmed_text, exact_text)
                VALUES ('delete', old.id, old.stemmed_text, \(foldYo("old.title || ' ' || old.plain_text")));
        END;
        CREATE TRIGGER transcript_sections_search_update AFTER UPDATE OF title, plain_text, stemmed_text
            ON transcript_sections BEGIN
            INSERT INTO transcript_section_search (transcript_section_search, rowid, stemmed_text, exact_text)
                VALUES ('delete', old.id, old.stemmed_text, \(foldYo("old.title || ' ' || old.plain_text")));
            INSERT INTO transcript_section_search (rowid, stemmed_text, exact_text)
                VALUES (new.id, new.stemmed_text, \(foldYo("new.title || ' ' || new.plain_text")));
        END;

        INSERT INTO caption_cue_search (caption_cue_search) VALUES ('rebuild');
        INSERT INTO transcript_section_search (transcript_section_search) VALUES ('rebuild');
        INSERT INTO lecture_term_search (lecture_term_search) VALUES ('rebuild');
        """)

    /// An SQL expression for `expression` with `ё`/`Ё` (precomposed or as `е` + U+0308) folded to `е`/`Е`
    /// and a decomposed `й` composed, as `Captions.Tokenizer` folds query words. Text without those
    /// characters (nearly all of it) is passed through after one scan, without the replace() copies.
    static func foldYo(_ expression: String) -> String {
        let replacements = [
            ("'ё'", "'е'"), ("'Ё'", "'Е'"),
            ("'е' || char(776)", "'е'"), ("'Е' || char(776)", "'Е'"),
            ("'и' || char(774)", "'й'"), ("'И' || char(774)", "'Й'"),
        ]
        let folded = replacements.reduce(expression) { inner, pair in "replace(\(inner), \(pair.0), \(pair.1))" }
        // The GLOB set: ё, Ё, and the combining diaeresis and breve (written as escapes in this source).
        return "CASE WHEN (\(expression)) GLOB '*[ёЁ\u{308}\u{306}]*' THEN \(folded) ELSE \(expression) END"
    }
}
