import SQLite

extension Schema {
    /// Users, per-course roles, browser sessions, personal API tokens, one-time set-password links
    /// and failed logins (for rate limiting). Secrets are stored only as hashes.
    static let accounts = Migration("0003-accounts", sql: """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(username) BETWEEN 1 AND 64),
            display_name TEXT NOT NULL,
            email TEXT,
            password_hash TEXT,
            is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
            created_at REAL NOT NULL
        );

        CREATE TABLE enrollments (
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('student', 'instructor')),
            created_at REAL NOT NULL,
            PRIMARY KEY (user_id, course_id)
        ) WITHOUT ROWID;
        CREATE INDEX enrollments_by_course ON enrollments (course_id, role);

        CREATE TABLE sessions (
            token_hash BLOB PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            csrf_token TEXT NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            remote_address TEXT
        ) WITHOUT ROWID;
        CREATE INDEX sessions_by_user ON sessions (user_id);
        CREATE INDEX sessions_by_expiry ON sessions (expires_at);

        CREATE TABLE api_tokens (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            token_hash BLOB NOT NULL UNIQUE,
            created_at REAL NOT NULL,
            last_used_at REAL,
            revoked_at REAL
        );
        CREATE INDEX api_tokens_by_user ON api_tokens (user_id);

        CREATE TABLE password_setup_tokens (
            token_hash BLOB PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            used_at REAL
        ) WITHOUT ROWID;

        CREATE TABLE login_failures (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL COLLATE NOCASE,
            remote_address TEXT NOT NULL,
            at REAL NOT NULL
        );
        CREATE INDEX login_failures_by_username ON login_failures (username, at);
        CREATE INDEX login_failures_by_address ON login_failures (remote_address, at);
        """)
}
