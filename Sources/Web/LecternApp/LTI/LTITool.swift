import Foundation
import SQLite
import Store

/// The work behind `lectern lti …`: registering, listing and removing platforms, and rotating
/// Lectern's signing key. Returns the lines to print; private keys never appear in them.
public enum LTITool {
    /// The values of `lectern lti add-platform`.
    public struct Registration: Sendable {
        public var issuer, clientID, deploymentID, authURL, tokenURL, jwksURL: String
        public var courseSlug: String?

        public init(issuer: String, clientID: String, deploymentID: String, authURL: String, tokenURL: String, jwksURL: String,
                    courseSlug: String?) {
            self.issuer = issuer
            self.clientID = clientID
            self.deploymentID = deploymentID
            self.authURL = authURL
            self.tokenURL = tokenURL
            self.jwksURL = jwksURL
            self.courseSlug = courseSlug
        }
    }

    /// `lectern lti add-platform` on the database file at `databasePath`.
    public static func addPlatform(_ registration: Registration, databasePath: String) async -> ToolOutput {
        await run(databasePath) { database in
            try await addPlatform(issuer: registration.issuer, clientID: registration.clientID, deploymentID: registration.deploymentID,
                                  authURL: registration.authURL, tokenURL: registration.tokenURL, jwksURL: registration.jwksURL,
                                  courseSlug: registration.courseSlug, database: database)
        }
    }

    /// `lectern lti list` on the database file at `databasePath`.
    public static func list(databasePath: String) async -> ToolOutput {
        await run(databasePath) { database in try await list(database: database) }
    }

    /// `lectern lti remove ID` on the database file at `databasePath`.
    public static func remove(id: String, databasePath: String) async -> ToolOutput {
        guard let number = Int64(id) else { return ToolOutput(standardError: "Error: ID must be a platform number, not \(id)\n", exitCode: 2) }
        return await run(databasePath) { database in try await remove(id: number, database: database) }
    }

    /// `lectern lti rotate-key` on the database file at `databasePath`.
    public static func rotateKey(databasePath: String) async -> ToolOutput {
        await run(databasePath) { database in try await rotateKey(database: database) }
    }

    /// Opens the existing database, runs `body`, closes it: its lines on standard output, or the
    /// error on standard error with exit code 1.
    private static func run(_ path: String, _ body: (DatabasePool) async throws -> [String]) async -> ToolOutput {
        let database: DatabasePool
        do {
            database = try await Application.openExistingDatabase(at: path)
        } catch {
            return ToolOutput(standardError: "Error: \(error)\n", exitCode: 1)
        }
        do {
            let lines = try await body(database)
            await database.close()
            return ToolOutput(standardOutput: lines.map { $0 + "\n" }.joined(), exitCode: 0)
        } catch {
            await database.close()
            return ToolOutput(standardError: "Error: \(error)\n", exitCode: 1)
        }
    }

    /// Why a command failed, for its one-line error.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `lectern lti add-platform`: checks and stores a registration.
    public static func addPlatform(issuer: String, clientID: String, deploymentID: String, authURL: String, tokenURL: String,
                                   jwksURL: String, courseSlug: String?, database: DatabasePool) async throws -> [String] {
        let registration: NewLTIPlatform
        do {
            registration = try LTIRegistration.validate(issuer: issuer, clientID: clientID, deploymentID: deploymentID,
                                                        authURL: authURL, tokenURL: tokenURL, jwksURL: jwksURL)
        } catch {
            throw Failure(description: "--\(Self.optionName(error.field)) \(error.message)")
        }
        do {
            let platform = try await database.write { db in try LTIRegistration.add(registration, courseSlug: courseSlug, db) }
            return ["Registered platform \(platform.id): \(platform.issuer) (client \(platform.clientID), deployment \(platform.deploymentID))"
                    + (courseSlug.map { ", course \($0)" } ?? "")]
        } catch let error as ValidationError {
            throw Failure(description: "--\(Self.optionName(error.field)) \(error.message)")
        }
    }

    /// `lectern lti list`: one line per platform, then the signing keys' ids.
    public static func list(database: DatabasePool, now: Date = Date()) async throws -> [String] {
        let (platforms, courses, keys, counts) = try await database.read { db in
            (try LTIPlatform.all(db), try Course.all(db), try LTIToolKey.published(since: now.addingTimeInterval(-LTIRuntime.keyGracePeriod), db),
             try LTIScoreOutbox.counts(db))
        }
        var lines = platforms.map { platform in
            let course = courses.first { $0.id == platform.courseID }?.slug ?? "-"
            return "\(platform.id)\t\(platform.issuer)\tclient=\(platform.clientID)\tdeployment=\(platform.deploymentID)\tcourse=\(course)"
                + "\tauth=\(platform.authURL)\ttoken=\(platform.tokenURL)\tjwks=\(platform.jwksURL)"
        }
        if platforms.isEmpty { lines.append("No platforms registered.") }
        for key in keys {
            lines.append("key \(key.kid)\t" + (key.retiredAt == nil ? "signing" : "retired, still published"))
        }
        lines.append("scores: \(counts.sent) sent, \(counts.pending) waiting, \(counts.failed) failed")
        return lines
    }

    /// `lectern lti remove ID`.
    public static func remove(id: Int64, database: DatabasePool) async throws -> [String] {
        guard try await database.write({ db in try LTIPlatform.delete(id: id, db) }) else {
            throw Failure(description: "no platform \(id): see lectern lti list")
        }
        return ["Removed platform \(id)"]
    }

    /// `lectern lti rotate-key`: a new signing key, used at once; the old one stays published for the grace period.
    public static func rotateKey(database: DatabasePool) async throws -> [String] {
        let key = try await LTIKeyRotation.rotate(database)
        let hours = Int(LTIRuntime.keyGracePeriod / 3600)
        return ["New signing key \(key.kid); previous keys stay in /.well-known/jwks.json for \(hours) hours"]
    }

    private static func optionName(_ field: String) -> String {
        switch field {
        case "clientId": "client-id"
        case "deploymentId": "deployment-id"
        case "authUrl": "auth-url"
        case "tokenUrl": "token-url"
        case "jwksUrl": "jwks-url"
        default: field
        }
    }
}
