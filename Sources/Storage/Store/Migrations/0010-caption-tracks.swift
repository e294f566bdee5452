import SQLite

extension Schema {
    /// Caption tracks and cue metadata.
    ///
    /// - Every cue belongs to a track of its lecture, named by a language tag (`en`, `pt-BR`): a
    ///   lecture has its main track (`lectures.caption_language`, the one its page shows) and may have
    ///   more, one per language. Positions count within a track. Existing cues form an `en` main track.
    /// - Cues keep the speaker (a WebVTT voice), the WebVTT identifier and the cue settings, so an
    ///   export writes them back.
    /// - `caption_cues` is rebuilt for its new unique key (lecture, language, position); row ids are
    ///   kept, so the full-text index stays valid; its view and triggers are made again unchanged.
    static let captionTracks = Migration("0010-caption-tracks", sql: """
        DROP TRIGGER caption_cues_search_insert;
        DROP TRIGGER caption_cues_search_delete;
        DROP TRIGGER caption_cues_search_update;
        DROP VIEW caption_cue_documents;

        CREATE TABLE caption_cues_rebuilt (
            id INTEGER PRIMARY KEY,
            lecture_id INTEGER NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
            language TEXT NOT NULL DEFAULT 'en'
                CHECK (length(language) BETWEEN 1 AND 35 AND language NOT GLOB '*[^A-Za-z0-9-]*'),
            position INTEGER NOT NULL CHECK (position >= 0),
            start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
            end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
            text TEXT NOT NULL,
            speaker_change INTEGER NOT NULL DEFAULT 0 CHECK (speaker_change IN (0, 1)),
            non_speech INTEGER NOT NULL DEFAULT 0 CHECK (non_speech IN (0, 1)),
            stemmed_text TEXT NOT NULL DEFAULT '',
            speaker TEXT,
            identifier TEXT,
            settings TEXT,
            UNIQUE (lecture_id, language, position)
        );
        INSERT INTO caption_cues_rebuilt (id, lecture_id, language, position, start_ms, end_ms, text, speaker_change,
                                          non_speech, stemmed_text)
            SELECT id, lecture_id, 'en', position, start_ms, end_ms, text, speaker_change, non_speech, stemmed_text
            FROM caption_cues;
        DROP TABLE caption_cues;
        ALTER TABLE caption_cues_rebuilt RENAME TO caption_cues;

        ALTER TABLE lectures ADD COLUMN caption_language TEXT NOT NULL DEFAULT 'en';

        CREATE VIEW caption_cue_documents (id, stemmed_text, exact_text) AS
            SELECT id, stemmed_text, \(foldYo("text")) FROM caption_cues;
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
        """)
}
