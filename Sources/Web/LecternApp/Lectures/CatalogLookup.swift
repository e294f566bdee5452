import HTTPServer
import SQLite
import Store

/// Finds the course and lecture a request names, or answers 404 naming what is missing.
enum CatalogLookup {
    /// The course with this slug.
    static func course(_ slug: String, _ db: Connection) throws -> Course {
        guard let course = try Course.find(slug: slug, db) else { throw HTTPError.notFound("No course \(slug).") }
        return course
    }

    /// The lecture with this number in the course.
    static func lecture(_ number: Int, of course: Course, _ db: Connection) throws -> Lecture {
        guard let lecture = try Lecture.find(courseID: course.id, number: number, db) else {
            throw HTTPError.notFound("No lecture \(number) in \(course.slug).")
        }
        return lecture
    }

    /// The lecture numbered by the `:number` path parameter of the course named by `:course`.
    static func lecture(_ parameters: PathParameters, _ database: DatabasePool) async throws -> (Course, Lecture) {
        let slug = try parameters.require("course")
        let number = try parameters.int("number")
        return try await database.read { db in
            let course = try course(slug, db)
            return (course, try lecture(number, of: course, db))
        }
    }

    /// The lecture page's path.
    static func lecturePath(course: String, number: Int) -> String { "/courses/\(course)/lectures/\(number)" }
}
