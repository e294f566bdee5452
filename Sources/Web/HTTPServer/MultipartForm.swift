/// A `multipart/form-data` body (RFC 7578): what an HTML form with `enctype="multipart/form-data"`
/// sends, file inputs included.
///
/// The body is already in memory (bounded by the route's body limit); parsing copies each part's
/// content once. Limits: at most `maxParts` parts, and at most `maxHeaderBytes` of headers per part.
/// Anything malformed is a 400 that says what is wrong, never a partial result.
public struct MultipartForm: Sendable {
    /// One part: a text field, or a file with its name and type.
    public struct Part: Sendable, Equatable {
        /// The form field's name.
        public var name: String
        /// The uploaded file's name (not a path), or nil for a text field.
        public var filename: String?
        /// The part's `Content-Type`, if it had one.
        public var contentType: String?
        /// The content, exactly as sent.
        public var data: [UInt8]
    }

    public let parts: [Part]

    /// The most parts a body may have.
    public static let maxParts = 64
    /// The most header bytes one part may have.
    public static let maxHeaderBytes = 8 * 1024

    /// Parses `body` whose parts are separated by `boundary` (from the `Content-Type` header).
    /// - Throws: ``HTTPError`` 400 naming the problem.
    public init(body: [UInt8], boundary: String) throws(HTTPError) {
        let boundaryBytes = Array(boundary.utf8)
        guard (1...70).contains(boundaryBytes.count) else {
            throw HTTPError.badRequest("multipart body: the boundary must be 1 to 70 characters")
        }
        let delimiter = Array("--".utf8) + boundaryBytes
        // The first delimiter may open the body; every later one follows a CRLF.
        guard var position = MultipartForm.first(delimiter, in: body, from: 0, atLineStart: true) else {
            throw HTTPError.badRequest("multipart body: no part starts with the boundary")
        }
        var parts: [Part] = []
        while true {
            position += delimiter.count
            if MultipartForm.starts(with: [0x2D, 0x2D], in: body, at: position) { break }  // "--": the last delimiter
            position = MultipartForm.skipPadding(in: body, from: position)
            guard MultipartForm.starts(with: [0x0D, 0x0A], in: body, at: position) else {
                throw HTTPError.badRequest("multipart body: a boundary line must end with CRLF")
            }
            position += 2
            guard parts.count < MultipartForm.maxParts else {
                throw HTTPError.badRequest("multipart body: more than \(MultipartForm.maxParts) parts")
            }
            let headerEnd = MultipartForm.first([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: position - 2, atLineStart: false)
            guard let headerEnd, headerEnd - position <= MultipartForm.maxHeaderBytes else {
                throw HTTPError.badRequest("multipart body: part \(parts.count + 1) has no end of headers within "
                                           + "\(MultipartForm.maxHeaderBytes) bytes")
            }
            let headers = String(decoding: body[position..<max(position, headerEnd)], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = MultipartForm.first([0x0D, 0x0A] + delimiter, in: body, from: contentStart, atLineStart: false) else {
                throw HTTPError.badRequest("multipart body: part \(parts.count + 1) has no closing boundary")
            }
            parts.append(try MultipartForm.part(headers: headers, data: Array(body[contentStart..<next]), number: parts.count + 1))
            position = next + 2
        }
        self.parts = parts
    }

    /// The text of every part as form parameters, in order: text fields as sent, files as their
    /// content read as UTF-8 (an empty file input gives an empty value).
    public var parameters: FormParameters {
        FormParameters(parts.map { ($0.name, String(decoding: $0.data, as: UTF8.self)) })
    }

    /// The first part named `name`.
    public subscript(name: String) -> Part? { parts.first { $0.name == name } }

    // MARK: Parsing

    private static func part(headers: String, data: [UInt8], number: Int) throws(HTTPError) -> Part {
        var disposition: [String: String]?
        var contentType: String?
        for line in headers.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw HTTPError.badRequest("multipart body: part \(number) has a header line without a colon")
            }
            let name = ASCII.trimmed(line[..<colon]).lowercased()
            let value = String(ASCII.trimmed(line[line.index(after: colon)...]))
            switch name {
            case "content-disposition": disposition = parameters(of: value)
            case "content-type": contentType = value
            default: continue
            }
        }
        guard let disposition, disposition[""] == "form-data", let name = disposition["name"] else {
            throw HTTPError.badRequest("multipart body: part \(number) needs Content-Disposition: form-data; name=\"…\"")
        }
        // A filename is only a name: browsers send no path, and any path is not ours to keep.
        let filename = disposition["filename"].map { String($0.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "") }
        return Part(name: name, filename: filename, contentType: contentType, data: data)
    }

    /// `form-data; name="a"; filename="b.vtt"` as `["": "form-data", "name": "a", "filename": "b.vtt"]`
    /// (parameter names lowercased; quoted values unescaped).
    static func parameters(of value: String) -> [String: String] {
        var result: [String: String] = [:]
        var fields: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        result[""] = ASCII.trimmed(fields[0][...]).lowercased()
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { continue }
            let key = ASCII.trimmed(field[..<equals]).lowercased()
            if result[key] == nil { result[key] = String(ASCII.trimmed(field[field.index(after: equals)...])) }
        }
        return result
    }

    /// Spaces and tabs a sender may put after a boundary (RFC 2046 transport padding).
    private static func skipPadding(in body: [UInt8], from position: Int) -> Int {
        var position = position
        while position < body.count && (body[position] == 0x20 || body[position] == 0x09) { position += 1 }
        return position
    }

    private static func starts(with pattern: [UInt8], in body: [UInt8], at position: Int) -> Bool {
        position >= 0 && position + pattern.count <= body.count && body[position..<position + pattern.count].elementsEqual(pattern)
    }

    /// The index of the first occurrence of `pattern` at or after `start`; with `atLineStart`,
    /// only at the very start of the body or right after a CRLF.
    private static func first(_ pattern: [UInt8], in body: [UInt8], from start: Int, atLineStart: Bool) -> Int? {
        guard let head = pattern.first, body.count >= pattern.count else { return nil }
        var index = max(start, 0)
        while index + pattern.count <= body.count {
            if body[index] == head && starts(with: pattern, in: body, at: index)
                && (!atLineStart || index == 0 || (index >= 2 && body[index - 2] == 0x0D && body[index - 1] == 0x0A)) {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension Request {
    /// The boundary of a `multipart/form-data` body, or nil for another media type.
    var multipartBoundary: String? {
        guard mediaType == "multipart/form-data", let contentType = headers["Content-Type"] else { return nil }
        return MultipartForm.parameters(of: contentType)["boundary"]
    }

    /// Parses a `multipart/form-data` body.
    /// - Throws: ``HTTPError`` 415 for another content type, 400 for a malformed body.
    public func multipartForm() throws(HTTPError) -> MultipartForm {
        guard let boundary = multipartBoundary else {
            throw HTTPError(.unsupportedMediaType, message: "expected a multipart/form-data body with a boundary")
        }
        return try MultipartForm(body: body, boundary: boundary)
    }
}
