import SQLite

/// One diagnostic of a stored grade, in the grade's order: a row of `grade_diagnostics`, with the
/// code the class tools count it under.
public struct StoredDiagnostic: Sendable, Equatable {
    /// The diagnostic as the grader worded it (`LINE:COL: message`, a conflict report, …).
    public var text: String
    /// Its kind (``DiagnosticCode``).
    public var code: String

    public init(text: String, code: String) {
        self.text = text
        self.code = code
    }

    /// The diagnostic `text` with its code.
    public init(_ text: String) {
        self.init(text: text, code: DiagnosticCode.classify(text))
    }

    /// The columns ``init(row:)`` reads, in order.
    static let columns = "text, code"

    /// Reads ``columns`` from a row, starting at column `offset`; a value of the wrong type is an
    /// error naming the column.
    init(row: Row, offset: Int = 0) throws(RowDecodingError) {
        self.init(text: try row.get(offset + 0), code: try row.get(offset + 1))
    }
}
