import HTTPServer
import SQLite
import Store

/// The lookups the access middleware make, with their one answer each when nothing is found:
/// a course by slug for a principal, an exercise by slug in a course.
struct Resolvers: Sendable {
    let database: DatabasePool

    /// The access of `principal` to the course `slug`.
    /// - Throws: ``AccessError/noCourse(_:)`` when it does not exist or the principal is not part of it.
    func course(_ slug: String, for principal: Principal) async throws -> CourseAccess {
        try await CourseAccess.resolve(courseSlug: slug, principal: principal, database: database)
    }

    /// The exercise `slug` of `course`, published or not (students' routes check visibility).
    /// - Throws: ``AccessError/noExercise(_:in:)``.
    func exercise(_ slug: String, in course: Course) async throws -> ExerciseRecord {
        let courseID = course.id
        guard let record = try await database.read({ db in try ExerciseRecord.find(courseID: courseID, slug: slug, db) }) else {
            throw AccessError.noExercise(slug, in: course.slug)
        }
        return record
    }
}
