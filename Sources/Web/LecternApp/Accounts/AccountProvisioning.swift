import Foundation
import JSON
import SQLite
import Store

/// Creating accounts: single users (CLI, first run), and rosters imported from CSV.
public enum AccountProvisioning {
    /// How long a set-password link works.
    public static let setupLinkLifetime: TimeInterval = 7 * 24 * 3600
    /// Most rows of one roster import.
    public static let maxRosterRows = 5000

    /// A created or enrolled account and, when it has no password yet, its one-time set-password path.
    public struct Provisioned: Sendable {
        public let user: User
        /// `/set-password?token=…` for an account this call created without a password; nil otherwise.
        public let setupPath: String?
        /// True when the account was created (false: it existed and was only enrolled).
        public let created: Bool
    }

    /// A problem with what was asked, for the person who asked.
    public struct ProvisioningError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Creates `user` (or finds the existing account with that username), sets `password` when
    /// given, enrolls them in `courseSlug` as `role` (recording the role change in the audit log),
    /// and makes a set-password link when this call created the account without a password.
    public static func provision(_ user: NewUser, password: String?, courseSlug: String?, role: CourseRole,
                                 actorUserID: Int64? = nil, database: DatabasePool, now: Date = Date()) async throws -> Provisioned {
        if let password {
            do { try PasswordHasher.validate(password) } catch { throw ProvisioningError(description: "\(error)") }
        } else if user.isAdmin {
            throw ProvisioningError(description: "an admin account needs a password (--password-stdin): admins never get set-password links")
        }
        let passwordHash = try password.map(PasswordHasher.hash)
        let setupToken = SecureToken.generate()
        return try await database.write { db in
            try provision(user, passwordHash: passwordHash, setupToken: setupToken, courseSlug: courseSlug, role: role,
                          actorUserID: actorUserID, now: now, db)
        }
    }

    /// The synchronous core of ``provision(_:password:courseSlug:role:actorUserID:database:now:)``, inside a write transaction.
    static func provision(_ newUser: NewUser, passwordHash: String?, setupToken: String, courseSlug: String?, role: CourseRole,
                          actorUserID: Int64?, now: Date, _ db: Connection) throws -> Provisioned {
        var course: Course?
        if let courseSlug {
            guard let found = try Course.find(slug: courseSlug, db) else {
                throw ProvisioningError(description: "no course \(courseSlug)")
            }
            course = found
        }
        let existing = try User.credentials(username: newUser.username, db)
        let user = try existing?.user ?? User.insert(newUser, passwordHash: passwordHash, at: now, db)
        if existing != nil, let passwordHash { try User.setPasswordHash(passwordHash, userID: user.id, db) }
        if let course {
            let previous = try User.enroll(userID: user.id, courseID: course.id, role: role, at: now, db)
            if previous != role {
                var details = JSONWriter()
                details.beginObject()
                details.field("username", user.username)
                details.field("from", previous?.rawValue ?? "none")
                details.field("to", role.rawValue)
                details.endObject()
                try AuditEntry.record(actorUserID: actorUserID, courseID: course.id, action: "role.change",
                                      subject: "user:\(user.id)", detailsJSON: details.string, at: now, db)
            }
        }
        // A set-password link is a credential: issued only for the account this call created,
        // never for an account that already existed (it may be an admin, or belong to another
        // course) and never for an admin. See docs/accounts-and-submissions.md.
        var setupPath: String?
        if existing == nil, passwordHash == nil, !user.isAdmin {
            setupPath = try issueSetupLink(userID: user.id, token: setupToken, now: now, db)
        }
        return Provisioned(user: user, setupPath: setupPath, created: existing == nil)
    }

    /// Stores a one-time set-password token for `userID` and returns its path.
    private static func issueSetupLink(userID: Int64, token: String, now: Date, _ db: Connection) throws -> String {
        try PasswordSetupToken.insert(tokenHash: SecureToken.hash(token), userID: userID,
                                      expiresAt: now.addingTimeInterval(setupLinkLifetime), at: now, db)
        return "/set-password?token=\(token)"
    }

    /// A new one-time set-password link for an existing account, for the operator of the server
    /// (`lectern user link`): never offered over HTTP. Refused for admins, who set their password
    /// with `lectern user add --admin --password-stdin`.
    public static func setupLink(username: String, database: DatabasePool, now: Date = Date()) async throws -> String {
        let token = SecureToken.generate()
        return try await database.write { db in
            guard let user = try User.find(username: username, db) else {
                throw ProvisioningError(description: "no user \(username)")
            }
            guard !user.isAdmin else {
                throw ProvisioningError(description: "\(username) is an admin: set the password with 'lectern user add --admin --password-stdin'")
            }
            return try issueSetupLink(userID: user.id, token: token, now: now, db)
        }
    }

    /// Imports a roster (CSV rows `username,display name,email`; a header row starting with
    /// `username` is skipped) into a course as students. Every row is checked before anything is
    /// stored: one bad row refuses the whole import, naming its line.
    public static func importRoster(csv: String, courseSlug: String, actorUserID: Int64?, database: DatabasePool,
                                    now: Date = Date()) async throws -> [Provisioned] {
        let rows = try RosterCSV.parse(csv, maxRows: maxRosterRows)
        let tokens = rows.map { _ in SecureToken.generate() }
        return try await database.write { db in
            try zip(rows, tokens).map { row, token in
                try provision(row, passwordHash: nil, setupToken: token, courseSlug: courseSlug, role: .student,
                              actorUserID: actorUserID, now: now, db)
            }
        }
    }
}

/// The roster CSV: `username,display name,email` per line, RFC 4180 quoting.
enum RosterCSV {
    /// The users of the roster, validated.
    static func parse(_ text: String, maxRows: Int) throws -> [NewUser] {
        var users: [NewUser] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let lineNumber = index + 1
            let fields = try CSVLine.fields(String(line), line: lineNumber)
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            if users.isEmpty, fields.first?.lowercased() == "username" { continue }
            guard users.count < maxRows else {
                throw AccountProvisioning.ProvisioningError(description: "line \(lineNumber): more than \(maxRows) rows")
            }
            let trimmed = fields.map { $0.trimmingCharacters(in: .whitespaces) }
            let email = trimmed.count > 2 && !trimmed[2].isEmpty ? trimmed[2] : nil
            let displayName = trimmed.count > 1 && !trimmed[1].isEmpty ? trimmed[1] : nil
            let user = NewUser(username: trimmed[0], displayName: displayName, email: email)
            do {
                try user.validate()
            } catch {
                throw AccountProvisioning.ProvisioningError(description: "line \(lineNumber): \(error)")
            }
            users.append(user)
        }
        return users
    }
}

/// Splitting and quoting one CSV line (RFC 4180; no line breaks inside fields).
enum CSVLine {
    /// The fields of `line`.
    static func fields(_ line: String, line number: Int) throws -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                if wasQuoted { current.append("\"") }
                quoted = true
                wasQuoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
                wasQuoted = false
            } else {
                current.append(character)
            }
        }
        guard !quoted else {
            throw AccountProvisioning.ProvisioningError(description: "line \(number): a quoted field is not closed")
        }
        fields.append(current)
        return fields
    }

    /// `field` quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-` or `@` is
    /// prefixed with `'` so that spreadsheets do not run it as a formula.
    static func quote(_ field: String) -> String {
        var value = field
        if let first = value.first, "=+-@".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
