import Foundation
import SQLite

/// What is kept with a submission's current grade besides its rows: the outcome of verifying it,
/// computed once and then read, so that verifying a submission grades it at most once per grade
/// and grader. (The pictures drawn with a grade are rows of the grade itself: ``GradeDetails``.)
public enum GradeArtifacts {
    /// A stored verification: whether re-grading with the recorded exercise version reproduced
    /// the grade, and what it gave.
    public struct Verification: Sendable, Equatable {
        public var graderVersion: String
        public var reproduced: Bool
        public var recomputedScore: Double?
        public var recomputedChecks: [StoredCheck]?
        public var verifiedAt: Date

        public init(graderVersion: String, reproduced: Bool, recomputedScore: Double?, recomputedChecks: [StoredCheck]?,
                    verifiedAt: Date) {
            self.graderVersion = graderVersion
            self.reproduced = reproduced
            self.recomputedScore = recomputedScore
            self.recomputedChecks = recomputedChecks
            self.verifiedAt = verifiedAt
        }
    }

    /// The stored verification of the submission's current grade by `graderVersion`, or nil.
    /// - Throws: ``UnreadableGrade`` when its recomputed checks cannot be read.
    public static func verification(submissionID: Int64, graderVersion: String, _ db: Connection) throws -> Verification? {
        guard let row = try db.fetchOne(sql: """
            SELECT grader_version, reproduced, recomputed_score, recomputed_checks_json, verified_at
            FROM grade_verifications WHERE submission_id = ? AND grader_version = ?
            """, arguments: [submissionID, graderVersion]) else { return nil }
        let checks: [StoredCheck]?
        let json: String? = try row.get(3)
        do throws(GradeJSON.Malformed) {
            checks = try json.map { json throws(GradeJSON.Malformed) in try GradeJSON.checks(json) }
        } catch {
            throw UnreadableGrade(submissionID: submissionID, reason: "its verification's recomputed \(error)")
        }
        return Verification(graderVersion: try row.get(0), reproduced: try row.get(1, as: Int.self) != 0,
                            recomputedScore: try row.get(2, as: Double?.self), recomputedChecks: checks,
                            verifiedAt: try row.get(4))
    }

    /// Stores the verification of the submission's current grade.
    public static func saveVerification(_ verification: Verification, submissionID: Int64, _ db: Connection) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO grade_verifications
                (submission_id, grader_version, reproduced, recomputed_score, recomputed_checks_json, verified_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [submissionID, verification.graderVersion, verification.reproduced ? 1 : 0,
                             verification.recomputedScore, verification.recomputedChecks.map(GradeJSON.encode),
                             verification.verifiedAt])
    }

    /// Drops what belongs to the submission's current grade (its grade is being replaced).
    public static func forget(submissionID: Int64, _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM grade_verifications WHERE submission_id = ?", arguments: [submissionID])
    }
}
