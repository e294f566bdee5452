import Foundation
import HTTPServer
import SQLite
import Store

/// Finds who a request comes from (session cookie or bearer token), signs users in and out, and
/// limits password guessing.
struct Authenticator: Sendable {
    /// The session cookie's name.
    static let sessionCookie = "lectern_session"
    /// How long a session lasts.
    static let sessionLifetime: TimeInterval = 14 * 24 * 3600
    /// Failed sign-ins allowed per username and per address within `failureWindow`.
    static let maxFailures = 10
    /// The window failed sign-ins are counted over.
    static let failureWindow: TimeInterval = 15 * 60

    let database: DatabasePool

    /// The signed-in user of `request`, or nil for an anonymous request. A bearer token that is
    /// present but unknown is an error (401), not an anonymous request.
    func principal(for request: Request) async throws -> Principal? {
        if let authorization = request.headers["Authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw HTTPError.unauthorized("Use Authorization: Bearer <token>.")
            }
            let hash = SecureToken.hash(String(parts[1]).trimmingCharacters(in: .whitespaces))
            let found: (User, Bool)? = try await database.read { db in
                if let session = try Session.find(tokenHash: hash, db) { return (session.user, true) }
                if let user = try APIToken.user(tokenHash: hash, db) { return (user, false) }
                return nil
            }
            guard let (user, isSession) = found else { throw HTTPError.unauthorized("The token is unknown, expired or revoked.") }
            return Principal(user: user, credential: .bearer(sessionTokenHash: isSession ? hash : nil))
        }
        guard let token = request.cookie(Self.sessionCookie), !token.isEmpty, token.utf8.count <= 128 else { return nil }
        let hash = SecureToken.hash(token)
        guard let session = try await database.read({ db in try Session.find(tokenHash: hash, db) }) else { return nil }
        return Principal(user: session.user, credential: .sessionCookie(tokenHash: hash, csrfToken: session.csrfToken))
    }

    /// The signed-in user, or an error: 401 for API paths, a redirect to the sign-in page for pages.
    func requirePrincipal(for request: Request) async throws -> Principal {
        if let principal = try await principal(for: request) { return principal }
        if request.path.hasPrefix("/api/") { throw HTTPError.unauthorized("Sign in first.") }
        throw Self.signInRedirect(returningTo: request)
    }

    /// A 303 to `/login` that comes back to the request's page afterwards.
    static func signInRedirect(returningTo request: Request) -> HTTPError {
        var headers = HTTPHeaders()
        headers.add("Location", "/login?next=" + PathEncoding.queryValue(request.path))
        return HTTPError(.seeOther, code: "sign_in", message: "Sign in to see this page.", headers: headers)
    }

    /// The outcome of checking a username and password.
    enum SignInResult: Sendable {
        case signedIn(user: User, token: String, csrfToken: String)
        case wrongCredentials
        case throttled(retryAfter: Int)
    }

    /// Checks credentials under the rate limit and, when they are right, starts a new session
    /// (revoking `previousSessionHash`, so a session fixed before sign-in never becomes valid).
    func signIn(username: String, password: String, remoteAddress: String,
                previousSessionHash: [UInt8]?, now: Date = Date()) async throws -> SignInResult {
        let since = now.addingTimeInterval(-Self.failureWindow)
        let blocked: Int? = try await database.read { db in
            let counts = try LoginFailure.counts(username: username, remoteAddress: remoteAddress, since: since, db)
            guard counts.username >= Self.maxFailures || counts.address >= Self.maxFailures else { return nil }
            let oldest = try LoginFailure.oldest(username: username, remoteAddress: remoteAddress, since: since, db) ?? now
            return max(1, Int((oldest.addingTimeInterval(Self.failureWindow).timeIntervalSince(now)).rounded(.up)))
        }
        if let blocked { return .throttled(retryAfter: blocked) }

        let credentials = try await database.read { db in try User.credentials(username: username, db) }
        guard PasswordHasher.verify(password, against: credentials?.passwordHash), let user = credentials?.user else {
            try await database.write { db in
                try LoginFailure.record(username: username, remoteAddress: remoteAddress, at: now, db)
                try LoginFailure.prune(before: now.addingTimeInterval(-Self.failureWindow * 4), db)
            }
            return .wrongCredentials
        }
        let token = SecureToken.generate()
        let csrfToken = SecureToken.generate()
        try await database.write { db in
            if let previousSessionHash { try Session.delete(tokenHash: previousSessionHash, db) }
            try Session.deleteExpired(now: now, db)
            try Session.insert(tokenHash: SecureToken.hash(token), userID: user.id, csrfToken: csrfToken,
                               expiresAt: now.addingTimeInterval(Self.sessionLifetime), remoteAddress: remoteAddress, at: now, db)
        }
        return .signedIn(user: user, token: token, csrfToken: csrfToken)
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

    /// The message for a throttled sign-in.
    static func throttledMessage(retryAfter seconds: Int) -> String {
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
