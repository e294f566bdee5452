import HTTPServer
import SQLite
import Store

/// Unpublished exercises exist only for the course's staff: to students they are not there (404).
enum ExerciseVisibility {
    /// Throws 404 unless the exercise is published or the viewer is staff.
    static func require(_ record: ExerciseRecord, _ access: CourseAccess, database: DatabasePool) async throws {
        guard !access.isStaff else { return }
        let recordID = record.id
        let published = try await database.read { db in try ExerciseAuthoring.state(exerciseID: recordID, db).published }
        guard published else { throw HTTPError.notFound("No exercise \(record.slug) in \(access.course.slug).") }
    }

    /// The exercises a viewer sees in a list: all for staff, the published ones for students.
    static func visible(_ records: [ExerciseRecord], courseID: Int64, isStaff: Bool, _ db: Connection) throws -> [ExerciseRecord] {
        guard !isStaff else { return records }
        let hidden = try ExerciseAuthoring.unpublishedIDs(courseID: courseID, db)
        return hidden.isEmpty ? records : records.filter { !hidden.contains($0.id) }
    }
}
