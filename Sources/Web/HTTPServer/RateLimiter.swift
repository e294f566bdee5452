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
    public func take(_ key: String) -> Int? { spend(key).retryAfter }

    /// What spending one token of a key left: whether it was allowed, the whole tokens left, the
    /// whole seconds until the bucket is full again, and when refused the seconds until a token is.
    public struct Outcome: Sendable, Equatable {
        public var remaining: Int
        public var resetSeconds: Int
        /// Nil when the request was allowed.
        public var retryAfter: Int?
    }

    /// Spends one token of `key` and tells what is left (for `RateLimit` headers).
    public func spend(_ key: String) -> Outcome {
        let now = clock()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: Double(burst), updated: now)
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, now - bucket.updated) * ratePerSecond)
            bucket.updated = now
            var retryAfter: Int?
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                if buckets[key] == nil, buckets.count >= maxKeys { prune(&buckets, now: now) }
            } else {
                retryAfter = max(1, Int(((1 - bucket.tokens) / ratePerSecond).rounded(.up)))
            }
            buckets[key] = bucket
            let reset = Int(((Double(burst) - bucket.tokens) / ratePerSecond).rounded(.up))
            return Outcome(remaining: max(0, Int(bucket.tokens.rounded(.down))), resetSeconds: max(0, reset), retryAfter: retryAfter)
        }
    }

    /// The `RateLimit-Policy` value of this limiter (IETF draft `ratelimit-headers`): the quota is
    /// the burst, the window the seconds a full burst takes to come back.
    public func policyHeader(name: String) -> String {
        "\"\(name)\";q=\(burst);w=\(max(1, Int((Double(burst) / ratePerSecond).rounded(.up))))"
    }

    /// Keys with a bucket now.
    public var keyCount: Int { buckets.withLock { $0.count } }

    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated) * ratePerSecond < Double(burst) }
        if buckets.count >= maxKeys { buckets.removeAll(keepingCapacity: true) }
    }
}

/// Answers 429 with `Retry-After` when the request's key has no token left. With a policy name,
/// every answer also carries the `RateLimit-Policy` and `RateLimit` fields of the IETF draft
/// `ratelimit-headers` (`"search";q=40;w=2` and `"search";r=39;t=1`).
public struct RateLimitMiddleware: Middleware {
    private let limiter: RateLimiter
    private let key: @Sendable (Request) -> String
    private let message: String
    private let policyName: String?

    /// - Parameter key: what a client is counted by; by default its address (proxy-aware).
    /// - Parameter policyName: the quota policy's name in the `RateLimit` headers; nil sends none.
    public init(_ limiter: RateLimiter, message: String = "Too many requests; slow down and try again shortly.",
                policyName: String? = nil, key: @escaping @Sendable (Request) -> String = { $0.clientAddress }) {
        self.limiter = limiter
        self.key = key
        self.message = message
        self.policyName = policyName
    }

    public func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        let outcome = limiter.spend(key(request))
        var fields = HTTPHeaders()
        if let policyName {
            fields.add("RateLimit-Policy", limiter.policyHeader(name: policyName))
            fields.add("RateLimit", "\"\(policyName)\";r=\(outcome.remaining);t=\(outcome.resetSeconds)")
        }
        if let wait = outcome.retryAfter {
            fields.add("Retry-After", String(wait))
            throw HTTPError(.tooManyRequests, code: "rate_limited", message: message, headers: fields)
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch var error as HTTPError {
            for field in fields { error.headers.add(field.name, field.value) }
            throw error
        }
        for field in fields where response.headers[field.name] == nil { response.headers.add(field.name, field.value) }
        return response
    }
}
