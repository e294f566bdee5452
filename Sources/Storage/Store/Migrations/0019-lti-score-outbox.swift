import SQLite

extension Schema {
    /// LTI AGS: the durable outbox of scores to post to platforms' line items. A row waits
    /// (`pending`) until it is delivered (`sent`) or has failed too often (`failed`); a newer score
    /// for the same line item and user replaces a pending one, so only the latest is posted.
    static let ltiScoreOutbox = Migration("0019-lti-score-outbox", sql: """
        CREATE TABLE lti_score_outbox (
            id INTEGER PRIMARY KEY,
            platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
            lineitem_url TEXT NOT NULL,
            subject TEXT NOT NULL,
            score_given REAL NOT NULL,
            score_maximum REAL NOT NULL,
            scored_at REAL NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL NOT NULL,
            last_error TEXT,
            created_at REAL NOT NULL,
            sent_at REAL
        );
        CREATE INDEX lti_score_outbox_due ON lti_score_outbox (status, next_attempt_at);
        CREATE INDEX lti_score_outbox_target ON lti_score_outbox (lineitem_url, subject, status);
        CREATE INDEX lti_score_outbox_exercise ON lti_score_outbox (exercise_id);
        """)
}
