import SQLite

extension Schema {
    /// A lecture's chapters from a WebVTT chapters file: each a title and the time it starts.
    static let lectureChapters = Migration("0011-lecture-chapters", sql: """
        CREATE TABLE lecture_chapters (
            lecture_id INTEGER NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
            PRIMARY KEY (lecture_id, position)
        ) WITHOUT ROWID;
        """)
}
