import Synchronization

/// What a `DatabasePool` has done since it opened: its round trips (each `read` and `write` is one
/// transaction on a pool thread) and the statements run inside them (`BEGIN` and `COMMIT` not
/// counted). Cheap enough to keep always on: two relaxed atomic additions per transaction.
///
/// Compare two snapshots to count what a piece of work cost:
///
/// ```swift
/// let before = pool.statistics
/// try await handle(request)
/// let cost = pool.statistics - before   // e.g. 2 reads, 1 write, 14 statements
/// ```
public struct PoolStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Read transactions (`DatabasePool.read`).
    public var reads: Int
    /// Write transactions (`DatabasePool.write`, `writeWithoutTransaction`).
    public var writes: Int
    /// Statements run inside them.
    public var statements: Int

    public init(reads: Int = 0, writes: Int = 0, statements: Int = 0) {
        self.reads = reads
        self.writes = writes
        self.statements = statements
    }

    /// Round trips to the database threads: reads and writes.
    public var transactions: Int { reads + writes }

    /// What happened between `earlier` and `later`.
    public static func - (later: PoolStatistics, earlier: PoolStatistics) -> PoolStatistics {
        PoolStatistics(reads: later.reads - earlier.reads, writes: later.writes - earlier.writes,
                       statements: later.statements - earlier.statements)
    }

    public var description: String { "\(reads) reads, \(writes) writes, \(statements) statements" }
}

/// The pool's running counts, shared by its threads.
final class PoolCounters: Sendable {
    private let reads = Atomic<Int>(0)
    private let writes = Atomic<Int>(0)
    private let statements = Atomic<Int>(0)

    /// Runs `body` on `db` as one counted transaction.
    func count<T>(write: Bool, _ db: Connection, _ body: (Connection) throws -> T) rethrows -> T {
        if write {
            writes.add(1, ordering: .relaxed)
        } else {
            reads.add(1, ordering: .relaxed)
        }
        let start = db.statementCount
        defer { statements.add(db.statementCount - start, ordering: .relaxed) }
        return try body(db)
    }

    var snapshot: PoolStatistics {
        PoolStatistics(reads: reads.load(ordering: .relaxed), writes: writes.load(ordering: .relaxed),
                       statements: statements.load(ordering: .relaxed))
    }
}
