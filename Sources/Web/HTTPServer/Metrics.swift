import Foundation
import Synchronization

/// Request counters and latency histograms, rendered in the Prometheus text format.
///
/// Each event loop records into its own shard, so recording is an uncontended lock;
/// a scrape merges the shards. Routes are labelled by pattern, never by raw path.
public final class ServerMetrics: Sendable {
    /// Upper bounds (seconds) of the latency histogram buckets.
    static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Key: Hashable, Sendable {
        let route: String
        let status: Int
    }

    struct Shard: Sendable {
        var requests: [Key: Int] = [:]
        var latency: [String: Histogram] = [:]
    }

    struct Histogram: Sendable {
        var buckets = [Int](repeating: 0, count: ServerMetrics.bucketBounds.count)
        var count = 0
        var sum = 0.0

        mutating func observe(_ seconds: Double) {
            count += 1
            sum += seconds
            if let i = ServerMetrics.bucketBounds.firstIndex(where: { seconds <= $0 }) { buckets[i] += 1 }
        }

        mutating func merge(_ other: Histogram) {
            for i in buckets.indices { buckets[i] += other.buckets[i] }
            count += other.count
            sum += other.sum
        }
    }

    /// One lock-protected shard per event loop.
    final class ShardBox: Sendable {
        let state = Mutex(Shard())
    }

    private let shards: [ShardBox]
    private let openConnectionCount = Atomic<Int>(0)
    private let acceptedConnections = Atomic<Int>(0)
    private let shedConnections = Atomic<Int>(0)
    private let bodyBytes = Atomic<Int>(0)
    private let peakBodyBytes = Atomic<Int>(0)
    private let refusedConnections = Atomic<Int>(0)

    init(shards: Int) {
        self.shards = (0..<max(1, shards)).map { _ in ShardBox() }
    }

    /// Connections currently open.
    public var openConnections: Int { openConnectionCount.load(ordering: .relaxed) }

    func connectionClosed() { openConnectionCount.subtract(1, ordering: .relaxed) }

    /// An idle connection was closed to make room for a new one.
    func connectionShed() { shedConnections.add(1, ordering: .relaxed) }

    /// A new connection was answered 503 (table full with nothing idle, or its address at its cap).
    func connectionRefused() { refusedConnections.add(1, ordering: .relaxed) }

    /// Bytes of request bodies held in memory now (reserved as they are admitted).
    public var bodyBytesInFlight: Int { bodyBytes.load(ordering: .relaxed) }

    /// The most bytes of request bodies held at once since the server started.
    public var peakBodyBytesInFlight: Int { peakBodyBytes.load(ordering: .relaxed) }

    /// Reserves `n` bytes of body memory unless that would take the total over `limit`.
    func tryReserveBody(_ n: Int, limit: Int) -> Bool {
        let now = bodyBytes.add(n, ordering: .relaxed).newValue
        if now > limit {
            bodyBytes.subtract(n, ordering: .relaxed)
            return false
        }
        var peak = peakBodyBytes.load(ordering: .relaxed)
        while now > peak {
            let (exchanged, original) = peakBodyBytes.compareExchange(expected: peak, desired: now, ordering: .relaxed)
            if exchanged { break }
            peak = original
        }
        return true
    }

    /// Gives back body memory taken by ``tryReserveBody(_:limit:)``.
    func releaseBody(_ n: Int) { bodyBytes.subtract(n, ordering: .relaxed) }

    /// Idle connections closed so far to make room for new ones.
    public var connectionsShed: Int { shedConnections.load(ordering: .relaxed) }

    /// New connections refused so far.
    public var connectionsRefused: Int { refusedConnections.load(ordering: .relaxed) }

    /// Reserves a connection slot if fewer than `limit` are open.
    func tryReserveConnection(limit: Int) -> Bool {
        let now = openConnectionCount.add(1, ordering: .relaxed).newValue
        if now > limit {
            openConnectionCount.subtract(1, ordering: .relaxed)
            return false
        }
        acceptedConnections.add(1, ordering: .relaxed)
        return true
    }

    func record(shard: Int, route: String, status: Int, seconds: Double) {
        shards[shard % shards.count].state.withLock { s in
            s.requests[Key(route: route, status: status), default: 0] += 1
            s.latency[route, default: Histogram()].observe(seconds)
        }
    }

    /// The total number of requests recorded for `route` (pattern) with `status`.
    public func requestCount(route: String, status: Int) -> Int {
        shards.reduce(0) { total, shard in total + shard.state.withLock { $0.requests[Key(route: route, status: status)] ?? 0 } }
    }

    /// Prometheus text exposition format 0.0.4, series in sorted order.
    public func render() -> String {
        var requests: [Key: Int] = [:]
        var latency: [String: Histogram] = [:]
        for shard in shards {
            shard.state.withLock { s in
                for (k, v) in s.requests { requests[k, default: 0] += v }
                for (k, v) in s.latency { latency[k, default: Histogram()].merge(v) }
            }
        }
        var out = "# HELP http_requests_total HTTP requests by route and status.\n# TYPE http_requests_total counter\n"
        for (key, count) in requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            out += "http_requests_total{route=\"\(Self.label(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        out += "# HELP http_request_duration_seconds Request latency by route.\n# TYPE http_request_duration_seconds histogram\n"
        for (route, h) in latency.sorted(by: { $0.key < $1.key }) {
            let r = Self.label(route)
            var cumulative = 0
            for (i, bound) in Self.bucketBounds.enumerated() {
                cumulative += h.buckets[i]
                out += "http_request_duration_seconds_bucket{route=\"\(r)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "http_request_duration_seconds_bucket{route=\"\(r)\",le=\"+Inf\"} \(h.count)\n"
            out += "http_request_duration_seconds_sum{route=\"\(r)\"} \(h.sum)\n"
            out += "http_request_duration_seconds_count{route=\"\(r)\"} \(h.count)\n"
        }
        out += "# HELP http_open_connections Open client connections.\n# TYPE http_open_connections gauge\n"
        out += "http_open_connections \(openConnections)\n"
        out += "# HELP http_connections_total Accepted client connections.\n# TYPE http_connections_total counter\n"
        out += "http_connections_total \(acceptedConnections.load(ordering: .relaxed))\n"
        out += "# HELP http_request_body_bytes_in_flight Bytes of request bodies held in memory.\n"
        out += "# TYPE http_request_body_bytes_in_flight gauge\nhttp_request_body_bytes_in_flight \(bodyBytesInFlight)\n"
        out += "# HELP http_connections_shed_total Idle connections closed to make room for new ones.\n"
        out += "# TYPE http_connections_shed_total counter\nhttp_connections_shed_total \(connectionsShed)\n"
        out += "# HELP http_connections_refused_total New connections answered 503 for want of a slot.\n"
        out += "# TYPE http_connections_refused_total counter\nhttp_connections_refused_total \(connectionsRefused)\n"
        return out
    }

    private static func label(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
