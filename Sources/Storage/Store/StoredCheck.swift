import JSON
import SQLite

/// One check of a stored grade (a scenario, a dynamics check or a style rule): a row of
/// `grade_checks`, in the grade's order. The same rows are the class tools' per-check facts.
public struct StoredCheck: Sendable, Equatable {
    /// The scenario's, check's or style rule's name.
    public var name: String
    public var passed: Bool
    /// Points earned: the check's weight when passed, else 0; a style penalty is 0 or negative.
    public var points: Double
    /// What the check wants and, when it failed, what happened instead.
    public var message: String

    public init(name: String, passed: Bool, points: Double, message: String) {
        self.name = name
        self.passed = passed
        self.points = points
        self.message = message
    }

    /// The columns ``init(row:)`` reads, in order.
    static let columns = "name, passed, points, message"

    /// Reads ``columns`` from a row, starting at column `offset`; a value of the wrong type is an
    /// error naming the column.
    init(row: Row, offset: Int = 0) throws(RowDecodingError) {
        self.init(name: try row.get(offset + 0), passed: try row.get(offset + 1), points: try row.get(offset + 2), message: try row.get(offset + 3))
    }
}

extension StoredCheck: JSONWritable {
    /// `{"name":…,"passed":…,"points":…,"message":…}`, as `lectern grade --json` writes a check.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("passed", passed)
        writer.field("points", points)
        writer.field("message", message)
        writer.endObject()
    }
}
