import SQLite

extension Schema {
    /// Exercises written in a course: where each came from, whether students see it, and the
    /// saved version that is not yet published. An exercise without a row here was loaded from the
    /// shipped library folder and is published; the loader only ever updates those.
    static let exerciseAuthoring = Migration("0012-exercise-authoring", sql: """
        CREATE TABLE exercise_authoring (
            exercise_id INTEGER PRIMARY KEY REFERENCES exercises (id) ON DELETE CASCADE,
            origin TEXT NOT NULL CHECK (origin IN ('library', 'course')),
            published INTEGER NOT NULL CHECK (published IN (0, 1)),
            draft_version TEXT,
            updated_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
            updated_at REAL NOT NULL
        );
        """)
}
