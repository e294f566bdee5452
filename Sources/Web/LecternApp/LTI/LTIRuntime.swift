import Foundation
import HTTPServer
import LTI
import SQLite
import Store
import Threads

/// LTI's long-lived state in a running Lectern: the outbound HTTP client and its threads, the
/// platforms' key sets and access tokens cached in memory, Lectern's signing key, and the score
/// delivery loop. One per ``AppContext``.
final class LTIRuntime: @unchecked Sendable {
    let database: DatabasePool
    let http: OutboundHTTP
    /// Threads for outbound calls, which block.
    let outbound: WorkerPool
    /// How score delivery retries.
    let delivery: DeliverySettings

    /// Retry timing of the score outbox.
    final class DeliverySettings: @unchecked Sendable {
        private let lock = NSLock()
        private var _firstRetry: TimeInterval = 2
        private var _idlePoll: TimeInterval = 0.5

        /// The delay after the first failure; each further failure doubles it, up to ``maxRetryDelay``.
        var firstRetry: TimeInterval {
            get { lock.withLock { _firstRetry } }
            set { lock.withLock { _firstRetry = newValue } }
        }
        /// How long the loop sleeps when nothing is due.
        var idlePoll: TimeInterval {
            get { lock.withLock { _idlePoll } }
            set { lock.withLock { _idlePoll = newValue } }
        }
        /// The longest delay between two attempts.
        let maxRetryDelay: TimeInterval = 3600
        /// Attempts before a post is marked failed (an instructor can queue it again).
        let maxAttempts = 20
        /// Posts read per round.
        let batchSize = 100
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var keySets: [Int64: JSONWebKeySet] = [:]
    private var lastFetch: [Int64: Date] = [:]
    private var signingKeys: [String: RSAKey] = [:]
    private var tokens: [String: (token: String, expiresAt: Date)] = [:]
    private var loop: Task<Void, Never>?
    private var stopped = false

    /// How long a retired signing key stays in the published key set.
    static let keyGracePeriod: TimeInterval = 3 * 24 * 3600
    /// The least time between two fetches of a platform's key set for an unknown `kid`.
    static let refetchInterval: TimeInterval = 10

    init(database: DatabasePool) {
        self.database = database
        self.http = OutboundHTTP()
        self.outbound = WorkerPool(name: "lti-outbound", threads: 2, queueLimit: 256)
        self.delivery = DeliverySettings()
    }

    /// Starts the score delivery loop (once).
    func startDelivery() {
        lock.withLock {
            guard loop == nil, !stopped else { return }
            loop = Task.detached { [self] in await ScoreDelivery(runtime: self).run { self.isStopped } }
        }
    }

    var isStopped: Bool { lock.withLock { stopped } }

    /// Stops like ``stop()``, then waits until the delivery loop has ended, so nothing it does
    /// overlaps what the caller does next.
    func stopAndWait() async {
        let task = lock.withLock { loop }
        stop()
        await task?.value
    }

    /// Stops the delivery loop and the outbound threads.
    func stop() {
        let task: Task<Void, Never>? = lock.withLock {
            stopped = true
            return loop
        }
        task?.cancel()
        outbound.shutdown()
    }

    // MARK: Lectern's keys

    /// The key that signs now, made on first use.
    func signingKey() async throws -> (keyID: String, key: RSAKey) {
        let stored = try await database.read { db in try LTIToolKey.current(db) }
        let record: LTIToolKey
        if let stored {
            record = stored
        } else {
            record = try await LTIKeyRotation.rotate(database, onlyIfNone: true)
        }
        if let cached = lock.withLock({ signingKeys[record.kid] }) { return (record.kid, cached) }
        let key = try RSAKey(privateKeyPEM: record.privateKeyPEM)
        lock.withLock { signingKeys[record.kid] = key }
        return (record.kid, key)
    }

    /// The published key set: current and recently retired keys, public halves only.
    func publishedKeySet(now: Date = Date()) async throws -> String {
        _ = try await signingKey()
        let keys = try await database.read { db in try LTIToolKey.published(since: now.addingTimeInterval(-Self.keyGracePeriod), db) }
        let members = keys.map(\.publicJWKJSON).joined(separator: ",")
        return "{\"keys\":[\(members)]}"
    }

    // MARK: Platforms' keys

    /// The platform's key `keyID`: from memory, else from the stored key set, else fetched again
    /// once (not more often than ``refetchInterval``).
    /// - Throws: ``LTIError`` `unknown_kid` when the platform does not publish it.
    func platformKey(_ platform: LTIPlatform, keyID: String) async throws -> RSAKey {
        if let key = lock.withLock({ keySets[platform.id]?.key(keyID) }) { return key }
        if let json = platform.jwksJSON, let set = try? JSONWebKeySet.parse(bytes: Array(json.utf8)) {
            lock.withLock { keySets[platform.id] = set }
            if let key = set.key(keyID) { return key }
        }
        let now = Date()
        let mayFetch = lock.withLock { () -> Bool in
            if let last = lastFetch[platform.id], now.timeIntervalSince(last) < Self.refetchInterval { return false }
            lastFetch[platform.id] = now
            return true
        }
        guard mayFetch else { throw LTIError("unknown_kid", "The platform's key set has no key \(keyID.prefix(100)).") }
        let http = self.http
        let url = platform.jwksURL
        let response = try await outbound.run { try http.send("GET", url, headers: [("Accept", "application/json")]) }
        guard response.status == 200 else {
            throw LTIError("jwks_unavailable", "The platform's key set answered \(response.status).")
        }
        let set = try JSONWebKeySet.parse(bytes: response.body)
        let json = String(decoding: response.body, as: UTF8.self)
        let platformID = platform.id
        try await database.write { db in try LTIPlatform.saveKeySet(json, platformID: platformID, db) }
        lock.withLock { keySets[platform.id] = set }
        guard let key = set.key(keyID) else { throw LTIError("unknown_kid", "The platform's key set has no key \(keyID.prefix(100)).") }
        return key
    }

    // MARK: Access tokens

    /// An access token for `scopes` at the platform, from the cache until it expires, else from
    /// its token endpoint with a signed client assertion (Security §4.1).
    func accessToken(_ platform: LTIPlatform, scopes: [String]) async throws -> String {
        let cacheKey = "\(platform.id) \(scopes.joined(separator: " "))"
        let now = Date()
        if let cached = lock.withLock({ tokens[cacheKey] }), cached.expiresAt > now { return cached.token }
        let (keyID, key) = try await signingKey()
        let claims = ToolMessages.clientAssertion(clientID: platform.clientID, tokenURL: platform.tokenURL,
                                                  now: now.timeIntervalSince1970, jwtID: SecureToken.generate())
        let assertion = try JWTSigner.sign(claims, key: key, keyID: keyID)
        let body = Array(ToolMessages.tokenRequestBody(assertion: assertion, scopes: scopes).utf8)
        let http = self.http
        let url = platform.tokenURL
        let response = try await outbound.run {
            try http.send("POST", url, headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
                          body: body)
        }
        guard response.status == 200 else { throw LTIError("token_refused", "The token endpoint answered \(response.status).") }
        let token = try PlatformResponses.accessToken(response.body)
        // Renewed a little before the platform's expiry.
        let expiresAt = now.addingTimeInterval(max(0, token.expiresIn - 30))
        lock.withLock { tokens[cacheKey] = (token.token, expiresAt) }
        return token.token
    }

    /// Forgets a token the platform refused.
    func dropToken(_ platform: LTIPlatform, scopes: [String]) {
        let cacheKey = "\(platform.id) \(scopes.joined(separator: " "))"
        _ = lock.withLock { tokens.removeValue(forKey: cacheKey) }
    }

    /// Forgets what is cached about a platform (after it is removed).
    func forget(platformID: Int64) {
        lock.withLock {
            keySets[platformID] = nil
            lastFetch[platformID] = nil
            tokens = tokens.filter { !$0.key.hasPrefix("\(platformID) ") }
        }
    }
}
