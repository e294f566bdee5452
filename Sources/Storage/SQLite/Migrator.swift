import Foundation

/// A named, one-time change to the schema.
///
/// Never edit a migration that has shipped: databases in the field already recorded it by name.
/// Change the schema by appending a new migration.
public struct Migration: Sendable {
    /// The unique name recorded in `schema_migrations`, e.g. `"0001-catalog"`.
    public let name: String
    let apply: @Sendable (Connection) throws -> Void

    /// A migration that runs arbitrary work on the connection (inside its transaction).
    public init(_ name: String, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.name = name
        self.apply = apply
    }

    /// A migration that runs an SQL script (several statements separated by semicolons).
    public init(_ name: String, sql: String) {
        self.init(name) { db in try db.executeScript(sql) }
    }
}

/// Why migrating failed.
public struct MigrationError: Error, CustomStringConvertible, Sendable {
    /// The migration concerned.
    public let migration: String
    /// What went wrong.
    public let message: String

    public var description: String { "migration \(migration): \(message)" }
}

/// Applies an ordered list of migrations, each once, each in its own transaction, recording them
/// in the `schema_migrations` table. An older database upgrades itself by running the ones it lacks.
public struct Migrator: Sendable {
    /// The migrations in the order they apply.
    public let migrations: [Migration]

    /// Creates a migrator; names must be unique.
    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Names of the migrations recorded in the database, in the order they were applied.
    public func appliedMigrations(_ db: Connection) throws -> [String] {
        try createLedger(db)
        return try db.fetchAll(sql: "SELECT name FROM schema_migrations ORDER BY rowid").map { try $0.get(0) }
    }

    /// Applies every migration the database lacks and returns their names.
    ///
    /// Fails without changing anything when names repeat, or when the database has migrations this list
    /// does not know (it was written by a newer version).
    @discardableResult
    public func migrate(_ db: Connection) throws -> [String] {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw MigrationError(migration: migration.name, message: "the name is used twice")
        }
        let applied = try appliedMigrations(db)
        if let unknown = applied.first(where: { !seen.contains($0) }) {
            throw MigrationError(migration: unknown, message: "the database was migrated by a newer version that has this migration")
        }
        let appliedSet = Set(applied)
        var newlyApplied: [String] = []
        for migration in migrations where !appliedSet.contains(migration.name) {
            do {
                try db.transaction(.immediate) { db in
                    try migration.apply(db)
                    try db.execute(sql: "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                                   arguments: [migration.name, Date()])
                }
            } catch {
                throw MigrationError(migration: migration.name, message: "\(error)")
            }
            newlyApplied.append(migration.name)
        }
        return newlyApplied
    }

    private func createLedger(_ db: Connection) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name TEXT PRIMARY KEY NOT NULL,
                applied_at REAL NOT NULL
            )
            """)
    }
}
