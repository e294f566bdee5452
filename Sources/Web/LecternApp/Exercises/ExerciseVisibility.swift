import SQLite
import Store

/// Unpublished exercises exist only for the course's staff: to students they are not there (404).
enum ExerciseVisibility {
    /// The exercise `slug` of the course when the viewer may see it (staff always, others when it is
    /// published), else nil; read in the caller's transaction.
    static func find(courseID: Int64, slug: String, isStaff: Bool, _ db: Connection) throws -> ExerciseRecord? {
        guard let record = try ExerciseRecord.find(courseID: courseID, slug: slug, db) else { return nil }
        guard try isStaff || ExerciseAuthoring.state(exerciseID: record.id, db).published else { return nil }
        return record
    }

    /// The exercises a viewer sees in a list: all for staff, the published ones for students.
    static func visible(_ records: [ExerciseRecord], courseID: Int64, isStaff: Bool, _ db: Connection) throws -> [ExerciseRecord] {
        guard !isStaff else { return records }
        let hidden = try ExerciseAuthoring.unpublishedIDs(courseID: courseID, db)
        return hidden.isEmpty ? records : records.filter { !hidden.contains($0.id) }
    }
}
