import SQLite

extension Schema {
    /// Regrade requests: a student asks about one submission with a message, until the cut-off the
    /// instructors set for the exercise (none set: no cut-off); an instructor answers with a reply
    /// and, optionally, the dry-run regrade it started.
    static let regradeRequests = Migration("0017-regrade-requests", sql: """
        CREATE TABLE regrade_request_cutoffs (
            exercise_id INTEGER PRIMARY KEY REFERENCES exercises (id) ON DELETE CASCADE,
            closes_at REAL NOT NULL
        );

        CREATE TABLE regrade_requests (
            id INTEGER PRIMARY KEY,
            submission_id INTEGER NOT NULL REFERENCES submissions (id),
            user_id INTEGER NOT NULL REFERENCES users (id),
            exercise_id INTEGER NOT NULL REFERENCES exercises (id),
            message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
            reply TEXT,
            replied_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
            replied_at REAL,
            regrade_run_id INTEGER REFERENCES regrade_runs (id),
            created_at REAL NOT NULL
        );
        CREATE INDEX regrade_requests_by_exercise ON regrade_requests (exercise_id, status, id);
        CREATE INDEX regrade_requests_by_submission ON regrade_requests (submission_id, id);
        """)
}
