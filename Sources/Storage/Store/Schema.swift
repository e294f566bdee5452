import SQLite

/// Lectern's database schema: every table is created and changed by the migrations listed here.
///
/// To change the schema, add a file `Migrations/NNNN-what.swift` holding
/// `extension Schema { static let what = Migration("NNNN-what", sql: "...") }` and append `what`
/// to `migrations`. Never edit or reorder a migration that has shipped: databases in the field
/// recorded it by name and will not run it again.
///
/// Conventions: tables are plural snake_case; every row has `id INTEGER PRIMARY KEY` unless a
/// composite key is natural; times are REAL seconds since 1970 UTC (`Date` binds that way);
/// booleans are INTEGER 0/1 with a CHECK; JSON is TEXT in a column ending in `_json`.
public enum Schema {
    /// Every migration, in the order it applies.
    public static let migrations: [Migration] = [
        catalog,
        exercises,
        accounts,
        submissions,
        auditLog,
        search,
        searchMerging,
        gradingReservations,
        accountHardening,
        captionTracks,
        lectureChapters,
        exerciseAuthoring,
        feedbackPolicy,
        lateDays,
        gradeFacts,
        regradeRequests,
        ltiPlatforms,
        ltiScoreOutbox,
        typedGrades,
    ]

    /// The migrator over `migrations`.
    public static let migrator = Migrator(migrations)

    /// Brings a database up to date and returns the names of the migrations it applied.
    @discardableResult
    public static func migrate(_ db: Connection) throws -> [String] {
        try migrator.migrate(db)
    }

    /// How many migrations the database has applied: a cheap real query for health checks.
    public static func appliedMigrationCount(_ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM schema_migrations") ?? 0
    }
}
