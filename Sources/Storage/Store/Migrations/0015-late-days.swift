import SQLite

extension Schema {
    /// Late days and accommodations: a course's bank of late days per student, and per-student
    /// accommodations that stretch every deadline of a course (a time multiplier on the time
    /// between opening and due date, and a fixed extra time).
    ///
    /// Late days spent are not stored: they follow from the stored submissions' times and the
    /// deadlines, in submission order (`LateDayLedger`), so an attempt that is never stored (it
    /// could not be graded) never spends one.
    static let lateDays = Migration("0015-late-days", sql: """
        CREATE TABLE course_late_days (
            course_id INTEGER PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE,
            days INTEGER NOT NULL CHECK (days BETWEEN 0 AND 365),
            updated_at REAL NOT NULL
        );

        CREATE TABLE accommodations (
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
            time_multiplier REAL NOT NULL DEFAULT 1 CHECK (time_multiplier BETWEEN 1 AND 10),
            extra_seconds INTEGER NOT NULL DEFAULT 0 CHECK (extra_seconds BETWEEN 0 AND 31536000),
            reason TEXT NOT NULL DEFAULT '',
            granted_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (course_id, user_id)
        ) WITHOUT ROWID;
        """)
}
