import Synchronization

/// Access-log lines, buffered per event loop and written to standard error by that loop once
/// per turn, so a line costs no system call of its own. Safe from any thread: a handler may end
/// on another executor than its loop's.
final class AccessLog: Sendable {
    private final class Shard: Sendable {
        let buffer = Mutex<[UInt8]>([])
    }

    private let shards: [Shard]

    init(shards: Int) {
        self.shards = (0..<max(1, shards)).map { _ in Shard() }
    }

    func append(_ line: String, shard: Int) {
        shards[shard % shards.count].buffer.withLock { buffer in
            buffer.append(contentsOf: line.utf8)
            buffer.append(ASCII.lf)
        }
    }

    /// Writes and empties one loop's buffer.
    func flush(shard: Int) {
        let pending = take(shard: shard)
        if !pending.isEmpty { Platform.writeStandardError(pending) }
    }

    /// Empties one loop's buffer and returns what it held.
    func take(shard: Int) -> [UInt8] {
        shards[shard % shards.count].buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
    }
}
