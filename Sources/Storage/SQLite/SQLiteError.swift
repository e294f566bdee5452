import CSQLite

/// An error reported by SQLite, with the result code, SQLite's message and the SQL that failed.
///
/// `description` reads like `SQLite error 1 (SQL logic error): near "SELEC": syntax error in "SELEC 1"`.
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The extended result code (for example `SQLITE_CONSTRAINT_UNIQUE`, 2067).
    public let extendedCode: Int32
    /// SQLite's error message.
    public let message: String
    /// The statement that failed, when the error comes from a statement.
    public let sql: String?

    /// The primary result code (for example `SQLITE_CONSTRAINT`, 19): the low byte of the extended code.
    public var code: Int32 { extendedCode & 0xFF }

    /// Creates an error from a result code, a message and the SQL that caused it.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.extendedCode = code
        self.message = message
        self.sql = sql
    }

    /// SQLite's generic name for the primary code, e.g. "constraint failed".
    public var codeName: String { String(cString: sqlite3_errstr(code)) }

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection holds a conflicting lock.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// True for constraint violations (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, ...).
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    public var description: String {
        var text = "SQLite error \(extendedCode) (\(codeName)): \(message)"
        if let sql { text += " in \"\(sql)\"" }
        return text
    }

    /// An error raised by this module itself for API misuse (closed pool, multiple statements, ...).
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }
}
