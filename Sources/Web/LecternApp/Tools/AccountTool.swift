import Foundation
import SQLite
import Store

/// `lectern user add|import|link`: accounts from the command line, for whoever operates the server.
public enum AccountTool {
    /// Where the database is and how printed links start.
    public struct Target: Sendable {
        public var databasePath: String
        /// `--public-url`: printed links are absolute when set.
        public var publicURL: String?

        public init(databasePath: String, publicURL: String?) {
            self.databasePath = databasePath
            self.publicURL = publicURL
        }
    }

    /// Creates a user, or enrols an existing one; prints the set-password link when one was made.
    /// - Returns: exit code 0, or 1 with the reason (a refused value, an account that may not get a link).
    public static func add(username: String, displayName: String?, email: String?, isAdmin: Bool, password: String?,
                           courseSlug: String?, role: String, in target: Target) async throws -> ToolOutput {
        let role = CourseRole(rawValue: role) ?? .student
        let user = NewUser(username: username, displayName: displayName, email: email, isAdmin: isAdmin)
        return try await withDatabase(target) { database in
            let result = try await AccountProvisioning.provision(user, password: password, courseSlug: courseSlug,
                                                                 role: role, database: database)
            var line = "\(result.created ? "Created" : "Updated") \(result.user.username)"
            if let courseSlug { line += " (\(role.rawValue) in \(courseSlug))" }
            var output = line + "\n"
            if let setupPath = result.setupPath {
                output += "One-time link to set the password (valid 7 days): \(try link(setupPath, target))\n"
            }
            return ToolOutput(standardOutput: output, exitCode: 0)
        }
    }

    /// Enrols a roster (CSV: username, display name, email) in a course as students.
    public static func importRoster(path: String, courseSlug: String, in target: Target) async throws -> ToolOutput {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data, let csv = String(data: data, encoding: .utf8) else {
            return ToolOutput(standardError: "Error: cannot read \(path) as UTF-8 text\n", exitCode: 1)
        }
        return try await withDatabase(target) { database in
            let results = try await AccountProvisioning.importRoster(csv: csv, courseSlug: courseSlug, actorUserID: nil,
                                                                     database: database)
            var output = ""
            for result in results {
                output += "\(result.user.username)\t\(result.created ? "created" : "enrolled")\t\(try result.setupPath.map { try link($0, target) } ?? "")\n"
            }
            return ToolOutput(standardOutput: output, exitCode: 0)
        }
    }

    /// A new one-time set-password link for an existing account that is not an admin.
    public static func link(username: String, in target: Target) async throws -> ToolOutput {
        try await withDatabase(target) { database in
            let path = try await AccountProvisioning.setupLink(username: username, database: database)
            return ToolOutput(standardOutput: "One-time link to set the password (valid 7 days): \(try link(path, target))\n",
                              exitCode: 0)
        }
    }

    /// Runs `body` on the existing database, closing it after; refusals become exit code 1.
    private static func withDatabase(_ target: Target,
                                     _ body: (DatabasePool) async throws -> ToolOutput) async throws -> ToolOutput {
        let database = try await Application.openExistingDatabase(at: target.databasePath)
        do {
            let output = try await body(database)
            await database.close()
            return output
        } catch let error as AccountProvisioning.ProvisioningError {
            await database.close()
            return ToolOutput(standardError: "Error: \(error.description)\n", exitCode: 1)
        } catch let error as ValidationError {
            await database.close()
            return ToolOutput(standardError: "Error: \(error.description)\n", exitCode: 1)
        } catch let error as PublicURLError {
            await database.close()
            return ToolOutput(standardError: "Error: \(error.message)\n", exitCode: 1)
        }
    }

    /// `path` (such as `/set-password?token=…`) as a link: absolute when a public URL is set.
    static func link(_ path: String, _ target: Target) throws(PublicURLError) -> String {
        guard let base = target.publicURL, !base.isEmpty else { return path }
        guard base.hasPrefix("https://") || base.hasPrefix("http://"), !base.contains(where: { $0.isWhitespace }) else {
            throw PublicURLError(message: "--public-url must start with https:// or http://, not \(base)")
        }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    }

    /// A public URL that is not an http(s) address.
    struct PublicURLError: Error {
        let message: String
    }
}

extension Application {
    /// Opens the database at `path`, which must exist: a mistyped path is an error, never a new
    /// empty database.
    public static func openExistingDatabase(at path: String) async throws -> DatabasePool {
        guard FileManager.default.fileExists(atPath: path) else { throw MissingDatabase(path: path) }
        return try await openDatabase(at: path)
    }

    /// A command that needs an existing database was pointed at a missing file.
    public struct MissingDatabase: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "no database at \(path): check --db (or LECTERN_DB); 'lectern serve' or 'lectern import' creates one"
        }
    }
}
