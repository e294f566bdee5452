import Foundation
import SQLite

/// The sample course a new installation starts with, so a newcomer sees content at once.
/// Sample lectures and the exercises from `Exercises/` are loaded into it.
public enum SampleCourse {
    /// The sample course's slug.
    public static let slug = "cs193p"

    /// The sample course's fields.
    public static let course = NewCourse(
        slug: slug,
        title: "Making iPhone Apps: Views, Auto Layout and Animation",
        summary: "A hands-on course on building iOS interfaces that adapt to every screen: "
            + "laying out views with constraints, and bringing them to life with dynamic animation.")

    /// Creates the sample course when the database has no course at all; returns it when created.
    @discardableResult
    public static func seedIfEmpty(_ db: Connection, at date: Date = Date()) throws -> Course? {
        guard try Course.count(db) == 0 else { return nil }
        return try Course.insert(course, at: date, db)
    }
}
