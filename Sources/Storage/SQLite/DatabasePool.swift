import Threads
/// Settings of a `DatabasePool`.
public struct PoolConfiguration: Sendable {
    /// Number of reader connections (and threads). At least 1.
    public var readerCount = 4
    /// Settings of the writer connection; readers use the same with `queryOnly` on and the journal
    /// mode left to the writer.
    public var connection = ConnectionConfiguration()

    /// The defaults: 4 readers, WAL, synchronous NORMAL, foreign keys on.
    public init() {}
}

/// Concurrent access to one database file for a server: one writer connection and several reader
/// connections in WAL mode, so reads run beside the write in progress and see committed data only.
///
/// Each connection lives on its own dedicated thread. The `async` methods enqueue the work and
/// suspend the caller, so SQLite never blocks Swift's cooperative thread pool:
///
/// ```swift
/// let pool = try DatabasePool(path: "lectern.sqlite")
/// try await pool.write { db in try db.execute(sql: "INSERT INTO courses ...") }
/// let count = try await pool.read { db in try db.fetchValue(Int.self, sql: "SELECT count(*) FROM courses") }
/// ```
public final class DatabasePool: Sendable {
    /// The database file.
    public let path: String
    private let writer: ThreadPool<Connection>
    private let readers: ThreadPool<Connection>
    /// One reader of its own for quick checks, so they never queue behind busy readers.
    private let prober: ThreadPool<Connection>
    private let counters = PoolCounters()

    /// Opens the file (creating it when missing) and sets WAL mode; readers connect lazily.
    public init(path: String, configuration: PoolConfiguration = .init()) throws {
        self.path = path
        let writerConnection = try Connection(path: path, mode: .readWriteCreate, configuration: configuration.connection)
        var readerConfiguration = configuration.connection
        readerConfiguration.journalMode = nil
        readerConfiguration.queryOnly = true
        let readerSettings = readerConfiguration
        writer = ThreadPool(name: "SQLite writer", threads: 1, first: writerConnection, stackSize: 1 << 20) {
            try Connection(path: path, mode: .readWrite, configuration: configuration.connection)
        }
        readers = ThreadPool(name: "SQLite reader", threads: max(1, configuration.readerCount), stackSize: 1 << 20) {
            try Connection(path: path, mode: .readWrite, configuration: readerSettings)
        }
        prober = ThreadPool(name: "SQLite probe", threads: 1, stackSize: 1 << 20) {
            try Connection(path: path, mode: .readWrite, configuration: readerSettings)
        }
    }

    deinit {
        writer.close()
        readers.close()
        prober.close()
    }

    /// Runs `body` in a read transaction on a connection of its own, apart from the readers, so a
    /// short check (a health probe) answers even while every reader is busy. Keep `body` tiny:
    /// checks run one at a time.
    public func probe<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await run(on: prober) { db in try db.transaction(.deferred, body) }
    }

    /// Runs `body` in an immediate write transaction on the writer: committed when it returns,
    /// rolled back when it throws. Writes from this pool run one at a time, in arrival order.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await run(on: writer) { [counters] db in
            try db.transaction(.immediate) { db in try counters.count(write: true, db, body) }
        }
    }

    /// Runs `body` on the writer without opening a transaction (migrations, `VACUUM`, pragmas).
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await run(on: writer) { [counters] db in try counters.count(write: true, db, body) }
    }

    /// Runs `body` on a reader inside a read transaction, so every query in it sees one snapshot.
    /// Readers refuse writes (`PRAGMA query_only`).
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await run(on: readers) { [counters] db in
            try db.transaction(.deferred) { db in try counters.count(write: false, db, body) }
        }
    }

    /// The round trips and statements of this pool so far (the health probe's not counted).
    public var statistics: PoolStatistics { counters.snapshot }

    /// Copies a consistent snapshot of the database to a new file at `destination` through SQLite's
    /// online backup API, while reads and writes go on. The copy is written beside the destination
    /// and renamed into place when complete; an existing file is never overwritten.
    public func backup(to destination: String) async throws {
        try await run(on: readers) { db in try db.backup(toFile: destination) }
    }

    /// Stops accepting work, lets queued work finish, closes every connection and waits for the
    /// threads to exit. Later calls fail with a misuse error.
    public func close() async {
        writer.close()
        readers.close()
        prober.close()
        await writer.waitUntilExited()
        await readers.waitUntilExited()
        await prober.waitUntilExited()
    }

    private func run<T: Sendable>(on threads: ThreadPool<Connection>,
                                  _ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        do {
            return try await threads.run(body)
        } catch let error as ThreadPoolError {
            throw SQLiteError.misuse("the database pool is \(error == .closed ? "closed" : "busy")")
        }
    }
}
