import SQLite

extension Lecture {
    /// Deletes lecture `number` of a course with everything it holds: its cues, transcript sections and
    /// vocabulary go by `ON DELETE CASCADE`, and the triggers of the search indexes remove their rows in
    /// the same transaction (or savepoint, inside the caller's transaction).
    /// - Returns: the lecture as it was, or nil when the course has no lecture with that number.
    @discardableResult
    public static func delete(courseID: Int64, number: Int, _ db: Connection) throws -> Lecture? {
        try db.transaction { db in
            guard let lecture = try find(courseID: courseID, number: number, db) else { return nil }
            try db.execute(sql: "DELETE FROM lectures WHERE id = ?", arguments: [lecture.id])
            return lecture
        }
    }
}
