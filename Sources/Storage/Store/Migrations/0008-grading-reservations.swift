import SQLite

extension Schema {
    /// Attempts reserved before grading, the pictures stored with each grade, and verifications
    /// computed once.
    ///
    /// A reservation is written in the same transaction that checks the deadline, the attempt
    /// limit and the cooldown, and counts as an attempt until the graded submission replaces it
    /// (or it is released because the submission could not be graded). Reservations do not survive
    /// a restart: grading in flight stops with the process.
    ///
    /// `submission_pictures` holds the SVG pictures of a submission's current grade, so that
    /// viewing it never grades again; a regrade that replaces the grade drops them.
    /// `grade_verifications` holds the outcome of re-grading a stored grade with the grader that
    /// did it, keyed by submission and grader version; it is dropped with the grade it verified.
    static let gradingReservations = Migration("0008-grading-reservations", sql: """
        CREATE TABLE submission_reservations (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
            late_penalty REAL NOT NULL CHECK (late_penalty BETWEEN 0 AND 1),
            reserved_at REAL NOT NULL
        );
        CREATE INDEX submission_reservations_by_user ON submission_reservations (user_id, exercise_id);

        CREATE TABLE submission_pictures (
            submission_id INTEGER PRIMARY KEY REFERENCES submissions (id),
            grader_version TEXT NOT NULL,
            pictures_json TEXT NOT NULL
        );

        CREATE TABLE grade_verifications (
            submission_id INTEGER NOT NULL REFERENCES submissions (id),
            grader_version TEXT NOT NULL,
            reproduced INTEGER NOT NULL CHECK (reproduced IN (0, 1)),
            recomputed_score REAL,
            recomputed_checks_json TEXT,
            verified_at REAL NOT NULL,
            PRIMARY KEY (submission_id, grader_version)
        ) WITHOUT ROWID;
        """)
}
