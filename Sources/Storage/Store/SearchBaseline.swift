import SQLite

extension Search {
    /// The search a naive implementation would run: a `LIKE` scan of every cue, counted and then
    /// the first 20 by id. Only for benchmarks, as the baseline the full-text index is measured
    /// against; returns the count.
    public static func likeScanBaseline(pattern: String, _ db: Connection) throws -> Int {
        let total = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM caption_cues WHERE text LIKE ?", arguments: [pattern]) ?? 0
        _ = try db.fetchAll(sql: "SELECT id, text FROM caption_cues WHERE text LIKE ? ORDER BY id LIMIT 20", arguments: [pattern])
        return total
    }

    /// Moves the write-ahead log into the database file and empties it, so a benchmark's reads
    /// start from the same state.
    public static func checkpointForBenchmark(_ db: Connection) throws {
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
