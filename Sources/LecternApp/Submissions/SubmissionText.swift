import Digest
import Grading
import HTTPServer
import JSON

/// Reading a submission from a request, and the normalised form identical resubmissions are
/// recognised by.
enum SubmissionText {
    /// The largest submission (the grader's limit).
    static let maxBytes = SubmissionLimits.default.maxBytes
    /// The largest request body a submission route takes: the text plus form or JSON overhead.
    static let maxBodyBytes = maxBytes * 3 + 4096

    /// The text with line endings unified, trailing white space of every line and trailing empty
    /// lines removed: edits that cannot change a grade.
    static func normalized(_ text: String) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var lines: [String] = []
        for line in unified.split(separator: "\n", omittingEmptySubsequences: false) {
            var trimmed = Substring(line)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
            lines.append(String(trimmed))
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// SHA-256 (hex) of the normalised text.
    static func hash(_ text: String) -> String {
        Hex.encode(SHA256.hash(Array(normalized(text).utf8)))
    }

    /// The submission in an API request: a `text/plain` body, or JSON `{"text": …}`.
    /// - Throws: ``HTTPError`` 413 over the size limit, 415 for another media type, 400 when unreadable.
    static func fromAPI(_ request: Request) throws(HTTPError) -> String {
        switch request.mediaType {
        case "application/json":
            guard request.body.count <= maxBodyBytes else { throw tooLarge() }
            let root: JSONValue
            do {
                root = try JSONParser.parse(bytes: request.body, limits: JSONLimits(maxBytes: maxBodyBytes, maxDepth: 8))
            } catch {
                throw HTTPError.badRequest("\(error.line):\(error.column): \(error.message)", code: "invalid_body")
            }
            guard let text = root["text"]?.stringValue else {
                throw HTTPError.badRequest("$.text: expected the submission as a string", code: "invalid_body")
            }
            return try checked(text)
        case "text/plain", nil:
            guard request.body.count <= maxBytes else { throw tooLarge() }
            guard let text = String(validating: request.body, as: UTF8.self) else {
                throw HTTPError.badRequest("the submission is not valid UTF-8 text", code: "invalid_body")
            }
            return text
        default:
            throw HTTPError(.unsupportedMediaType, message: "send the submission as text/plain or as JSON {\"text\": …}")
        }
    }

    /// `text` unless it is over the size limit.
    static func checked(_ text: String) throws(HTTPError) -> String {
        guard text.utf8.count <= maxBytes else { throw tooLarge() }
        return text
    }

    private static func tooLarge() -> HTTPError {
        HTTPError(.contentTooLarge, message: "A submission is at most \(maxBytes / 1024) KiB.")
    }
}
