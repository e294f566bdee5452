import Foundation
import SQLite

/// A login in progress: the state Lectern handed the browser (stored as its SHA-256) and the
/// nonce the ID token must carry. Consumed by the launch that answers it.
public struct LTILoginState: Sendable, Equatable {
    public var platformID: Int64
    public var nonce: String

    /// Records a state until `expiresAt`, dropping expired ones.
    public static func insert(stateHash: [UInt8], platformID: Int64, nonce: String, expiresAt: Date, now: Date = Date(),
                              _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM lti_login_states WHERE expires_at <= ?", arguments: [now])
        try db.execute(sql: "INSERT INTO lti_login_states (state_hash, platform_id, nonce, expires_at) VALUES (?, ?, ?, ?)",
                       arguments: [stateHash, platformID, nonce, expiresAt])
    }

    /// How many logins are in progress (unexpired states).
    public static func pending(now: Date = Date(), _ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM lti_login_states WHERE expires_at > ?", arguments: [now]) ?? 0
    }

    /// Takes the unexpired state with this hash out of the table (a state works once), or nil.
    public static func consume(stateHash: [UInt8], now: Date = Date(), _ db: Connection) throws -> LTILoginState? {
        guard let row = try db.fetchOne(sql: "DELETE FROM lti_login_states WHERE state_hash = ? RETURNING platform_id, nonce, expires_at",
                                        arguments: [stateHash]) else { return nil }
        let expiresAt: Date = try row.get("expires_at")
        guard expiresAt > now else { return nil }
        return LTILoginState(platformID: try row.get("platform_id"), nonce: try row.get("nonce"))
    }
}

/// Nonces of accepted ID tokens, kept until the tokens expire: a nonce is accepted once.
public enum LTINonce {
    /// Records `nonce` of `issuer`; false when it was already used (a replay).
    public static func use(_ nonce: String, issuer: String, expiresAt: Date, now: Date = Date(), _ db: Connection) throws -> Bool {
        try db.execute(sql: "DELETE FROM lti_nonces WHERE expires_at <= ?", arguments: [now])
        try db.execute(sql: "INSERT INTO lti_nonces (issuer, nonce, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       arguments: [issuer, nonce, expiresAt])
        return db.changes == 1
    }
}

/// Which Lectern account a platform's user (`iss` + `sub`) is.
public enum LTIUserLink {
    public static func userID(issuer: String, subject: String, _ db: Connection) throws -> Int64? {
        try db.fetchValue(Int64.self, sql: "SELECT user_id FROM lti_users WHERE issuer = ? AND subject = ?", arguments: [issuer, subject])
    }

    public static func link(issuer: String, subject: String, userID: Int64, _ db: Connection) throws {
        try db.execute(sql: "INSERT INTO lti_users (issuer, subject, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       arguments: [issuer, subject, userID])
    }
}

/// Which Lectern course an LMS course (`iss` + context id) is.
public struct LTIContextLink: Sendable, Equatable, Codable {
    public var issuer: String
    public var contextID: String
    public var platformID: Int64
    public var courseID: Int64
    public var title: String?
    /// NRPS: where the platform lists the context's members.
    public var membershipsURL: String?

    public init(issuer: String, contextID: String, platformID: Int64, courseID: Int64, title: String?, membershipsURL: String?) {
        self.issuer = issuer
        self.contextID = contextID
        self.platformID = platformID
        self.courseID = courseID
        self.title = title
        self.membershipsURL = membershipsURL
    }

    static let columns = "issuer, context_id, platform_id, course_id, title, memberships_url AS membershipsURL"

    public static func find(issuer: String, contextID: String, _ db: Connection) throws -> LTIContextLink? {
        try db.fetchOne(LTIContextLink.self, sql: "SELECT \(columns) FROM lti_contexts WHERE issuer = ? AND context_id = ?",
                        arguments: [issuer, contextID])
    }

    /// The LMS courses linked to a Lectern course.
    public static func all(courseID: Int64, _ db: Connection) throws -> [LTIContextLink] {
        try db.fetchAll(LTIContextLink.self, sql: "SELECT \(columns) FROM lti_contexts WHERE course_id = ? ORDER BY issuer, context_id",
                        arguments: [courseID])
    }

    /// Links the context to the course, or updates its title and memberships URL when it is linked.
    public static func save(_ link: LTIContextLink, _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO lti_contexts (issuer, context_id, platform_id, course_id, title, memberships_url) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (issuer, context_id) DO UPDATE SET title = excluded.title,
                memberships_url = coalesce(excluded.memberships_url, lti_contexts.memberships_url)
            """, arguments: [link.issuer, link.contextID, link.platformID, link.courseID, link.title, link.membershipsURL])
    }
}

/// Where a student's score for an exercise goes: the AGS line item of the link they launched, and
/// their user id at the platform.
public struct LTIGradeTarget: Sendable, Equatable, Codable {
    public var userID: Int64
    public var exerciseID: Int64
    public var platformID: Int64
    public var lineitemURL: String
    public var subject: String

    public init(userID: Int64, exerciseID: Int64, platformID: Int64, lineitemURL: String, subject: String) {
        self.userID = userID
        self.exerciseID = exerciseID
        self.platformID = platformID
        self.lineitemURL = lineitemURL
        self.subject = subject
    }

    /// Records (or refreshes) a target.
    public static func save(_ target: LTIGradeTarget, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO lti_grade_targets (user_id, exercise_id, platform_id, lineitem_url, subject, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, exercise_id, lineitem_url) DO UPDATE SET platform_id = excluded.platform_id,
                subject = excluded.subject, updated_at = excluded.updated_at
            """, arguments: [target.userID, target.exerciseID, target.platformID, target.lineitemURL, target.subject, date])
    }

    /// The targets of a user's exercise, by line item.
    public static func all(userID: Int64, exerciseID: Int64, _ db: Connection) throws -> [LTIGradeTarget] {
        try db.fetchAll(LTIGradeTarget.self, sql: """
            SELECT user_id, exercise_id, platform_id, lineitem_url AS lineitemURL, subject FROM lti_grade_targets
            WHERE user_id = ? AND exercise_id = ? ORDER BY lineitem_url
            """, arguments: [userID, exerciseID])
    }
}

/// A deep-linking request waiting for the instructor's selection, reached with a one-time token
/// (stored as its SHA-256).
public struct LTIDeepLinkRequest: Sendable, Equatable, Codable {
    public var userID: Int64
    public var platformID: Int64
    public var courseID: Int64
    /// The validated request's fields the response needs, as JSON.
    public var requestJSON: String

    public init(userID: Int64, platformID: Int64, courseID: Int64, requestJSON: String) {
        self.userID = userID
        self.platformID = platformID
        self.courseID = courseID
        self.requestJSON = requestJSON
    }

    public static func insert(_ request: LTIDeepLinkRequest, tokenHash: [UInt8], expiresAt: Date, now: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM lti_deep_links WHERE expires_at <= ?", arguments: [now])
        try db.execute(sql: """
            INSERT INTO lti_deep_links (token_hash, user_id, platform_id, course_id, request_json, expires_at) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [tokenHash, request.userID, request.platformID, request.courseID, request.requestJSON, expiresAt])
    }

    /// The unexpired request with this token hash.
    public static func find(tokenHash: [UInt8], now: Date = Date(), _ db: Connection) throws -> LTIDeepLinkRequest? {
        try db.fetchOne(LTIDeepLinkRequest.self, sql: """
            SELECT user_id, platform_id, course_id, request_json AS requestJSON FROM lti_deep_links WHERE token_hash = ? AND expires_at > ?
            """, arguments: [tokenHash, now])
    }

    /// Removes the request once answered (a selection is returned once).
    @discardableResult
    public static func delete(tokenHash: [UInt8], _ db: Connection) throws -> Bool {
        try db.execute(sql: "DELETE FROM lti_deep_links WHERE token_hash = ?", arguments: [tokenHash])
        return db.changes > 0
    }
}

/// Sessions started by an LTI launch: their pages may be framed by the platform, from the origin
/// the launch named (the LMS page's, from its `launch_presentation.return_url`).
public enum LTILaunchSession {
    public static func insert(tokenHash: [UInt8], platformID: Int64, frameOrigin: String?, expiresAt: Date, now: Date = Date(),
                              _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM lti_launch_sessions WHERE expires_at <= ?", arguments: [now])
        try db.execute(sql: "INSERT INTO lti_launch_sessions (token_hash, platform_id, frame_origin, expires_at) VALUES (?, ?, ?, ?)",
                       arguments: [tokenHash, platformID, frameOrigin, expiresAt])
    }

    /// Every registered platform's issuer and login endpoint, and the frame origins of current
    /// launches, sorted: who may frame the login page.
    public static func knownFramers(now: Date = Date(), _ db: Connection) throws -> [String] {
        let launched = try db.fetchAll(sql: """
            SELECT DISTINCT frame_origin FROM lti_launch_sessions WHERE frame_origin IS NOT NULL AND expires_at > ?
            ORDER BY frame_origin LIMIT 50
            """, arguments: [now]).map { row -> String in try row.get("frame_origin") }
        return try platformURLs(db) + launched
    }

    /// Every registered platform's issuer and login endpoint URLs, in registration order.
    static func platformURLs(_ db: Connection) throws -> [String] {
        try db.fetchAll(sql: "SELECT issuer, auth_url FROM lti_platforms ORDER BY id").flatMap { row -> [String] in
            [try row.get("issuer"), try row.get("auth_url")]
        }
    }
}
