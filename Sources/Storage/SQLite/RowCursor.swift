/// Iterates the rows of a statement one at a time without collecting them.
///
/// ```swift
/// let cursor = try db.cursor(sql: "SELECT text FROM caption_cues WHERE lecture_id = ?", arguments: [id])
/// while let row = try cursor.next() { ... }
/// ```
/// The statement stays busy until the cursor returns nil, throws, or is released.
public final class RowCursor {
    private let statement: Statement
    private var isFinished = false

    init(statement: Statement) {
        self.statement = statement
        statement.isBusy = true
    }

    deinit {
        finish()
    }

    /// The result columns.
    public var columns: ColumnIndex { statement.columns }

    /// The next row, or nil after the last one.
    public func next() throws(SQLiteError) -> Row? {
        guard !isFinished else { return nil }
        do {
            if try statement.step() { return statement.currentRow() }
        } catch {
            finish()
            throw error
        }
        finish()
        return nil
    }

    /// Calls `body` for every remaining row.
    public func forEach(_ body: (Row) throws -> Void) throws {
        while let row = try next() { try body(row) }
    }

    /// Releases the statement for reuse; later calls to `next()` return nil.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        statement.reset()
        statement.isBusy = false
    }
}
