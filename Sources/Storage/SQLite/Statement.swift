import CSQLite

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the bind call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement owned by one `Connection`.
///
/// Statements from `Connection.cachedStatement(sql:)` are reused; a statement that is being iterated
/// by a `RowCursor` is busy and is not handed out again until the cursor finishes.
public final class Statement {
    /// The statement's SQL text.
    public let sql: String
    /// The result columns (empty for statements that return no rows).
    public let columns: ColumnIndex
    let handle: OpaquePointer
    var isBusy = false

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
        let count = sqlite3_column_count(handle)
        columns = ColumnIndex(names: (0..<count).map { String(cString: sqlite3_column_name(handle, $0)) })
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Number of parameters the statement declares (the largest parameter index).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// True when the statement does not write to the database.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// Resets the statement and binds every parameter: each one must get a value.
    public func bind(_ arguments: StatementArguments) throws(SQLiteError) {
        reset()
        sqlite3_clear_bindings(handle)
        let count = parameterCount
        var bound = [Bool](repeating: false, count: count)
        guard arguments.positional.count <= count else {
            throw .misuse("\(arguments.positional.count) arguments for \(count) parameters", sql: sql)
        }
        for (offset, value) in arguments.positional.enumerated() {
            try bind(value, at: offset + 1)
            bound[offset] = true
        }
        for (name, value) in arguments.named {
            guard let index = parameterIndex(of: name) else {
                throw .misuse("no parameter named \(name)", sql: sql)
            }
            try bind(value, at: index)
            bound[index - 1] = true
        }
        if let missing = bound.firstIndex(of: false) {
            let name = sqlite3_bind_parameter_name(handle, Int32(missing + 1)).map { String(cString: $0) }
            throw .misuse("no value for parameter \(name ?? "#\(missing + 1)")", sql: sql)
        }
    }

    /// The 1-based index of a named parameter; `name` may include its prefix (`:`, `@`, `$`) or not.
    public func parameterIndex(of name: String) -> Int? {
        let candidates = [":", "@", "$"].contains(where: name.hasPrefix) ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = sqlite3_bind_parameter_index(handle, candidate)
            if index > 0 { return Int(index) }
        }
        return nil
    }

    /// Binds one value at a 1-based parameter index.
    public func bind(_ value: DatabaseValue, at index: Int) throws(SQLiteError) {
        let position = Int32(clamping: index)
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(handle, position)
        case .integer(let integer):
            rc = sqlite3_bind_int64(handle, position, integer)
        case .real(let real):
            rc = sqlite3_bind_double(handle, position, real)
        case .text(var text):
            rc = text.withUTF8 { buffer in
                sqlite3_bind_text64(handle, position, buffer.baseAddress, UInt64(buffer.count), transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            rc = bytes.isEmpty
                ? sqlite3_bind_zeroblob(handle, position, 0)
                : bytes.withUnsafeBytes { sqlite3_bind_blob64(handle, position, $0.baseAddress, UInt64($0.count), transient) }
        }
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    /// Advances to the next row: true when a row is available, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc:
            let failure = error(rc)
            sqlite3_reset(handle)
            throw failure
        }
    }

    /// Copies the current row.
    func currentRow() -> Row {
        let count = Int32(columns.names.count)
        var values: [DatabaseValue] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(value(at: index)) }
        return Row(values: values, columns: columns, sql: sql)
    }

    private func value(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob([UInt8](UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }

    /// Binds the arguments and runs the statement to completion, ignoring any rows.
    public func execute(arguments: StatementArguments = .none) throws(SQLiteError) {
        try ensureIdle()
        try bind(arguments)
        defer { reset() }
        while try step() {}
    }

    /// Binds the arguments and returns a cursor over the result rows.
    public func cursor(arguments: StatementArguments = .none) throws(SQLiteError) -> RowCursor {
        try ensureIdle()
        try bind(arguments)
        return RowCursor(statement: self)
    }

    /// Binds the arguments and returns every result row.
    public func fetchAll(arguments: StatementArguments = .none) throws(SQLiteError) -> [Row] {
        let cursor = try cursor(arguments: arguments)
        var rows: [Row] = []
        while let row = try cursor.next() { rows.append(row) }
        return rows
    }

    /// Binds the arguments and returns the first result row, if any.
    public func fetchOne(arguments: StatementArguments = .none) throws(SQLiteError) -> Row? {
        let cursor = try cursor(arguments: arguments)
        defer { cursor.finish() }
        return try cursor.next()
    }

    func reset() {
        sqlite3_reset(handle)
    }

    private func ensureIdle() throws(SQLiteError) {
        if isBusy { throw .misuse("statement is still being iterated by a cursor", sql: sql) }
    }

    private func error(_ rc: Int32) -> SQLiteError {
        let database = sqlite3_db_handle(handle)
        return SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(database)), sql: sql)
    }
}
