import CSQLite

/// How a connection opens its file.
public enum OpenMode: Sendable {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write; the file must exist.
    case readWrite
    /// Read and write, creating the file when it does not exist.
    case readWriteCreate

    var flags: Int32 {
        switch self {
        case .readOnly: SQLITE_OPEN_READONLY
        case .readWrite: SQLITE_OPEN_READWRITE
        case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
    }
}

/// Settings applied when a connection opens.
public struct ConnectionConfiguration: Sendable {
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// Journal mode to set (`PRAGMA journal_mode`), or nil to leave the file's mode unchanged.
    public var journalMode: String? = "WAL"
    /// `PRAGMA synchronous`: NORMAL is durable across application crashes in WAL mode.
    public var synchronous = "NORMAL"
    /// `PRAGMA foreign_keys`.
    public var foreignKeys = true
    /// `PRAGMA query_only`: refuse every write (used for the pool's readers).
    public var queryOnly = false
    /// Maximum number of prepared statements kept by `Connection.cachedStatement(sql:)`.
    public var statementCacheCapacity = 128

    /// The defaults: WAL, synchronous NORMAL, foreign keys on, 5 s busy timeout.
    public init() {}
}

/// One SQLite database connection.
///
/// A connection is not thread-safe: use it from one thread at a time (the `DatabasePool` gives each
/// of its connections a dedicated thread). It closes when released.
public final class Connection {
    /// The path the connection opened (`:memory:` for an in-memory database).
    public let path: String
    let handle: OpaquePointer
    private let statementCacheCapacity: Int
    private var statementCache: [String: Statement] = [:]
    private var statementCacheOrder: [String] = []
    var savepointDepth = 0
    /// Statements this connection has handed out to run: each `execute`, `fetch…`, `cursor` or
    /// statement of a script is one. A plain count, read by the `DatabasePool` for its statistics.
    public private(set) var statementCount = 0

    /// Opens (and with `.readWriteCreate` creates) a database and applies the configuration.
    public init(path: String, mode: OpenMode = .readWriteCreate, configuration: ConnectionConfiguration = .init()) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else {
            throw SQLiteError(code: rc, message: "cannot open database at \(path)")
        }
        guard rc == SQLITE_OK else {
            let error = SQLiteError(code: rc, message: "cannot open database at \(path): " + String(cString: sqlite3_errmsg(handle)))
            sqlite3_close_v2(handle)
            throw error
        }
        self.path = path
        self.handle = handle
        self.statementCacheCapacity = max(0, configuration.statementCacheCapacity)
        try configure(configuration)
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    private func configure(_ configuration: ConnectionConfiguration) throws(SQLiteError) {
        sqlite3_busy_timeout(handle, configuration.busyTimeoutMilliseconds)
        if let journalMode = configuration.journalMode {
            _ = try fetchOne(sql: "PRAGMA journal_mode = \(journalMode)")
        }
        try executeScript("""
            PRAGMA synchronous = \(configuration.synchronous);
            PRAGMA foreign_keys = \(configuration.foreignKeys ? "ON" : "OFF");
            PRAGMA query_only = \(configuration.queryOnly ? "ON" : "OFF");
            """)
    }

    // MARK: Statements

    /// Prepares a new statement that is not cached. The SQL must hold exactly one statement.
    public func makeStatement(sql: String) throws(SQLiteError) -> Statement {
        statementCount += 1
        return try prepareSingle(sql: sql, persistent: false)
    }

    /// Returns the cached prepared statement for this SQL, preparing it on first use.
    ///
    /// When the cached statement is being iterated by a cursor, a fresh uncached one is returned.
    public func cachedStatement(sql: String) throws(SQLiteError) -> Statement {
        if let statement = statementCache[sql] {
            if statement.isBusy { return try makeStatement(sql: sql) }
            statementCount += 1
            return statement
        }
        statementCount += 1
        let statement = try prepareSingle(sql: sql, persistent: true)
        guard statementCacheCapacity > 0 else { return statement }
        if statementCacheOrder.count >= statementCacheCapacity {
            statementCache[statementCacheOrder.removeFirst()] = nil
        }
        statementCache[sql] = statement
        statementCacheOrder.append(sql)
        return statement
    }

    private func prepareSingle(sql: String, persistent: Bool) throws(SQLiteError) -> Statement {
        let result: Result<Statement, SQLiteError> = sql.withCString { text in
            do throws(SQLiteError) {
                let (statement, tail) = try prepare(text, sql: sql, persistent: persistent)
                guard let statement else {
                    return .failure(.misuse("no SQL statement", sql: sql))
                }
                let (extra, _) = try prepare(tail, sql: sql, persistent: false)
                if extra != nil {
                    return .failure(.misuse("more than one statement: use executeScript", sql: sql))
                }
                return .success(statement)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Prepares the first statement at `text`; returns nil for whitespace or comments, and where the next one starts.
    private func prepare(_ text: UnsafePointer<CChar>, sql: String, persistent: Bool) throws(SQLiteError)
        -> (Statement?, UnsafePointer<CChar>)
    {
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let rc = sqlite3_prepare_v3(self.handle, text, -1, flags, &handle, &tail)
        guard rc == SQLITE_OK else {
            throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(self.handle)), sql: sql)
        }
        let next = tail ?? text
        guard let handle else { return (nil, next) }
        let length = UnsafeRawPointer(next) - UnsafeRawPointer(text)
        let statementSQL = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
        return (Statement(handle: handle, sql: statementSQL.trimmingWhitespace()), next)
    }

    // MARK: Executing

    /// Runs one statement with arguments, ignoring any result rows.
    public func execute(sql: String, arguments: StatementArguments = .none) throws(SQLiteError) {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// Runs several statements separated by semicolons, in order (schema scripts). Takes no arguments.
    /// A failing statement stops the script; its error names that statement.
    public func executeScript(_ sql: String) throws(SQLiteError) {
        let failure: SQLiteError? = sql.withCString { text in
            var cursor = text
            do throws(SQLiteError) {
                while cursor.pointee != 0 {
                    let (statement, next) = try prepare(cursor, sql: sql, persistent: false)
                    if let statement {
                        statementCount += 1
                        try statement.execute()
                    }
                    if next == cursor { break }
                    cursor = next
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// A cursor over the rows of a query.
    public func cursor(sql: String, arguments: StatementArguments = .none) throws(SQLiteError) -> RowCursor {
        try cachedStatement(sql: sql).cursor(arguments: arguments)
    }

    /// Every row of a query.
    public func fetchAll(sql: String, arguments: StatementArguments = .none) throws(SQLiteError) -> [Row] {
        try cachedStatement(sql: sql).fetchAll(arguments: arguments)
    }

    /// The first row of a query, or nil when it returns none.
    public func fetchOne(sql: String, arguments: StatementArguments = .none) throws(SQLiteError) -> Row? {
        try cachedStatement(sql: sql).fetchOne(arguments: arguments)
    }

    /// The first column of the first row as `T`, or nil when there is no row or the value is NULL.
    public func fetchValue<T: DatabaseValueConvertible>(_ type: T.Type = T.self, sql: String,
                                                        arguments: StatementArguments = .none) throws -> T? {
        guard let row = try fetchOne(sql: sql, arguments: arguments), row.count > 0, !row[0].isNull else { return nil }
        return try row.get(0, as: T.self)
    }

    /// Every row of a query decoded as `T` (columns matched to coding keys, see `RowDecoder`).
    public func fetchAll<T: Decodable>(_ type: T.Type, sql: String, arguments: StatementArguments = .none) throws -> [T] {
        try fetchAll(sql: sql, arguments: arguments).map { try RowDecoder.decode(T.self, from: $0) }
    }

    /// The first row of a query decoded as `T`, or nil when the query returns no rows.
    public func fetchOne<T: Decodable>(_ type: T.Type, sql: String, arguments: StatementArguments = .none) throws -> T? {
        try fetchOne(sql: sql, arguments: arguments).map { try RowDecoder.decode(T.self, from: $0) }
    }

    // MARK: State

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// True inside an explicit transaction.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
