/// A part of a source text that a reader passed over, and why: what the converters of storyboards
/// and code report beside what they made, written as `{"line":12,"column":5,"reason":"…"}` (the
/// column only when known).
public struct SkippedSource: Sendable, Equatable, JSONWritable {
    /// The 1-based line of the source.
    public var line: Int
    /// The 1-based column of the source, when known.
    public var column: Int?
    public var reason: String

    public init(line: Int, column: Int? = nil, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("line", line)
        if let column { writer.field("column", column) }
        writer.field("reason", reason)
        writer.endObject()
    }
}
