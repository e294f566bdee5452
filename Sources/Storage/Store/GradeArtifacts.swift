import Foundation
import SQLite

/// What is kept with a submission's current grade besides its checks: the pictures drawn when it
/// was graded, and the outcome of verifying it. Both are computed once and then read, so that
/// viewing or verifying a submission never grades it again.
public enum GradeArtifacts {
    /// The stored pictures of a submission's grade.
    public struct Pictures: Sendable, Equatable {
        public var graderVersion: String
        /// `[{"name":…,"title":…,"svg":…}]`.
        public var json: String

        public init(graderVersion: String, json: String) {
            self.graderVersion = graderVersion
            self.json = json
        }
    }

    /// A stored verification: whether re-grading with the recorded exercise version reproduced
    /// the grade, and what it gave.
    public struct Verification: Sendable, Equatable {
        public var graderVersion: String
        public var reproduced: Bool
        public var recomputedScore: Double?
        public var recomputedChecksJSON: String?
        public var verifiedAt: Date

        public init(graderVersion: String, reproduced: Bool, recomputedScore: Double?, recomputedChecksJSON: String?,
                    verifiedAt: Date) {
            self.graderVersion = graderVersion
            self.reproduced = reproduced
            self.recomputedScore = recomputedScore
            self.recomputedChecksJSON = recomputedChecksJSON
            self.verifiedAt = verifiedAt
        }
    }

    /// The pictures stored for the submission's current grade, or nil.
    public static func pictures(submissionID: Int64, _ db: Connection) throws -> Pictures? {
        guard let row = try db.fetchOne(sql: "SELECT grader_version, pictures_json FROM submission_pictures WHERE submission_id = ?",
                                        arguments: [submissionID]) else { return nil }
        return Pictures(graderVersion: try row.get(0), json: try row.get(1))
    }

    /// Stores (or replaces) the pictures of the submission's current grade.
    public static func savePictures(_ pictures: Pictures, submissionID: Int64, _ db: Connection) throws {
        try db.execute(sql: """
            INSERT INTO submission_pictures (submission_id, grader_version, pictures_json) VALUES (?, ?, ?)
            ON CONFLICT (submission_id) DO UPDATE SET grader_version = excluded.grader_version, pictures_json = excluded.pictures_json
            """, arguments: [submissionID, pictures.graderVersion, pictures.json])
    }

    /// The stored verification of the submission's current grade by `graderVersion`, or nil.
    public static func verification(submissionID: Int64, graderVersion: String, _ db: Connection) throws -> Verification? {
        guard let row = try db.fetchOne(sql: """
            SELECT grader_version, reproduced, recomputed_score, recomputed_checks_json, verified_at
            FROM grade_verifications WHERE submission_id = ? AND grader_version = ?
            """, arguments: [submissionID, graderVersion]) else { return nil }
        return Verification(graderVersion: try row.get(0), reproduced: try row.get(1, as: Int.self) != 0,
                            recomputedScore: try row.get(2, as: Double?.self), recomputedChecksJSON: try row.get(3, as: String?.self),
                            verifiedAt: try row.get(4))
    }

    /// Stores the verification of the submission's current grade.
    public static func saveVerification(_ verification: Verification, submissionID: Int64, _ db: Connection) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO grade_verifications
                (submission_id, grader_version, reproduced, recomputed_score, recomputed_checks_json, verified_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [submissionID, verification.graderVersion, verification.reproduced ? 1 : 0,
                             verification.recomputedScore, verification.recomputedChecksJSON, verification.verifiedAt])
    }

    /// Drops what belongs to the submission's current grade (its grade is being replaced).
    public static func forget(submissionID: Int64, _ db: Connection) throws {
        try db.execute(sql: "DELETE FROM submission_pictures WHERE submission_id = ?", arguments: [submissionID])
        try db.execute(sql: "DELETE FROM grade_verifications WHERE submission_id = ?", arguments: [submissionID])
    }
}
