import Foundation
import SQLite

/// An LMS registered as an LTI 1.3 platform: who it is (`issuer`, our `clientID` there, the
/// deployment), its endpoints, the course its launches go to when set, and its cached key set.
public struct LTIPlatform: Sendable, Equatable, Codable {
    public var id: Int64
    public var issuer: String
    public var clientID: String
    public var deploymentID: String
    public var authURL: String
    public var tokenURL: String
    public var jwksURL: String
    /// The course every launch of this platform opens, or nil to take it from the link.
    public var courseID: Int64?
    /// The platform's JWKS as last fetched.
    public var jwksJSON: String?
    public var jwksFetchedAt: Date?
    public var createdAt: Date
}

/// The fields of a platform to register.
public struct NewLTIPlatform: Sendable, Equatable {
    public var issuer: String
    public var clientID: String
    public var deploymentID: String
    public var authURL: String
    public var tokenURL: String
    public var jwksURL: String
    public var courseID: Int64?

    public init(issuer: String, clientID: String, deploymentID: String, authURL: String, tokenURL: String, jwksURL: String,
                courseID: Int64? = nil) {
        self.issuer = issuer
        self.clientID = clientID
        self.deploymentID = deploymentID
        self.authURL = authURL
        self.tokenURL = tokenURL
        self.jwksURL = jwksURL
        self.courseID = courseID
    }
}

extension LTIPlatform {
    static let columns = "id, issuer, client_id, deployment_id, auth_url, token_url, jwks_url, course_id, jwks_json AS jwksJSON, jwks_fetched_at, created_at"

    /// Every registered platform, by issuer, client and deployment.
    public static func all(_ db: Connection) throws -> [LTIPlatform] {
        try db.fetchAll(LTIPlatform.self, sql: "SELECT \(columns) FROM lti_platforms ORDER BY issuer, client_id, deployment_id, id")
    }

    public static func find(id: Int64, _ db: Connection) throws -> LTIPlatform? {
        try db.fetchOne(LTIPlatform.self, sql: "SELECT \(columns) FROM lti_platforms WHERE id = ?", arguments: [id])
    }

    /// The registrations of an issuer, optionally for one client id, oldest first.
    public static func all(issuer: String, clientID: String? = nil, _ db: Connection) throws -> [LTIPlatform] {
        if let clientID {
            return try db.fetchAll(LTIPlatform.self, sql: "SELECT \(columns) FROM lti_platforms WHERE issuer = ? AND client_id = ? ORDER BY id",
                                   arguments: [issuer, clientID])
        }
        return try db.fetchAll(LTIPlatform.self, sql: "SELECT \(columns) FROM lti_platforms WHERE issuer = ? ORDER BY id", arguments: [issuer])
    }

    /// Registers a platform.
    /// - Throws: ``ValidationError`` `issuer` when the same issuer, client and deployment exist.
    public static func insert(_ platform: NewLTIPlatform, at date: Date = Date(), _ db: Connection) throws -> LTIPlatform {
        if try db.fetchValue(Int64.self, sql: "SELECT id FROM lti_platforms WHERE issuer = ? AND client_id = ? AND deployment_id = ?",
                             arguments: [platform.issuer, platform.clientID, platform.deploymentID]) != nil {
            throw ValidationError(field: "issuer", message: "this issuer, client id and deployment id are already registered")
        }
        try db.execute(sql: """
            INSERT INTO lti_platforms (issuer, client_id, deployment_id, auth_url, token_url, jwks_url, course_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [platform.issuer, platform.clientID, platform.deploymentID, platform.authURL, platform.tokenURL,
                             platform.jwksURL, platform.courseID, date])
        return LTIPlatform(id: db.lastInsertedRowID, issuer: platform.issuer, clientID: platform.clientID,
                           deploymentID: platform.deploymentID, authURL: platform.authURL, tokenURL: platform.tokenURL,
                           jwksURL: platform.jwksURL, courseID: platform.courseID, jwksJSON: nil, jwksFetchedAt: nil, createdAt: date)
    }

    /// Removes a registration with its links, states and queued scores; true when there was one.
    @discardableResult
    public static func delete(id: Int64, _ db: Connection) throws -> Bool {
        try db.execute(sql: "DELETE FROM lti_platforms WHERE id = ?", arguments: [id])
        return db.changes > 0
    }

    /// Caches the platform's key set.
    public static func saveKeySet(_ json: String, platformID: Int64, at date: Date = Date(), _ db: Connection) throws {
        try db.execute(sql: "UPDATE lti_platforms SET jwks_json = ?, jwks_fetched_at = ? WHERE id = ?", arguments: [json, date, platformID])
    }
}
