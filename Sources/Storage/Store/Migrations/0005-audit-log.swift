import SQLite

extension Schema {
    /// An append-only record of grade-affecting actions (regrades, extensions, role changes, ...).
    /// `subject` names what was acted on, e.g. `submission:12` or `user:7`.
    static let auditLog = Migration("0005-audit-log", sql: """
        CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY,
            at REAL NOT NULL,
            actor_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
            course_id INTEGER REFERENCES courses (id) ON DELETE SET NULL,
            action TEXT NOT NULL,
            subject TEXT NOT NULL DEFAULT '',
            details_json TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX audit_log_by_course ON audit_log (course_id, at);
        """)
}
