import SQLite

extension Schema {
    /// What students see of a grade: when each scenario or check is shown, and how much of each
    /// message. An exercise without a row shows everything, in full.
    static let feedbackPolicy = Migration("0013-feedback-policy", sql: """
        CREATE TABLE exercise_feedback (
            exercise_id INTEGER PRIMARY KEY REFERENCES exercises (id) ON DELETE CASCADE,
            visibility_json TEXT NOT NULL DEFAULT '{}',
            feedback TEXT NOT NULL DEFAULT 'full' CHECK (feedback IN ('full', 'hint', 'passFail'))
        );
        """)
}
