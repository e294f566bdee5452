import Foundation
import HTTPServer
import SQLite
import Store
import Threads

/// Finds who a request comes from (session cookie, bearer session or personal API token), signs
/// users in and out, and limits password guessing without letting strangers lock people out.
///
/// Throttling (see docs/accounts-and-submissions.md):
/// - per (account, address) pair: ``freeAttemptsPerPair`` failures, then a delay that doubles with
///   each further failure, up to ``maxDelay``;
/// - per account: after ``accountAlarm`` failures from anywhere, an address that has itself failed
///   for that account must present the account's device cookie (set by an earlier sign-in).
///   A correct password from an address that has not failed is never blocked by others' failures.
/// Every attempt is reserved (recorded as a failure) in the same transaction that checks the
/// limits, before the password is hashed, and released when the password was right.
/// Password hashes are computed on ``hashing``'s threads, never on an event loop.
struct Authenticator: Sendable {
    /// The browser session cookie's name.
    static let sessionCookie = "lectern_session"
    /// The cookie that marks a browser that has signed in to an account before.
    static let deviceCookie = "lectern_device"
    /// How long a session lasts.
    static let sessionLifetime: TimeInterval = 14 * 24 * 3600
    /// How long a device stays trusted after its last sign-in.
    static let deviceLifetime: TimeInterval = 180 * 24 * 3600
    /// Sessions one user may hold; signing in again drops the oldest.
    static let maxSessionsPerUser = 20
    /// Failures per (account, address) before delays start.
    static let freeAttemptsPerPair = 5
    /// The longest delay between attempts of one (account, address) pair.
    static let maxDelay: TimeInterval = 15 * 60
    /// Failures per account, from anywhere, after which failing addresses need the device cookie.
    static let accountAlarm = 20
    /// The window failures are counted over.
    static let failureWindow: TimeInterval = 15 * 60

    let database: DatabasePool
    /// Threads for password hashing (yescrypt takes about 18 ms): a bounded queue, so a flood of
    /// sign-ins gets 503 instead of holding up everything else.
    let hashing: WorkerPool

    /// When each personal API token's last use was last written.
    let tokenUse = TokenUseClock()

    init(database: DatabasePool, hashing: WorkerPool) {
        self.database = database
        self.hashing = hashing
    }

    /// The signed-in user of `request`, or nil for an anonymous request. A bearer token that is
    /// present but unknown is an error (401), not an anonymous request; a personal API token
    /// without the scope the request needs is refused (403).
    func principal(for request: Request) async throws -> Principal? {
        if let authorization = request.headers["Authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw HTTPError.unauthorized("Use Authorization: Bearer <token>.")
            }
            let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
            guard !token.isEmpty, token.utf8.count <= 128 else { throw HTTPError.unauthorized("The token is unknown, expired or revoked.") }
            let hash = SecureToken.hash(token)
            let found: Principal? = try await database.read { db in
                if let session = try Session.find(tokenHash: hash, kind: .bearer, db) {
                    return Principal(user: session.user, credential: .bearerSession(tokenHash: hash))
                }
                if let (user, names) = try APIToken.find(tokenHash: hash, db) {
                    let scopes = (try? TokenScopes(names: names.split(separator: " "))) ?? []
                    return Principal(user: user, credential: .apiToken(scopes: scopes))
                }
                return nil
            }
            guard let found else { throw HTTPError.unauthorized("The token is unknown, expired or revoked.") }
            if case .apiToken = found.credential, tokenUse.isDue(hash) {
                try await database.write { db in try APIToken.recordUse(tokenHash: hash, db) }
            }
            let needed = TokenScopes.required(for: request)
            guard found.scopes.contains(needed) else {
                let name = TokenScopes.named.first { $0.scope == needed }?.name ?? "staff"
                throw HTTPError(.forbidden, code: "insufficient_scope", message: "This token lacks the “\(name)” scope.")
            }
            return found
        }
        guard let token = request.cookie(Self.sessionCookie), !token.isEmpty, token.utf8.count <= 128 else { return nil }
        let hash = SecureToken.hash(token)
        guard let session = try await database.read({ db in try Session.find(tokenHash: hash, kind: .cookie, db) }) else { return nil }
        return Principal(user: session.user, credential: .sessionCookie(tokenHash: hash, csrfToken: session.csrfToken),
                         launchFramers: session.launchFramers)
    }

    /// What an anonymous request to a signed-in-only route gets: 401 for API paths, a redirect to
    /// the sign-in page for pages.
    static func signInRequired(_ request: Request) -> HTTPError {
        if request.path.hasPrefix("/api/") { return HTTPError.unauthorized("Sign in first.") }
        return signInRedirect(returningTo: request)
    }

    /// A 303 to `/login` that comes back to the request's page afterwards.
    static func signInRedirect(returningTo request: Request) -> HTTPError {
        var headers = HTTPHeaders()
        headers.add("Location", "/login?next=" + PathEncoding.queryValue(request.path))
        return HTTPError(.seeOther, code: "sign_in", message: "Sign in to see this page.", headers: headers)
    }

    /// The outcome of checking a username and password.
    enum SignInResult: Sendable {
        /// `deviceToken` is the new value of the device cookie.
        case signedIn(user: User, token: String, csrfToken: String, deviceToken: String)
        case wrongCredentials
        case throttled(retryAfter: Int)
    }

    /// What one sign-in attempt is: who, from where, with which device cookie.
    struct Attempt: Sendable {
        var username: String
        var password: String
        var remoteAddress: String
        /// The device cookie's value, if the browser sent one.
        var deviceToken: String?
        /// The session the browser had (revoked on success: no session fixation).
        var previousSessionHash: [UInt8]?
        /// How the new session's token will be presented.
        var kind: Session.Kind
    }

    /// Checks credentials under the limits and, when they are right, starts a new session
    /// (revoking `previousSessionHash`, so a session fixed before sign-in never becomes valid).
    func signIn(_ attempt: Attempt, now: Date = Date()) async throws -> SignInResult {
        let username = attempt.username
        let deviceHash = attempt.deviceToken.flatMap { $0.utf8.count <= 128 ? SecureToken.hash($0) : nil }
        // Decide and reserve in one write transaction: concurrent guesses all count.
        let decision: (reservation: Int64?, retryAfter: Int?, passwordHash: String?, user: User?) = try await database.write { db in
            let since = now.addingTimeInterval(-Self.failureWindow)
            let counts = try LoginFailure.pairCounts(username: username, remoteAddress: attempt.remoteAddress, since: since, db)
            let trusted = try deviceHash.map { try TrustedDevice.isTrusted(tokenHash: $0, username: username, now: now, db) } ?? false
            if let wait = Self.wait(pairFailures: counts.pair, lastPairFailure: counts.lastPairFailure,
                                    accountFailures: counts.account, trustedDevice: trusted, now: now) {
                return (nil, wait, nil, nil)
            }
            let id = try LoginFailure.reserve(username: username, remoteAddress: attempt.remoteAddress, at: now, db)
            let credentials = try User.credentials(username: username, db)
            return (id, nil, credentials?.passwordHash, credentials?.user)
        }
        if let retryAfter = decision.retryAfter { return .throttled(retryAfter: retryAfter) }
        let password = attempt.password
        let storedHash = decision.passwordHash
        let matches: Bool
        do {
            matches = try await hashing.run { PasswordHasher.verify(password, against: storedHash) }
        } catch {
            // Busy: the password was never checked, so the attempt does not count.
            if let reservation = decision.reservation { try await database.write { db in try LoginFailure.release(id: reservation, db) } }
            throw error
        }
        guard matches, let user = decision.user, let reservation = decision.reservation else {
            try await database.write { db in try LoginFailure.prune(before: now.addingTimeInterval(-Self.failureWindow * 4), db) }
            return .wrongCredentials
        }
        let token = SecureToken.generate()
        let csrfToken = SecureToken.generate()
        let deviceToken = SecureToken.generate()
        try await database.write { db in
            try LoginFailure.release(id: reservation, db)
            if let previous = attempt.previousSessionHash { try Session.delete(tokenHash: previous, db) }
            try Session.deleteExpired(now: now, db)
            try Session.insert(tokenHash: SecureToken.hash(token), userID: user.id, csrfToken: csrfToken,
                               expiresAt: now.addingTimeInterval(Self.sessionLifetime), remoteAddress: attempt.remoteAddress,
                               kind: attempt.kind, at: now, db)
            try Session.trim(userID: user.id, keep: Self.maxSessionsPerUser, db)
            try TrustedDevice.insert(tokenHash: SecureToken.hash(deviceToken), userID: user.id,
                                     expiresAt: now.addingTimeInterval(Self.deviceLifetime), at: now, db)
        }
        return .signedIn(user: user, token: token, csrfToken: csrfToken, deviceToken: deviceToken)
    }

    /// Seconds to wait before this attempt may be checked, or nil when it may be checked now.
    static func wait(pairFailures: Int, lastPairFailure: Date?, accountFailures: Int, trustedDevice: Bool, now: Date) -> Int? {
        if pairFailures >= freeAttemptsPerPair, let last = lastPairFailure {
            let delay = min(maxDelay, pow(2, Double(min(pairFailures - freeAttemptsPerPair, 20))))
            let remaining = last.addingTimeInterval(delay).timeIntervalSince(now)
            if remaining > 0 { return max(1, Int(remaining.rounded(.up))) }
        }
        if accountFailures >= accountAlarm, pairFailures > 0, !trustedDevice {
            return Int(failureWindow)
        }
        return nil
    }

    /// Hashes a new password on the hashing threads.
    func hash(_ password: String) async throws -> String {
        try await hashing.run { try PasswordHasher.hash(password) }
    }

    /// Revokes a session.
    func signOut(sessionTokenHash: [UInt8]) async throws {
        try await database.write { db in try Session.delete(tokenHash: sessionTokenHash, db) }
    }

    /// The session cookie for `token`: `HttpOnly`, `SameSite=Lax`, `Secure` over HTTPS.
    static func sessionCookie(_ token: String, for request: Request) -> Cookie {
        Cookie(name: sessionCookie, value: token, maxAge: Int(sessionLifetime), secure: request.scheme == "https",
               httpOnly: true, sameSite: .lax)
    }

    /// The device cookie for `token`: long-lived, `HttpOnly`, `SameSite=Lax`.
    static func deviceCookie(_ token: String, for request: Request) -> Cookie {
        Cookie(name: deviceCookie, value: token, maxAge: Int(deviceLifetime), secure: request.scheme == "https",
               httpOnly: true, sameSite: .lax)
    }

    /// The message for a throttled sign-in.
    static func throttledMessage(retryAfter seconds: Int) -> String {
        if seconds < 60 { return "Too many failed sign-in attempts. Try again in \(seconds) second\(seconds == 1 ? "" : "s")." }
        let minutes = max(1, (seconds + 59) / 60)
        return "Too many failed sign-in attempts. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }

    /// The one message for a wrong username or password, whichever it was.
    static let wrongCredentialsMessage = "The username or password is not right."
}

/// Percent-encoding for values placed in a query string.
enum PathEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)

    /// `value` with every byte outside the unreserved set (and `/`) percent-encoded.
    static func queryValue(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    /// `next` when it is a path on this site, else `/` (see `RedirectTarget`).
    static func localRedirect(_ next: String?) -> String {
        next.map(RedirectTarget.local) ?? "/"
    }
}
