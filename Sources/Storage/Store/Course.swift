import Foundation
import SQLite

/// A course: the unit that owns lectures, exercises and enrollments.
public struct Course: Sendable, Equatable, Codable {
    /// The row id.
    public var id: Int64
    /// The URL identifier, e.g. `cs193p`.
    public var slug: String
    /// The human-readable title.
    public var title: String
    /// One or two sentences shown on the course page.
    public var summary: String
    /// When the course was created.
    public var createdAt: Date
}

/// The fields of a course to be created.
public struct NewCourse: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var summary: String

    /// The longest title accepted.
    public static let maxTitleLength = 200
    /// The longest summary accepted.
    public static let maxSummaryLength = 2000

    public init(slug: String, title: String, summary: String = "") {
        self.slug = slug
        self.title = title
        self.summary = summary
    }

    /// Throws when the slug or title is unacceptable.
    public func validate() throws(ValidationError) {
        try Slug.validate(slug)
        guard !title.isEmpty, title.count <= Self.maxTitleLength else {
            throw ValidationError(field: "title", message: "must be 1 to \(Self.maxTitleLength) characters")
        }
    }
}

extension Course {
    private static let columns = "id, slug, title, summary, created_at"

    /// Every course, ordered by slug.
    public static func all(_ db: Connection) throws -> [Course] {
        try db.fetchAll(Course.self, sql: "SELECT \(columns) FROM courses ORDER BY slug")
    }

    /// The course with this slug, or nil.
    public static func find(slug: String, _ db: Connection) throws -> Course? {
        try db.fetchOne(Course.self, sql: "SELECT \(columns) FROM courses WHERE slug = ?", arguments: [slug])
    }

    /// The course with this id, or nil.
    public static func find(id: Int64, _ db: Connection) throws -> Course? {
        try db.fetchOne(Course.self, sql: "SELECT \(columns) FROM courses WHERE id = ?", arguments: [id])
    }

    /// Number of courses.
    public static func count(_ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM courses") ?? 0
    }

    /// Validates and inserts a course; a taken slug fails with a `ValidationError`.
    @discardableResult
    public static func insert(_ course: NewCourse, at date: Date = Date(), _ db: Connection) throws -> Course {
        try course.validate()
        if try find(slug: course.slug, db) != nil {
            throw ValidationError(field: "slug", message: "a course with slug \(course.slug) already exists")
        }
        try db.execute(sql: "INSERT INTO courses (slug, title, summary, created_at) VALUES (?, ?, ?, ?)",
                       arguments: [course.slug, course.title, course.summary, date])
        return Course(id: db.lastInsertedRowID, slug: course.slug, title: course.title, summary: course.summary, createdAt: date)
    }

    /// Changes a course's title and summary (its slug, part of every link, never changes).
    public static func update(id: Int64, title: String, summary: String, _ db: Connection) throws {
        try NewCourse(slug: "valid", title: title, summary: summary).validate()
        guard summary.count <= NewCourse.maxSummaryLength else {
            throw ValidationError(field: "summary", message: "must be at most \(NewCourse.maxSummaryLength) characters")
        }
        try db.execute(sql: "UPDATE courses SET title = ?, summary = ? WHERE id = ?", arguments: [title, summary, id])
    }
}
