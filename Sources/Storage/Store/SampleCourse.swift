import Foundation
import SQLite

/// The sample course a new installation starts with, so a newcomer sees content at once:
/// `Courses/cs193p` (its `course.json` and lectures), into which the exercises from `Exercises/` are loaded.
public enum SampleCourse {
    /// The sample course's slug and directory name.
    public static let slug = "cs193p"

    /// Creates `course` with its lectures in one transaction when the database has no course at all;
    /// returns the course when created, nil when the database already had courses.
    @discardableResult
    public static func seedIfEmpty(_ db: Connection, course: NewCourse, lectures: [LectureContent] = [],
                                   at date: Date = Date()) throws -> Course? {
        try db.transaction { db in
            guard try Course.count(db) == 0 else { return nil }
            let created = try Course.insert(course, at: date, db)
            for lecture in lectures {
                _ = try LectureImport.store(try PreparedLecture(lecture), courseID: created.id, at: date, db)
            }
            return created
        }
    }
}
