import Foundation
import SQLite

/// One of Lectern's own signing keys for LTI. The newest unretired key signs; retired keys are
/// still published until their grace period ends. The private key never leaves the database
/// except to sign: it is not logged or shown.
public struct LTIToolKey: Sendable, Equatable, Codable {
    public var id: Int64
    public var kid: String
    public var privateKeyPEM: String
    public var publicJWKJSON: String
    public var createdAt: Date
    public var retiredAt: Date?
}

extension LTIToolKey {
    static let columns = "id, kid, private_key_pem AS privateKeyPEM, public_jwk_json AS publicJWKJSON, created_at, retired_at"

    /// The key that signs now: the newest that is not retired.
    public static func current(_ db: Connection) throws -> LTIToolKey? {
        try db.fetchOne(LTIToolKey.self, sql: "SELECT \(columns) FROM lti_keys WHERE retired_at IS NULL ORDER BY id DESC LIMIT 1")
    }

    /// The keys to publish: unretired ones and those retired after `since`, newest first.
    public static func published(since: Date, _ db: Connection) throws -> [LTIToolKey] {
        try db.fetchAll(LTIToolKey.self, sql: """
            SELECT \(columns) FROM lti_keys WHERE retired_at IS NULL OR retired_at > ? ORDER BY id DESC
            """, arguments: [since])
    }

    /// Stores a new key and retires the others (`at`): it signs from now on.
    public static func rotate(kid: String, privateKeyPEM: String, publicJWKJSON: String, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: "UPDATE lti_keys SET retired_at = ? WHERE retired_at IS NULL", arguments: [date])
        try db.execute(sql: "INSERT INTO lti_keys (kid, private_key_pem, public_jwk_json, created_at) VALUES (?, ?, ?, ?)",
                       arguments: [kid, privateKeyPEM, publicJWKJSON, date])
    }

    /// Deletes keys retired before `before` (past their grace period); returns how many.
    @discardableResult
    public static func deleteRetired(before: Date, _ db: Connection) throws -> Int {
        try db.execute(sql: "DELETE FROM lti_keys WHERE retired_at IS NOT NULL AND retired_at <= ?", arguments: [before])
        return db.changes
    }
}
