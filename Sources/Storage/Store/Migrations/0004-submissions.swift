import SQLite

extension Schema {
    /// Submissions with their grade and its provenance, deadline extensions, regrade runs with their
    /// dry-run results, and the history of every grade a submission has had (grades are never lost).
    ///
    /// A submission's counted score is `score * (1 - late_penalty)`. `normalized_hash` is the hash of
    /// the normalised submission text, used to answer identical resubmissions from the stored grade.
    static let submissions = Migration("0004-submissions", sql: """
        CREATE TABLE submissions (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id),
            exercise_id INTEGER NOT NULL REFERENCES exercises (id),
            attempt INTEGER NOT NULL CHECK (attempt >= 1),
            text TEXT NOT NULL,
            normalized_hash TEXT NOT NULL,
            exercise_version TEXT NOT NULL,
            grader_version TEXT NOT NULL,
            score REAL NOT NULL,
            max_score REAL NOT NULL,
            late_penalty REAL NOT NULL DEFAULT 0 CHECK (late_penalty BETWEEN 0 AND 1),
            checks_json TEXT NOT NULL,
            diagnostics_json TEXT NOT NULL,
            created_at REAL NOT NULL,
            UNIQUE (user_id, exercise_id, attempt)
        );
        CREATE INDEX submissions_by_exercise ON submissions (exercise_id, user_id);
        CREATE INDEX submissions_by_content ON submissions (user_id, exercise_id, normalized_hash, exercise_version);

        CREATE TABLE extensions (
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
            due_at REAL NOT NULL,
            closes_at REAL,
            granted_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
            reason TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            PRIMARY KEY (user_id, exercise_id)
        ) WITHOUT ROWID;

        CREATE TABLE regrade_runs (
            id INTEGER PRIMARY KEY,
            exercise_id INTEGER NOT NULL REFERENCES exercises (id),
            exercise_version TEXT NOT NULL,
            grader_version TEXT NOT NULL,
            status TEXT NOT NULL
                CHECK (status IN ('dry-run', 'ready', 'applying', 'applied', 'discarded', 'failed')),
            total INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
            done INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
            error TEXT,
            created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
            created_at REAL NOT NULL,
            finished_at REAL
        );
        CREATE INDEX regrade_runs_by_exercise ON regrade_runs (exercise_id, created_at);

        CREATE TABLE regrade_results (
            run_id INTEGER NOT NULL REFERENCES regrade_runs (id) ON DELETE CASCADE,
            submission_id INTEGER NOT NULL REFERENCES submissions (id),
            score REAL NOT NULL,
            max_score REAL NOT NULL,
            checks_json TEXT NOT NULL,
            diagnostics_json TEXT NOT NULL,
            PRIMARY KEY (run_id, submission_id)
        ) WITHOUT ROWID;

        CREATE TABLE grade_history (
            id INTEGER PRIMARY KEY,
            submission_id INTEGER NOT NULL REFERENCES submissions (id),
            exercise_version TEXT NOT NULL,
            grader_version TEXT NOT NULL,
            score REAL NOT NULL,
            max_score REAL NOT NULL,
            late_penalty REAL NOT NULL,
            checks_json TEXT NOT NULL,
            diagnostics_json TEXT NOT NULL,
            regrade_run_id INTEGER REFERENCES regrade_runs (id),
            recorded_at REAL NOT NULL
        );
        CREATE INDEX grade_history_by_submission ON grade_history (submission_id, recorded_at);
        """)
}
