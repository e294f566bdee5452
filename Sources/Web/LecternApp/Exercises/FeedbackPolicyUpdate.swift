import Foundation
import HTTPServer
import JSON
import SQLite
import Store

/// Saving what students see of an exercise's grades, from the policy API or the editor's form.
enum FeedbackPolicyUpdate {
    /// Stores `policy`, in the audit log.
    static func save(_ policy: FeedbackPolicy, of record: ExerciseRecord, by user: User, database: DatabasePool) async throws {
        let stored = policy.record
        let userID = user.id
        try await database.write { db in
            try ExerciseFeedbackRecord.set(stored, exerciseID: record.id, db)
            var details = JSONWriter()
            details.beginObject()
            details.field("feedback", stored.feedback)
            details.key("visibility")
            details.value(StoredGradeParts.value(stored.visibilityJSON))
            details.endObject()
            try AuditEntry.record(actorUserID: userID, courseID: record.courseID, action: "feedback.change",
                                  subject: "exercise:\(record.id)", detailsJSON: details.string, db)
        }
    }

    /// Applies `"visibility"` and `"feedback"` of an exercise policy body, when present (absent ones stay as
    /// they are). Names must be the exercise's scenarios or checks.
    /// - Throws: ``HTTPError`` 422 naming the field.
    static func apply(body: [UInt8], to record: ExerciseRecord, by user: User, library: ExerciseLibrary, database: DatabasePool) async throws {
        guard let root = try? JSONParser.parse(bytes: body, limits: JSONLimits(maxBytes: 64 * 1024)) else { return }
        let node = JSONNode(root)
        guard node["visibility"] != nil || node["feedback"] != nil else { return }
        let recordID = record.id
        let current = FeedbackPolicy(try await database.read { db in try ExerciseFeedbackRecord.find(exerciseID: recordID, db) })
        let names = FeedbackPolicy.checkPoints(try library.exercise(record)).map(\.name)
        let policy = try FeedbackPolicy.read(visibility: node["visibility"], feedback: node["feedback"], names: names, current: current)
        try await save(policy, of: record, by: user, database: database)
    }
}
