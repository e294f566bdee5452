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
}

extension Session {
    /// Records a new session.
    public static func insert(tokenHash: [UInt8], userID: Int64, csrfToken: String, expiresAt: Date,
                              remoteAddress: String?, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at, remote_address)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [tokenHash, userID, csrfToken, date, expiresAt, remoteAddress])
    }

    /// The unexpired session with this token hash, or nil.
    public static func find(tokenHash: [UInt8], now: Date = Date(), _ db: Connection) throws -> Session? {
        guard let row = try db.fetchOne(sql: """
            SELECT \(User.columns), sessions.csrf_token, sessions.expires_at
            FROM sessions JOIN users ON users.id = sessions.user_id
            WHERE sessions.token_hash = ? AND sessions.expires_at > ?
            """, arguments: [tokenHash, now]) else { return nil }
        return Session(user: try RowDecoder.decode(User.self, from: row),
                       csrfToken: try row.get("csrf_token"), expiresAt: try row.get("expires_at"))
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

    /// The longest token name accepted.
    public static let maxNameLength = 100
    private static let columns = "id, user_id, name, created_at, last_used_at, revoked_at"

    /// Records a new token for a user.
    @discardableResult
    public static func insert(userID: Int64, name: String, tokenHash: [UInt8], at date: Date = Date(),
                              _ db: Connection) throws -> APIToken {
        guard !name.isEmpty, name.count <= maxNameLength else {
            throw ValidationError(field: "name", message: "must be 1 to \(maxNameLength) characters")
        }
        try db.execute(sql: "INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)",
                       arguments: [userID, name, tokenHash, date])
        return APIToken(id: db.lastInsertedRowID, userID: userID, name: name, createdAt: date, lastUsedAt: nil, revokedAt: nil)
    }

    /// The owner of the unrevoked token with this hash, or nil.
    public static func user(tokenHash: [UInt8], _ db: Connection) throws -> User? {
        try db.fetchOne(User.self, sql: """
            SELECT \(User.columns) FROM api_tokens JOIN users ON users.id = api_tokens.user_id
            WHERE api_tokens.token_hash = ? AND api_tokens.revoked_at IS NULL
            """, arguments: [tokenHash])
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

/// Failed sign-ins, counted per username and per address to slow down password guessing.
public enum LoginFailure {
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
