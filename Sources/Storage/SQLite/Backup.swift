import CSQLite
import Foundation

extension Connection {
    /// Copies this connection's main database into `destination`'s main database with SQLite's online
    /// backup API, in one step: the copy is a consistent snapshot even while other connections write.
    public func backup(into destination: Connection) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_extended_errcode(destination.handle),
                              message: "backup: " + String(cString: sqlite3_errmsg(destination.handle)))
        }
        var rc = sqlite3_backup_step(backup, -1)
        var attempts = 0
        while (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && attempts < 500 {
            attempts += 1
            usleep(10_000)
            rc = sqlite3_backup_step(backup, -1)
        }
        let finish = sqlite3_backup_finish(backup)
        guard rc == SQLITE_DONE else {
            throw SQLiteError(code: rc, message: "backup: " + String(cString: sqlite3_errstr(rc)))
        }
        guard finish == SQLITE_OK else {
            throw SQLiteError(code: finish, message: "backup: " + String(cString: sqlite3_errmsg(destination.handle)))
        }
    }

    /// Backs this database up into a new file at `path`. The copy is written to a temporary file in the
    /// same directory and renamed into place once complete; an existing file at `path` is an error.
    public func backup(toFile path: String) throws {
        let files = FileManager.default
        guard !files.fileExists(atPath: path) else {
            throw SQLiteError.misuse("backup: \(path) already exists")
        }
        let partial = path + ".partial-\(getpid())"
        try? files.removeItem(atPath: partial)
        do {
            var configuration = ConnectionConfiguration()
            configuration.journalMode = nil
            do {
                let destination = try Connection(path: partial, mode: .readWriteCreate, configuration: configuration)
                try backup(into: destination)
            }
            guard rename(partial, path) == 0 else {
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "backup: cannot move the copy to \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? files.removeItem(atPath: partial)
            throw error
        }
    }
}
