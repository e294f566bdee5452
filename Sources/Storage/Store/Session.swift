import Foundation
import SQLite

/// A signed-in browser (or API) session. The token itself is never stored: only its SHA-256.
public struct Session: Sendable, Equatable {
    /// The user signed in.
    public var user: User
    /// The token every state-changing form of this session must carry.
    public var csrfToken: String
    /// When the session stops working.
    public var expiresAt: Date
    /// For a session that began with an LTI launch (and whose launch has not expired), the origins
    /// that may frame its pages: the one its launch named, if any, and every registered platform's
    /// issuer and login endpoint URLs (the caller takes their origins). Nil for every other session.
    public var launchFramers: [String]? = nil
}

extension Session {
    /// How a session's token is presented. A token works only the way it was issued: a browser
    /// cookie's value is never accepted as a bearer token, nor the reverse.
    public enum Kind: String, Sendable {
        /// The `lectern_session` cookie of a browser that signed in with the form.
        case cookie
        /// `Authorization: Bearer` from a client that signed in through `POST /api/session`.
        case bearer
    }

    /// Records a new session.
    public static func insert(tokenHash: [UInt8], userID: Int64, csrfToken: String, expiresAt: Date,
                              remoteAddress: String?, kind: Kind = .cookie, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at, remote_address, kind)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [tokenHash, userID, csrfToken, date, expiresAt, remoteAddress, kind.rawValue])
    }

    /// Keeps the user's `keep` newest sessions and deletes the older ones; returns how many went.
    @discardableResult
    public static func trim(userID: Int64, keep: Int, _ db: Connection) throws -> Int {
        try db.execute(sql: """
            DELETE FROM sessions WHERE user_id = ? AND token_hash NOT IN (
                SELECT token_hash FROM sessions WHERE user_id = ? ORDER BY created_at DESC, token_hash LIMIT ?)
            """, arguments: [userID, userID, max(0, keep)])
        return db.changes
    }

    /// How many unexpired sessions the user has.
    public static func count(userID: Int64, now: Date = Date(), _ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM sessions WHERE user_id = ? AND expires_at > ?",
                          arguments: [userID, now]) ?? 0
    }

    /// The unexpired session of this kind with this token hash, or nil.
    public static func find(tokenHash: [UInt8], kind: Kind = .cookie, now: Date = Date(), _ db: Connection) throws -> Session? {
        guard let row = try db.fetchOne(sql: """
            SELECT \(User.columns), sessions.csrf_token, sessions.expires_at,
                   launches.token_hash IS NOT NULL AS launched, launches.frame_origin
            FROM sessions JOIN users ON users.id = sessions.user_id
            LEFT JOIN lti_launch_sessions AS launches ON launches.token_hash = sessions.token_hash AND launches.expires_at > ?
            WHERE sessions.token_hash = ? AND sessions.kind = ? AND sessions.expires_at > ?
            """, arguments: [now, tokenHash, kind.rawValue, now]) else { return nil }
        var session = Session(user: try RowDecoder.decode(User.self, from: row),
                              csrfToken: try row.get("csrf_token"), expiresAt: try row.get("expires_at"))
        // A launched session's framers are read in the same transaction, so a page needs no read of its own for them.
        if try row.get("launched") as Bool {
            let own: String? = try row.get("frame_origin")
            session.launchFramers = (own.map { [$0] } ?? []) + (try LTILaunchSession.platformURLs(db))
        }
        return session
    }

    /// Revokes the session with this token hash; true when there was one.
    @discardableResult
    public static func delete(tokenHash: [UInt8], _ db: Connection) throws -> Bool {
        try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash])
        return db.changes > 0
    }

    /// Removes every expired session; returns how many.
    @discardableResult
    public static func deleteExpired(now: Date = Date(), _ db: Connection) throws -> Int {
        try db.execute(sql: "DELETE FROM sessions WHERE expires_at <= ?", arguments: [now])
        return db.changes
    }
}

/// A personal API token, used as `Authorization: Bearer …`. Shown once; stored as its SHA-256.
public struct APIToken: Sendable, Equatable, Codable {
    public var id: Int64
    public var userID: Int64
    /// What the owner called it.
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?
    public var revokedAt: Date?
    /// What the token may do: space-separated scope names (`read submit staff`).
    public var scopes: String

    /// The longest token name accepted.
    public static let maxNameLength = 100
    /// The most unrevoked tokens one user may hold.
    public static let maxActivePerUser = 50
    private static let columns = "id, user_id, name, created_at, last_used_at, revoked_at, scopes"

    /// Records a new token for a user.
    @discardableResult
    public static func insert(userID: Int64, name: String, tokenHash: [UInt8], scopes: String = "read",
                              at date: Date = Date(), _ db: Connection) throws -> APIToken {
        guard !name.isEmpty, name.count <= maxNameLength else {
            throw ValidationError(field: "name", message: "must be 1 to \(maxNameLength) characters")
        }
        let active = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL",
                                       arguments: [userID]) ?? 0
        guard active < maxActivePerUser else {
            throw ValidationError(field: "name", message: "you already have \(maxActivePerUser) tokens: revoke one first")
        }
        try db.execute(sql: "INSERT INTO api_tokens (user_id, name, token_hash, created_at, scopes) VALUES (?, ?, ?, ?, ?)",
                       arguments: [userID, name, tokenHash, date, scopes])
        return APIToken(id: db.lastInsertedRowID, userID: userID, name: name, createdAt: date, lastUsedAt: nil, revokedAt: nil,
                        scopes: scopes)
    }

    /// The owner and scopes of the unrevoked token with this hash, or nil.
    public static func find(tokenHash: [UInt8], _ db: Connection) throws -> (user: User, scopes: String)? {
        guard let row = try db.fetchOne(sql: """
            SELECT \(User.columns), api_tokens.scopes FROM api_tokens JOIN users ON users.id = api_tokens.user_id
            WHERE api_tokens.token_hash = ? AND api_tokens.revoked_at IS NULL
            """, arguments: [tokenHash]) else { return nil }
        return (try RowDecoder.decode(User.self, from: row), try row.get("scopes"))
    }

    /// Records that the unrevoked token with this hash was used at `date`.
    public static func recordUse(tokenHash: [UInt8], at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: "UPDATE api_tokens SET last_used_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                       arguments: [date, tokenHash])
    }

    /// A user's tokens, newest first.
    public static func all(userID: Int64, _ db: Connection) throws -> [APIToken] {
        try db.fetchAll(APIToken.self, sql: "SELECT \(columns) FROM api_tokens WHERE user_id = ? ORDER BY id DESC",
                        arguments: [userID])
    }

    /// Revokes one of the user's tokens; false when the user has no such unrevoked token.
    @discardableResult
    public static func revoke(id: Int64, userID: Int64, at date: Date = Date(), _ db: Connection) throws -> Bool {
        try db.execute(sql: "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL",
                       arguments: [date, id, userID])
        return db.changes > 0
    }
}

/// One-time links that let a new user choose their password.
public enum PasswordSetupToken {
    /// Records a link token for a user.
    public static func insert(tokenHash: [UInt8], userID: Int64, expiresAt: Date, at date: Date = Date(),
                              _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO password_setup_tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)
            """, arguments: [tokenHash, userID, date, expiresAt])
    }

    /// The user of an unused, unexpired link token, or nil.
    public static func user(tokenHash: [UInt8], now: Date = Date(), _ db: Connection) throws -> User? {
        try db.fetchOne(User.self, sql: """
            SELECT \(User.columns) FROM password_setup_tokens JOIN users ON users.id = password_setup_tokens.user_id
            WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
            """, arguments: [tokenHash, now])
    }

    /// Marks a link token used; false when it was already used or has expired.
    public static func consume(tokenHash: [UInt8], now: Date = Date(), _ db: Connection) throws -> Bool {
        try db.execute(sql: "UPDATE password_setup_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
                       arguments: [now, tokenHash, now])
        return db.changes > 0
    }
}

/// Browsers that signed in to an account: their owner is not throttled by strangers' failures.
/// Only the token's hash is stored.
public enum TrustedDevice {
    /// The most devices remembered per user; older ones are forgotten first.
    public static let maxPerUser = 20

    /// Remembers a device for a user, forgetting the oldest beyond ``maxPerUser``.
    public static func insert(tokenHash: [UInt8], userID: Int64, expiresAt: Date, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                       arguments: [tokenHash, userID, date, expiresAt])
        try db.execute(sql: """
            DELETE FROM trusted_devices WHERE user_id = ? AND token_hash NOT IN (
                SELECT token_hash FROM trusted_devices WHERE user_id = ? ORDER BY created_at DESC, token_hash LIMIT ?)
            """, arguments: [userID, userID, maxPerUser])
    }

    /// Whether the device token is unexpired and belongs to the account with this username.
    public static func isTrusted(tokenHash: [UInt8], username: String, now: Date = Date(), _ db: Connection) throws -> Bool {
        try db.fetchValue(Int.self, sql: """
            SELECT count(*) FROM trusted_devices JOIN users ON users.id = trusted_devices.user_id
            WHERE trusted_devices.token_hash = ? AND users.username = ? AND trusted_devices.expires_at > ?
            """, arguments: [tokenHash, String(username.prefix(NewUser.maxUsernameLength)), now]) ?? 0 > 0
    }
}

/// Sign-in attempts that failed, or are still being checked, counted per account and address
/// pair and per account to slow down password guessing. An attempt is *reserved* (recorded as a
/// failure) before its password is checked, and released when the password was right, so that
/// concurrent guesses all count.
public enum LoginFailure {
    /// Reserves one attempt as a failure; returns its id for ``release(id:_:)``.
    @discardableResult
    public static func reserve(username: String, remoteAddress: String, at date: Date = Date(), _ db: Connection) throws -> Int64 {
        try record(username: username, remoteAddress: remoteAddress, at: date, db)
        return db.lastInsertedRowID
    }

    /// Forgets a reserved attempt whose password was right.
    public static func release(id: Int64, _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM login_failures WHERE id = ?", arguments: [id])
    }

    /// Failures for this account from this address since `since`, the latest of them, and
    /// failures for this account from anywhere.
    public static func pairCounts(username: String, remoteAddress: String, since: Date,
                                  _ db: Connection) throws -> (pair: Int, lastPairFailure: Date?, account: Int) {
        let name = String(username.prefix(NewUser.maxUsernameLength))
        let pair = try db.fetchOne(sql: """
            SELECT count(*) AS n, max(at) AS last FROM login_failures WHERE username = ? AND remote_address = ? AND at > ?
            """, arguments: [name, remoteAddress, since])
        let account = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM login_failures WHERE username = ? AND at > ?",
                                        arguments: [name, since]) ?? 0
        return (try pair?.get("n") ?? 0, try pair?.get("last"), account)
    }

    /// Records one failed sign-in.
    public static func record(username: String, remoteAddress: String, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: "INSERT INTO login_failures (username, remote_address, at) VALUES (?, ?, ?)",
                       arguments: [String(username.prefix(NewUser.maxUsernameLength)), remoteAddress, date])
    }

    /// Failures for this username and from this address since `since`.
    public static func counts(username: String, remoteAddress: String, since: Date,
                              _ db: Connection) throws -> (username: Int, address: Int) {
        let byName = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM login_failures WHERE username = ? AND at > ?",
                                       arguments: [String(username.prefix(NewUser.maxUsernameLength)), since]) ?? 0
        let byAddress = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM login_failures WHERE remote_address = ? AND at > ?",
                                          arguments: [remoteAddress, since]) ?? 0
        return (byName, byAddress)
    }

    /// The oldest failure since `since` for this username or address (when the limit lifts).
    public static func oldest(username: String, remoteAddress: String, since: Date, _ db: Connection) throws -> Date? {
        try db.fetchValue(Date.self, sql: """
            SELECT min(at) FROM login_failures WHERE (username = ? OR remote_address = ?) AND at > ?
            """, arguments: [String(username.prefix(NewUser.maxUsernameLength)), remoteAddress, since])
    }

    /// Forgets failures older than `before`.
    public static func prune(before: Date, _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM login_failures WHERE at <= ?", arguments: [before])
    }
}
