import Foundation
import SQLite

/// What a user is in one course. An instructor of one course is nobody in another.
public enum CourseRole: String, Sendable, Codable, CaseIterable {
    case student
    case instructor
}

/// A person who signs in: a student, an instructor, or a site admin.
public struct User: Sendable, Equatable, Codable {
    /// The row id.
    public var id: Int64
    /// The sign-in name, unique regardless of case.
    public var username: String
    /// The name shown on pages.
    public var displayName: String
    /// Contact address, when known.
    public var email: String?
    /// Site administrators create courses and act as instructors everywhere.
    public var isAdmin: Bool
    /// When the account was created.
    public var createdAt: Date
}

/// The fields of a user to be created.
public struct NewUser: Sendable, Equatable {
    public var username: String
    public var displayName: String
    public var email: String?
    public var isAdmin: Bool

    /// The longest username accepted.
    public static let maxUsernameLength = 64
    /// The longest display name accepted.
    public static let maxDisplayNameLength = 200

    public init(username: String, displayName: String? = nil, email: String? = nil, isAdmin: Bool = false) {
        self.username = username
        self.displayName = displayName ?? username
        self.email = email
        self.isAdmin = isAdmin
    }

    /// Throws unless the username is 1–64 characters from a-z, A-Z, 0-9, `.`, `_`, `-` and the
    /// display name is 1–200 characters.
    public func validate() throws(ValidationError) {
        let allowed = username.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
        guard !username.isEmpty, username.utf8.count <= Self.maxUsernameLength, allowed else {
            throw ValidationError(field: "username",
                                  message: "must be 1 to \(Self.maxUsernameLength) characters from a-z, A-Z, 0-9, '.', '_' and '-'")
        }
        guard !displayName.isEmpty, displayName.count <= Self.maxDisplayNameLength else {
            throw ValidationError(field: "displayName", message: "must be 1 to \(Self.maxDisplayNameLength) characters")
        }
    }
}

/// A user with their role in one course.
public struct CourseMember: Sendable, Equatable, Codable {
    public var user: User
    public var role: CourseRole
}

extension User {
    static let columns = "users.id, users.username, users.display_name, users.email, users.is_admin, users.created_at"

    /// The user with this id, or nil.
    public static func find(id: Int64, _ db: Connection) throws -> User? {
        try db.fetchOne(User.self, sql: "SELECT \(columns) FROM users WHERE id = ?", arguments: [id])
    }

    /// The user with this username (any case), or nil.
    public static func find(username: String, _ db: Connection) throws -> User? {
        try db.fetchOne(User.self, sql: "SELECT \(columns) FROM users WHERE username = ?", arguments: [username])
    }

    /// The user and their stored password hash (nil when no password is set yet).
    public static func credentials(username: String, _ db: Connection) throws -> (user: User, passwordHash: String?)? {
        guard let user = try find(username: username, db) else { return nil }
        let hash = try db.fetchValue(String?.self, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [user.id]) ?? nil
        return (user, hash)
    }

    /// Number of users.
    public static func count(_ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM users") ?? 0
    }

    /// Validates and inserts a user; a taken username fails with a `ValidationError`.
    @discardableResult
    public static func insert(_ user: NewUser, passwordHash: String?, at date: Date = Date(), _ db: Connection) throws -> User {
        try user.validate()
        if try find(username: user.username, db) != nil {
            throw ValidationError(field: "username", message: "the username \(user.username) is taken")
        }
        try db.execute(sql: """
            INSERT INTO users (username, display_name, email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [user.username, user.displayName, user.email, passwordHash, user.isAdmin, date])
        return User(id: db.lastInsertedRowID, username: user.username, displayName: user.displayName,
                    email: user.email, isAdmin: user.isAdmin, createdAt: date)
    }

    /// Replaces the user's password hash.
    public static func setPasswordHash(_ hash: String, userID: Int64, _ db: Connection) throws {
        try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [hash, userID])
    }

    /// The user's role in a course, or nil when they are not enrolled.
    public static func role(userID: Int64, courseID: Int64, _ db: Connection) throws -> CourseRole? {
        try db.fetchValue(String.self, sql: "SELECT role FROM enrollments WHERE user_id = ? AND course_id = ?",
                          arguments: [userID, courseID]).flatMap(CourseRole.init(rawValue:))
    }

    /// Enrolls the user in a course with `role`, replacing a previous role; returns the previous role.
    @discardableResult
    public static func enroll(userID: Int64, courseID: Int64, role: CourseRole, at date: Date = Date(),
                              _ db: Connection) throws -> CourseRole? {
        let previous = try self.role(userID: userID, courseID: courseID, db)
        try db.execute(sql: """
            INSERT INTO enrollments (user_id, course_id, role, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, course_id) DO UPDATE SET role = excluded.role
            """, arguments: [userID, courseID, role.rawValue, date])
        return previous
    }

    /// The members of a course with `role`, by username.
    public static func members(courseID: Int64, role: CourseRole, _ db: Connection) throws -> [User] {
        try db.fetchAll(User.self, sql: """
            SELECT \(columns) FROM users JOIN enrollments ON enrollments.user_id = users.id
            WHERE enrollments.course_id = ? AND enrollments.role = ? ORDER BY users.username
            """, arguments: [courseID, role.rawValue])
    }
}
