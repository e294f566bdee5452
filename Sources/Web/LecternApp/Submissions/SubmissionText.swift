import Digest
import Grading
import HTTPServer
import JSON

/// Reading a submission from a request, and the normalised form identical resubmissions are
/// recognised by.
enum SubmissionText {
    /// The largest submission (the grader's limit).
    static let maxBytes = SubmissionLimits.default.maxBytes
    /// The largest submission in another form (a storyboard or a source file).
    static let maxSourceBytes = SubmissionLimits.maxSourceBytes
    /// The largest request body a submission route takes: a source file plus form or JSON overhead.
    static let maxBodyBytes = maxSourceBytes * 2 + 4096

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

    /// The submission in an API request and its form when the media type declares one: a
    /// `text/plain` body (the form detected from the content), `application/x-ib+xml` (a storyboard
    /// or XIB), `text/x-swift`, `text/x-objective-c`, or JSON `{"text": …}`.
    /// - Throws: ``HTTPError`` 413 over the size limit, 415 for another media type, 400 when unreadable.
    static func fromAPIWithForm(_ request: Request) throws(HTTPError) -> (text: String, form: SubmissionForm?) {
        if let mediaType = request.mediaType, let form = SubmissionForm.declared(byMediaType: mediaType) {
            guard request.body.count <= maxSourceBytes else { throw tooLarge(maxSourceBytes) }
            guard let text = String(validating: request.body, as: UTF8.self) else {
                throw HTTPError.badRequest("the submission is not valid UTF-8 text", code: "invalid_body")
            }
            return (text, form)
        }
        return (try fromAPI(request), nil)
    }

    /// The submission of the exercise page's form: an uploaded file (`file`, a storyboard, XIB,
    /// Swift or Objective-C file, or the exercise's own format), else the text area (`text`).
    static func fromForm(_ request: Request, _ form: FormParameters) throws(HTTPError) -> (text: String, form: SubmissionForm?) {
        if request.mediaType == "multipart/form-data", let file = try request.multipartForm()["file"], !file.data.isEmpty {
            guard file.data.count <= maxSourceBytes else { throw tooLarge(maxSourceBytes) }
            guard let text = String(validating: file.data, as: UTF8.self) else {
                throw HTTPError.badRequest("the uploaded file is not UTF-8 text", code: "invalid_body")
            }
            let declared = file.filename.flatMap(SubmissionForm.declared(byFileName:))
                ?? file.contentType.flatMap(SubmissionForm.declared(byMediaType:))
            return (try checked(text), declared)
        }
        return (try checked(form["text"] ?? ""), nil)
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
                throw HTTPError(.badRequest, code: "invalid_body", message: "\(error.line):\(error.column): \(error.message)",
                                errors: [HTTPError.FieldError(field: "body", line: error.line, column: error.column, message: error.message)])
            }
            guard let text = root["text"]?.stringValue else {
                throw Request.invalidBody("$.text", "expected the submission as a string")
            }
            return try checked(text)
        case "text/plain", nil:
            guard request.body.count <= maxSourceBytes else { throw tooLarge(maxSourceBytes) }
            guard let text = String(validating: request.body, as: UTF8.self) else {
                throw HTTPError.badRequest("the submission is not valid UTF-8 text", code: "invalid_body")
            }
            return try checked(text)
        default:
            throw HTTPError(.unsupportedMediaType, message: "send the submission as text/plain, application/x-ib+xml, text/x-swift, text/x-objective-c or JSON {\"text\": …}")
        }
    }

    /// `text` unless it is over the size limit of its form: `maxBytes` in the exercise's own
    /// format, `maxSourceBytes` for a storyboard or source file.
    static func checked(_ text: String) throws(HTTPError) -> String {
        let limit = SubmissionForm.detect(text) == .text ? maxBytes : maxSourceBytes
        guard text.utf8.count <= limit else { throw tooLarge(limit) }
        return text
    }

    private static func tooLarge(_ limit: Int = maxBytes) -> HTTPError {
        HTTPError(.contentTooLarge, message: "A submission is at most \(limit / 1024) KiB.")
    }
}
