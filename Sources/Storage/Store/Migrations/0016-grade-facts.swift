import SQLite

extension Schema {
    /// Grades typed and queryable: every check of a submission's current grade (scenarios, dynamics
    /// checks and style rules) and every diagnostic with its code, one row each, written with the
    /// grade and replaced with it by a regrade; the existing grades are backfilled here. The
    /// exercise and user are repeated in each row. Per student, `grade_check_students` says whether
    /// they passed each check at least once and `grade_diagnostic_students` which codes they got and
    /// first where, and `grade_student_scores` their attempts, best and last counted score and first
    /// full score: an exercise's figures then read one row per student (and check or code) instead
    /// of every attempt's. A covering index on the submissions' score
    /// columns serves the score statistics.
    static let gradeFacts = Migration("0016-grade-facts") { db in
        try db.executeScript("""
            CREATE TABLE grade_checks (
                submission_id INTEGER NOT NULL REFERENCES submissions (id),
                position INTEGER NOT NULL CHECK (position >= 0),
                exercise_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                passed INTEGER NOT NULL CHECK (passed IN (0, 1)),
                points REAL NOT NULL,
                PRIMARY KEY (submission_id, position)
            ) WITHOUT ROWID;
            CREATE INDEX grade_checks_by_student ON grade_checks (exercise_id, user_id, name, passed, position);

            CREATE TABLE grade_diagnostics (
                submission_id INTEGER NOT NULL REFERENCES submissions (id),
                position INTEGER NOT NULL CHECK (position >= 0),
                exercise_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                code TEXT NOT NULL,
                text TEXT NOT NULL,
                PRIMARY KEY (submission_id, position)
            ) WITHOUT ROWID;
            CREATE INDEX grade_diagnostics_by_student ON grade_diagnostics (exercise_id, user_id, code, submission_id);

            CREATE INDEX submissions_scores ON submissions (exercise_id, user_id, attempt, score, max_score, late_penalty, created_at);

            CREATE TABLE grade_check_students (
                exercise_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                position INTEGER NOT NULL,
                passed INTEGER NOT NULL CHECK (passed IN (0, 1)),
                PRIMARY KEY (exercise_id, user_id, name)
            ) WITHOUT ROWID;

            CREATE TABLE grade_student_scores (
                exercise_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                attempts INTEGER NOT NULL,
                best_counted REAL NOT NULL,
                last_counted REAL NOT NULL,
                first_at REAL NOT NULL,
                first_full_attempt INTEGER,
                first_full_at REAL,
                PRIMARY KEY (exercise_id, user_id)
            ) WITHOUT ROWID;

            CREATE TABLE grade_diagnostic_students (
                exercise_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                code TEXT NOT NULL,
                first_submission_id INTEGER NOT NULL,
                PRIMARY KEY (exercise_id, user_id, code)
            ) WITHOUT ROWID;
            """)
        try GradeFactsBackfill0016.run(db)
    }
}
