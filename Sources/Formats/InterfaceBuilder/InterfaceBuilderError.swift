/// Why a storyboard or XIB could not be converted, and where (1-based line and column).
public struct InterfaceBuilderError: Error, CustomStringConvertible, Equatable, Sendable {
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
