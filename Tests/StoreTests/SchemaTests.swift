import SQLite
import Store
import XCTest

final class SchemaTests: XCTestCase {
    private func tables(_ db: Connection) throws -> [String] {
        try db.fetchAll(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .map { try $0.get(0) }
    }

    func testFreshDatabaseGetsEveryTableOnce() throws {
        let db = try Connection(path: ":memory:")
        XCTAssertEqual(try Schema.migrate(db), Schema.migrations.map(\.name))
        XCTAssertEqual(try Schema.migrate(db), [], "a second start applies nothing")
        XCTAssertEqual(try tables(db), [
            "accommodations", "api_tokens", "audit_log",
            "caption_cue_search", "caption_cue_search_config", "caption_cue_search_data", "caption_cue_search_docsize",
            "caption_cue_search_idx",
            "caption_cues", "course_late_days", "courses", "enrollments", "exercise_authoring", "exercise_feedback", "exercise_versions",
            "exercises", "extensions", "grade_check_students", "grade_checks", "grade_diagnostic_students", "grade_diagnostics",
            "grade_history", "grade_pictures", "grade_student_scores", "grade_verifications",
            "lecture_chapters", "lecture_term_search", "lecture_term_search_config", "lecture_term_search_data", "lecture_term_search_docsize",
            "lecture_term_search_idx", "lecture_terms",
            "lectures", "login_failures",
            "lti_contexts", "lti_deep_links", "lti_grade_targets", "lti_keys", "lti_launch_sessions", "lti_login_states",
            "lti_nonces", "lti_platforms", "lti_score_outbox", "lti_users",
            "password_setup_tokens", "regrade_request_cutoffs", "regrade_requests", "regrade_results",
            "regrade_runs", "schema_migrations", "search_terms", "sessions",
            "submission_reservations", "submissions",
            "transcript_section_search", "transcript_section_search_config", "transcript_section_search_data",
            "transcript_section_search_docsize", "transcript_section_search_idx",
            "transcript_sections", "trusted_devices", "users",
        ])
    }

    func testMigrationNamesAreOrderedAndUnique() {
        let names = Schema.migrations.map(\.name)
        XCTAssertEqual(names, names.sorted(), "names start with a zero-padded sequence number")
        XCTAssertEqual(Set(names).count, names.count)
    }

    func testDatabaseFromAnOlderVersionUpgrades() throws {
        let db = try Connection(path: ":memory:")
        try Migrator(Array(Schema.migrations.prefix(1))).migrate(db)
        try Course.insert(NewCourse(slug: "old", title: "Old course"), db)
        XCTAssertEqual(try Schema.migrate(db), Schema.migrations.dropFirst().map(\.name))
        XCTAssertEqual(try Course.all(db).map(\.slug), ["old"])
    }

    func testConstraintsGuardTheData() throws {
        let db = try Connection(path: ":memory:")
        try Schema.migrate(db)
        let course = try Course.insert(NewCourse(slug: "c", title: "C"), db)
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO courses (slug, title, created_at) VALUES ('Bad Slug', 't', 0)"))
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO lectures (course_id, number, title, updated_at) VALUES (999, 1, 't', 0)"),
                             "foreign keys are enforced")
        try db.execute(sql: "INSERT INTO lectures (course_id, number, title, date, updated_at) VALUES (?, 1, 'Intro', '2013-10-01', 0)",
                       arguments: [course.id])
        let lecture = db.lastInsertedRowID
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO lectures (course_id, number, title, date, updated_at) VALUES (?, 2, 't', 'Tuesday', 0)",
                                            arguments: [course.id]))
        XCTAssertThrowsError(try db.execute(sql: "INSERT INTO caption_cues (lecture_id, position, start_ms, end_ms, text) VALUES (?, 0, 5000, 4000, 'backwards')",
                                            arguments: [lecture]))
        try db.execute(sql: "INSERT INTO caption_cues (lecture_id, position, start_ms, end_ms, text, non_speech) VALUES (?, 0, 0, 4000, '[ Music ]', 1)",
                       arguments: [lecture])
        try db.execute(sql: "DELETE FROM courses WHERE id = ?", arguments: [course.id])
        XCTAssertEqual(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM caption_cues"), 0, "deleting a course removes its lectures and cues")
    }
}
