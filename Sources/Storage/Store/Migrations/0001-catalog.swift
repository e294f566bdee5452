import SQLite

extension Schema {
    /// Courses, their lectures, timestamped caption cues and transcript sections.
    ///
    /// `stemmed_text` columns hold the text after stemming, written at import so that full-text
    /// indexes (added by later migrations) can match word forms.
    static let catalog = Migration("0001-catalog", sql: """
        CREATE TABLE courses (
            id INTEGER PRIMARY KEY,
            slug TEXT NOT NULL UNIQUE
                CHECK (length(slug) BETWEEN 1 AND 64 AND slug NOT GLOB '*[^a-z0-9-]*'),
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
            summary TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL
        );

        CREATE TABLE lectures (
            id INTEGER PRIMARY KEY,
            course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 0),
            title TEXT NOT NULL,
            date TEXT CHECK (date IS NULL OR date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
            video_url TEXT,
            updated_at REAL NOT NULL,
            UNIQUE (course_id, number)
        );

        CREATE TABLE caption_cues (
            id INTEGER PRIMARY KEY,
            lecture_id INTEGER NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
            end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
            text TEXT NOT NULL,
            speaker_change INTEGER NOT NULL DEFAULT 0 CHECK (speaker_change IN (0, 1)),
            non_speech INTEGER NOT NULL DEFAULT 0 CHECK (non_speech IN (0, 1)),
            stemmed_text TEXT NOT NULL DEFAULT '',
            UNIQUE (lecture_id, position)
        );

        CREATE TABLE transcript_sections (
            id INTEGER PRIMARY KEY,
            lecture_id INTEGER NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            anchor TEXT NOT NULL,
            title TEXT NOT NULL,
            level INTEGER NOT NULL CHECK (level BETWEEN 0 AND 6),
            body_markdown TEXT NOT NULL,
            plain_text TEXT NOT NULL,
            stemmed_text TEXT NOT NULL DEFAULT '',
            UNIQUE (lecture_id, position),
            UNIQUE (lecture_id, anchor)
        );
        """)
}
