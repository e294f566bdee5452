/// Why a document could not be read, and where: 1-based line and column (columns count Unicode
/// scalars).
public struct XMLError: Error, CustomStringConvertible, Equatable, Sendable {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
