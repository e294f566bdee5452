import SQLite

extension Schema {
    /// LTI 1.3: registered platforms and their cached key sets, Lectern's own signing keys, login
    /// states and used nonces, and the links from platform users, contexts and resource links to
    /// Lectern's accounts, courses and exercises.
    static let ltiPlatforms = Migration("0018-lti-platforms", sql: """
        CREATE TABLE lti_platforms (
            id INTEGER PRIMARY KEY,
            issuer TEXT NOT NULL CHECK (length(issuer) BETWEEN 1 AND 500),
            client_id TEXT NOT NULL CHECK (length(client_id) BETWEEN 1 AND 255),
            deployment_id TEXT NOT NULL CHECK (length(deployment_id) BETWEEN 1 AND 255),
            auth_url TEXT NOT NULL,
            token_url TEXT NOT NULL,
            jwks_url TEXT NOT NULL,
            course_id INTEGER REFERENCES courses (id) ON DELETE SET NULL,
            jwks_json TEXT,
            jwks_fetched_at REAL,
            created_at REAL NOT NULL,
            UNIQUE (issuer, client_id, deployment_id)
        );
        CREATE TABLE lti_keys (
            id INTEGER PRIMARY KEY,
            kid TEXT NOT NULL UNIQUE,
            private_key_pem TEXT NOT NULL,
            public_jwk_json TEXT NOT NULL,
            created_at REAL NOT NULL,
            retired_at REAL
        );
        CREATE TABLE lti_login_states (
            state_hash BLOB PRIMARY KEY,
            platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
            nonce TEXT NOT NULL,
            expires_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE lti_nonces (
            issuer TEXT NOT NULL,
            nonce TEXT NOT NULL,
            expires_at REAL NOT NULL,
            PRIMARY KEY (issuer, nonce)
        ) WITHOUT ROWID;
        CREATE TABLE lti_users (
            issuer TEXT NOT NULL,
            subject TEXT NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            PRIMARY KEY (issuer, subject)
        ) WITHOUT ROWID;
        CREATE INDEX lti_users_user ON lti_users (user_id);
        CREATE TABLE lti_contexts (
            issuer TEXT NOT NULL,
            context_id TEXT NOT NULL,
            platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
            course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
            title TEXT,
            memberships_url TEXT,
            PRIMARY KEY (issuer, context_id)
        ) WITHOUT ROWID;
        CREATE INDEX lti_contexts_course ON lti_contexts (course_id);
        CREATE TABLE lti_grade_targets (
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
            platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
            lineitem_url TEXT NOT NULL,
            subject TEXT NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (user_id, exercise_id, lineitem_url)
        ) WITHOUT ROWID;
        CREATE TABLE lti_deep_links (
            token_hash BLOB PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
            course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
            request_json TEXT NOT NULL,
            expires_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE lti_launch_sessions (
            token_hash BLOB PRIMARY KEY,
            platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
            frame_origin TEXT,
            expires_at REAL NOT NULL
        ) WITHOUT ROWID;
        """)
}
