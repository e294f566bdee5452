/// How a transaction takes its locks.
public enum TransactionKind: String, Sendable {
    /// Locks on first access; for read transactions.
    case deferred = "DEFERRED"
    /// Takes the write lock at BEGIN, so a write transaction never fails half-way with `SQLITE_BUSY`
    /// when upgrading a read lock; waits for the busy timeout instead.
    case immediate = "IMMEDIATE"
    /// Like immediate; in WAL mode the same as immediate.
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws (and rethrows).
    ///
    /// Called inside another transaction, it runs in a savepoint instead, so nested units of work roll
    /// back on their own without undoing the enclosing transaction.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try execute(sql: "BEGIN \(kind.rawValue)")
        let result: T
        do {
            result = try body(self)
        } catch {
            rollbackIgnoringErrors("ROLLBACK")
            throw error
        }
        do {
            try execute(sql: "COMMIT")
        } catch {
            rollbackIgnoringErrors("ROLLBACK")
            throw error
        }
        return result
    }

    /// Runs `body` in a savepoint: released when it returns, rolled back to when it throws (and rethrows).
    /// Outside a transaction a savepoint behaves as a deferred transaction.
    public func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        let name = "lectern_savepoint_\(savepointDepth)"
        try execute(sql: "SAVEPOINT \(name)")
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        do {
            let result = try body(self)
            try execute(sql: "RELEASE \(name)")
            return result
        } catch {
            rollbackIgnoringErrors("ROLLBACK TO \(name)")
            rollbackIgnoringErrors("RELEASE \(name)")
            throw error
        }
    }

    /// Rollback after a failure: SQLite may already have rolled back (for example on `SQLITE_FULL`),
    /// in which case the rollback itself fails and the original error is the one worth reporting.
    private func rollbackIgnoringErrors(_ sql: String) {
        guard isInTransaction else { return }
        try? executeScript(sql)
    }
}
