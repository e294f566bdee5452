import JSON
import SQLite

/// One SVG picture of a stored grade (a scenario's frames, a simulation's run): a row of
/// `grade_pictures`, drawn when the grade was computed and read whenever it is shown.
public struct StoredPicture: Sendable, Equatable {
    /// A file name, `.svg`.
    public var name: String
    /// What it shows, for a caption.
    public var title: String
    /// A complete SVG document, as the grader drew it.
    public var svg: String

    public init(name: String, title: String, svg: String) {
        self.name = name
        self.title = title
        self.svg = svg
    }

    /// The columns ``init(row:)`` reads, in order.
    static let columns = "name, title, svg"

    /// Reads ``columns`` from a row, starting at column `offset`; a value of the wrong type is an
    /// error naming the column.
    init(row: Row, offset: Int = 0) throws(RowDecodingError) {
        self.init(name: try row.get(offset + 0), title: try row.get(offset + 1), svg: try row.get(offset + 2))
    }
}

extension StoredPicture: JSONWritable {
    /// `{"name":…,"title":…,"svg":…}`.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("title", title)
        writer.field("svg", svg)
        writer.endObject()
    }
}
