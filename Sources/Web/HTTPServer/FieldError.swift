extension HTTPError {
    /// One thing wrong with a request's input: the field (a query parameter, a JSON path such as
    /// `$.dueAt`, a form field), and for text inputs the line and column (1-based), with a message.
    /// It is an entry of the `errors` list of a problem answer.
    public struct FieldError: Sendable, Equatable {
        /// The field, or nil when the message is about a position in a text only.
        public var field: String?
        /// The 1-based line in the text, when the input is a text.
        public var line: Int?
        /// The 1-based column in the line.
        public var column: Int?
        /// What is wrong.
        public var message: String

        public init(field: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
            self.field = field
            self.line = line
            self.column = column
            self.message = message
        }
    }
}
