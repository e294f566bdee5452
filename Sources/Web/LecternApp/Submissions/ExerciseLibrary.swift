import Grading
import SQLite
import Store
import Synchronization

/// Loaded exercise definitions by exercise id and version, so grading does not re-parse the
/// definition on every submission. Any version ever stored can be loaded (for regrades and verify).
final class ExerciseLibrary: Sendable {
    /// Most definitions kept in memory at once.
    static let capacity = 256

    private struct Key: Hashable {
        let exerciseID: Int64
        let version: String
    }

    private let cache = Mutex<[Key: Exercise]>([:])
    private let database: DatabasePool

    init(database: DatabasePool) {
        self.database = database
    }

    /// The current version of a stored exercise.
    func exercise(_ record: ExerciseRecord) throws -> Exercise {
        try load(Key(exerciseID: record.id, version: record.version)) { record.definitionJSON }
    }

    /// A given version of a stored exercise, or nil when that version was never stored.
    func exercise(id: Int64, version: String) async throws -> Exercise? {
        let key = Key(exerciseID: id, version: version)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let json = try await database.read({ db in try ExerciseRecord.definition(exerciseID: id, version: version, db) }) else {
            return nil
        }
        return try load(key) { json }
    }

    /// The given version when it is already loaded, without reading the database.
    func cached(id: Int64, version: String) -> Exercise? {
        cache.withLock { $0[Key(exerciseID: id, version: version)] }
    }

    /// The given version from its stored definition, read by the caller (in its own transaction).
    @discardableResult
    func exercise(id: Int64, version: String, definitionJSON: String) throws -> Exercise {
        try load(Key(exerciseID: id, version: version)) { definitionJSON }
    }

    private func load(_ key: Key, definition: () -> String) throws -> Exercise {
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let exercise = try ExerciseStorage.exercise(definitionJSON: definition())
        cache.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[key] = exercise
        }
        return exercise
    }
}
