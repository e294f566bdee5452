import Synchronization

/// Token buckets per key (a client address, a user): each key may spend `burst` requests at
/// once, refilled at `ratePerSecond`. The table holds at most `maxKeys` buckets; when full, the
/// buckets that have refilled completely (they limit nothing) are dropped first.
///
/// ```swift
/// let limiter = RateLimiter(ratePerSecond: 20, burst: 40)
/// if let wait = limiter.take(request.clientAddress) { throw HTTPError.tooManyRequests(retryAfter: wait) }
/// ```
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    public let ratePerSecond: Double
    public let burst: Int
    private let maxKeys: Int
    private let clock: @Sendable () -> Double
    private let buckets = Mutex<[String: Bucket]>([:])

    /// - Parameters:
    ///   - ratePerSecond: refill rate; must be positive.
    ///   - burst: most requests at once (at least 1).
    ///   - clock: seconds on a monotonic clock; nil for the system's (tests pass their own).
    public init(ratePerSecond: Double, burst: Int, maxKeys: Int = 50_000, clock: (@Sendable () -> Double)? = nil) {
        self.ratePerSecond = max(ratePerSecond, 0.001)
        self.burst = max(1, burst)
        self.maxKeys = max(1, maxKeys)
        self.clock = clock ?? { Platform.monotonicSeconds() }
    }

    /// Spends one token of `key`: nil when there was one, else the whole seconds until there is.
    public func take(_ key: String) -> Int? {
        let now = clock()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: Double(burst), updated: now)
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, now - bucket.updated) * ratePerSecond)
            bucket.updated = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                if buckets[key] == nil, buckets.count >= maxKeys { prune(&buckets, now: now) }
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return max(1, Int(((1 - bucket.tokens) / ratePerSecond).rounded(.up)))
        }
    }

    /// Keys with a bucket now.
    public var keyCount: Int { buckets.withLock { $0.count } }

    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated) * ratePerSecond < Double(burst) }
        if buckets.count >= maxKeys { buckets.removeAll(keepingCapacity: true) }
    }
}

/// Answers 429 with `Retry-After` when the request's key has no token left.
public struct RateLimitMiddleware: Middleware {
    private let limiter: RateLimiter
    private let key: @Sendable (Request) -> String
    private let message: String

    /// - Parameter key: what a client is counted by; by default its address (proxy-aware).
    public init(_ limiter: RateLimiter, message: String = "Too many requests; slow down and try again shortly.",
                key: @escaping @Sendable (Request) -> String = { $0.clientAddress }) {
        self.limiter = limiter
        self.key = key
        self.message = message
    }

    public func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        if let wait = limiter.take(key(request)) {
            var headers = HTTPHeaders()
            headers.add("Retry-After", String(wait))
            throw HTTPError(.tooManyRequests, code: "rate_limited", message: message, headers: headers)
        }
        return try await next(request, context)
    }
}
