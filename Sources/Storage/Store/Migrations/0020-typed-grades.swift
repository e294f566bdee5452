import SQLite

extension Schema {
    /// Grades as typed rows, one source for pages, the API and the class tools: `grade_checks` gains
    /// each check's message, `grade_diagnostics` keeps every diagnostic whole, and `grade_pictures`
    /// holds the pictures drawn with the grade (replacing `submission_pictures`). The submission
    /// counts its checks, diagnostics and pictures (`picture_count` NULL: none kept for this grade),
    /// so rows that go missing are noticed. A regrade's dry-run results keep their pictures
    /// (`regrade_results.pictures_json`), which applying stores with the new grade.
    ///
    /// Every existing grade's rows are rewritten from its JSON columns, which are then dropped; a
    /// grade whose stored checks or diagnostics cannot be read keeps a NULL count and reads as a
    /// grade that could not be read (pictures that cannot be read count as none kept).
    static let typedGrades = Migration("0020-typed-grades") { db in
        try db.executeScript("""
            ALTER TABLE grade_checks ADD COLUMN message TEXT NOT NULL DEFAULT '';

            CREATE TABLE grade_pictures (
                submission_id INTEGER NOT NULL REFERENCES submissions (id),
                position INTEGER NOT NULL CHECK (position >= 0),
                name TEXT NOT NULL,
                title TEXT NOT NULL,
                svg TEXT NOT NULL,
                PRIMARY KEY (submission_id, position)
            );

            ALTER TABLE submissions ADD COLUMN check_count INTEGER CHECK (check_count >= 0);
            ALTER TABLE submissions ADD COLUMN diagnostic_count INTEGER CHECK (diagnostic_count >= 0);
            ALTER TABLE submissions ADD COLUMN picture_count INTEGER CHECK (picture_count >= 0);

            ALTER TABLE regrade_results ADD COLUMN pictures_json TEXT;
            """)
        try TypedGradesBackfill.run(db)
        try db.executeScript("""
            DROP TABLE submission_pictures;
            ALTER TABLE submissions DROP COLUMN checks_json;
            ALTER TABLE submissions DROP COLUMN diagnostics_json;
            """)
    }
}
