import Foundation
import Synchronization

/// Decides when a personal API token's last use is written to the database: on its first use
/// since start, then at most once a ``resolution`` per token, so a busy script costs one write a
/// minute rather than one per request. The account page shows the time to that resolution.
final class TokenUseClock: Sendable {
    /// Seconds between two writes of one token's last use.
    static let resolution = 60.0
    /// Tokens remembered at most; the memory is cleared when full (the next uses are written again).
    static let maxTokens = 10_000

    private let written = Mutex<[[UInt8]: Double]>([:])
    private let clock: @Sendable () -> Double

    /// - Parameter clock: seconds on a monotonic clock; nil for the system's.
    init(clock: (@Sendable () -> Double)? = nil) {
        self.clock = clock ?? { ProcessInfo.processInfo.systemUptime }
    }

    /// Whether the use of the token with this hash should be written now (and, if so, notes it).
    func isDue(_ tokenHash: [UInt8]) -> Bool {
        let now = clock()
        return written.withLock { written in
            if let last = written[tokenHash], now - last < Self.resolution { return false }
            if written.count >= Self.maxTokens { written.removeAll(keepingCapacity: true) }
            written[tokenHash] = now
            return true
        }
    }
}
