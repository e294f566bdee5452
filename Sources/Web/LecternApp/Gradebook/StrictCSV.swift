/// A strict reader of RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field
/// is either plain (no quotes in it) or wholly quoted, with `""` for a quote inside. Anything else
/// (a quote inside a plain field, text after a closing quote, an unclosed quote, a record with
/// the wrong number of fields) is an error naming the line and column, never a guess.
enum StrictCSV {
    /// Where and why the text is not CSV as expected.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        let line: Int
        let column: Int
        let message: String

        var description: String { "line \(line), column \(column): \(message)" }
    }

    /// One record and the line it starts on.
    struct Record: Sendable, Equatable {
        let line: Int
        let fields: [String]
        /// The column each field starts at.
        let columns: [Int]
    }

    /// The records of `text` (blank lines skipped); every record must have `width` fields when given.
    static func parse(_ text: String, width: Int? = nil, maxRecords: Int = 5000) throws(Failure) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [Character] = []
        var line = 1, column = 0
        var recordLine = 1
        var inQuotes = false
        var quotedField = false
        var afterClosingQuote = false
        var recordHasContent = false
        var starts: [Int] = []
        var fieldStart = 1

        func endRecord() throws(Failure) {
            fields.append(String(field))
            starts.append(fieldStart)
            field = []
            defer { fields = []; starts = []; fieldStart = 1; recordHasContent = false; quotedField = false; afterClosingQuote = false }
            guard recordHasContent || fields.count > 1 || !(fields.first ?? "").isEmpty else { return }
            if let width, fields.count != width {
                throw Failure(line: recordLine, column: 1,
                              message: "expected \(width) fields, found \(fields.count)")
            }
            guard records.count < maxRecords else {
                throw Failure(line: recordLine, column: 1, message: "at most \(maxRecords) rows are read at once")
            }
            records.append(Record(line: recordLine, fields: fields, columns: starts))
        }

        var characters = Array(text)
        if characters.first == "\u{FEFF}" { characters.removeFirst() }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            column += 1
            if inQuotes {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                        column += 1
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1; column = 0 }
                    field.append(character)
                }
            } else if character == "," {
                fields.append(String(field))
                starts.append(fieldStart)
                fieldStart = column + 1
                field = []
                quotedField = false
                afterClosingQuote = false
                recordHasContent = true
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                try endRecord()
                line += 1
                column = 0
                recordLine = line
            } else if afterClosingQuote {
                throw Failure(line: line, column: column, message: "text after a closing quote; quote the whole field")
            } else if character == "\"" {
                guard field.isEmpty, !quotedField else {
                    throw Failure(line: line, column: column, message: "a quote inside an unquoted field; quote the whole field and double the quote")
                }
                inQuotes = true
                quotedField = true
            } else {
                field.append(character)
            }
            index += 1
        }
        if inQuotes { throw Failure(line: line, column: column, message: "a quoted field is not closed") }
        try endRecord()
        return records
    }
}
