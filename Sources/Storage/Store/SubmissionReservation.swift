import Foundation
import SQLite

/// An attempt taken before grading: it counts for the attempt limit and the cooldown from the
/// moment the rules allowed it, so that concurrent submissions cannot all pass the same check.
/// The graded submission replaces it (``SubmissionRecord/insert(userID:exerciseID:text:normalizedHash:grade:latePenalty:at:replacing:_:)``);
/// a submission that could not be graded releases it.
public struct SubmissionReservation: Sendable, Equatable {
    public var id: Int64
    public var userID: Int64
    public var exerciseID: Int64
    /// The late penalty decided when the attempt was reserved.
    public var latePenalty: Double
    public var reservedAt: Date

    /// Reserves an attempt; call it in the write transaction that checked the rules.
    public static func reserve(userID: Int64, exerciseID: Int64, latePenalty: Double, at date: Date,
                               _ db: Connection) throws -> SubmissionReservation {
        try db.execute(sql: """
            INSERT INTO submission_reservations (user_id, exercise_id, late_penalty, reserved_at) VALUES (?, ?, ?, ?)
            """, arguments: [userID, exerciseID, latePenalty, date])
        return SubmissionReservation(id: db.lastInsertedRowID, userID: userID, exerciseID: exerciseID,
                                     latePenalty: latePenalty, reservedAt: date)
    }

    /// Gives a reserved attempt back. Returns whether it was still reserved.
    @discardableResult
    public static func release(id: Int64, _ db: Connection) throws -> Bool {
        try db.execute(sql: "DELETE FROM submission_reservations WHERE id = ?", arguments: [id])
        return db.changes > 0
    }

    /// Drops every reservation (at start: grading in flight did not survive the previous process).
    /// Returns how many there were.
    @discardableResult
    public static func releaseAll(_ db: Connection) throws -> Int {
        try db.execute(sql: "DELETE FROM submission_reservations")
        return db.changes
    }

    /// Number of reserved attempts.
    public static func count(_ db: Connection) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM submission_reservations") ?? 0
    }
}
