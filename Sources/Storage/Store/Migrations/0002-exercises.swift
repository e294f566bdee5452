import SQLite

extension Schema {
    /// Exercises of a course, with their deadline and attempt policy, and every version ever loaded
    /// (a submission's grade can only be reproduced with the definition it was graded against).
    static let exercises = Migration("0002-exercises", sql: """
        CREATE TABLE exercises (
            id INTEGER PRIMARY KEY,
            course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
            slug TEXT NOT NULL CHECK (length(slug) BETWEEN 1 AND 64 AND slug NOT GLOB '*[^a-z0-9-]*'),
            title TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('layout', 'dynamics')),
            position INTEGER NOT NULL DEFAULT 0,
            version TEXT NOT NULL,
            points REAL NOT NULL CHECK (points >= 0),
            definition_json TEXT NOT NULL,
            opens_at REAL,
            due_at REAL,
            closes_at REAL,
            late_penalty_per_day REAL NOT NULL DEFAULT 0 CHECK (late_penalty_per_day BETWEEN 0 AND 1),
            late_penalty_cap REAL NOT NULL DEFAULT 0 CHECK (late_penalty_cap BETWEEN 0 AND 1),
            max_attempts INTEGER CHECK (max_attempts IS NULL OR max_attempts > 0),
            cooldown_seconds INTEGER NOT NULL DEFAULT 0 CHECK (cooldown_seconds >= 0),
            score_policy TEXT NOT NULL DEFAULT 'best' CHECK (score_policy IN ('best', 'last')),
            updated_at REAL NOT NULL,
            UNIQUE (course_id, slug)
        );

        CREATE TABLE exercise_versions (
            exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
            version TEXT NOT NULL,
            definition_json TEXT NOT NULL,
            recorded_at REAL NOT NULL,
            PRIMARY KEY (exercise_id, version)
        ) WITHOUT ROWID;
        """)
}
