import HTTPServer

/// Diagnostics as the field errors of a problem answer.
enum DiagnosticErrors {
    /// One field error per diagnostic; a diagnostic that starts with `LINE:COLUMN: ` (as the layout,
    /// code and caption readers write them) gives its line and column.
    static func fieldErrors(_ diagnostics: [String], field: String) -> [HTTPError.FieldError] {
        diagnostics.map { diagnostic in
            let parts = diagnostic.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]), line > 0, column > 0 {
                return HTTPError.FieldError(field: field, line: line, column: column,
                                            message: parts[2].drop { $0 == " " }.description)
            }
            return HTTPError.FieldError(field: field, message: diagnostic)
        }
    }
}
