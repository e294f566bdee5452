import SQLite

extension Schema {
    /// Sessions know how they are presented (a browser cookie or an API bearer token, never both);
    /// personal API tokens get scopes; browsers that signed in get a device token, so their owner
    /// is not throttled by strangers' failed sign-ins.
    ///
    /// Tokens made before scopes keep every scope they could use; sessions made before kinds are
    /// browser sessions (a client that used one as a bearer token signs in again).
    static let accountHardening = Migration("0009-account-hardening", sql: """
        ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'cookie' CHECK (kind IN ('cookie', 'bearer'));
        CREATE INDEX sessions_by_user_and_age ON sessions (user_id, created_at);

        ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'read submit staff';

        CREATE TABLE trusted_devices (
            token_hash BLOB PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX trusted_devices_by_user ON trusted_devices (user_id, created_at);

        CREATE INDEX login_failures_by_pair ON login_failures (username, remote_address, at);
        """)
}
