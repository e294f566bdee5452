import Captions
import HTTPServer
import JSON
import Store

/// A lecture as an instructor sends it, through `PUT /api/courses/:course/lectures/:number` or the
/// lecture form: the metadata and the caption and transcript texts, not parsed yet.
struct LectureUpload: Sendable {
    /// Caption text and its format; a nil format is detected from the content.
    struct CaptionText: Sendable {
        var format: CaptionFormat?
        var text: String
        /// The captions' language tag; nil: `en`.
        var language: String? = nil
        /// How an uploaded file's bytes were decoded into `text`, for the report.
        var encoding: CaptionEncoding = .utf8
    }

    var title: String
    /// `YYYY-MM-DD`.
    var date: String?
    /// An `http` or `https` URL.
    var videoURL: String?
    /// Nil: the lecture has no captions.
    var captions: CaptionText?
    /// Markdown; nil: the lecture has no transcript.
    var transcript: String?

    /// The largest JSON body accepted: captions and transcript together.
    static let maxBodyBytes = 8 << 20

    /// The caption format names of the API and the form, in display order.
    static let formatNames: [(name: String, format: CaptionFormat)] = [("plain", .plain), ("vtt", .webVTT), ("srt", .srt)]

    /// `vtt` for WebVTT, `plain`, `srt`.
    static func name(of format: CaptionFormat) -> String {
        formatNames.first { $0.format == format }?.name ?? format.rawValue
    }

    /// The format named `name` (`plain`, `vtt`, `srt`), nil for another name.
    static func format(named name: String) -> CaptionFormat? {
        formatNames.first { $0.name == name }?.format
    }

    /// An upload; caption and transcript texts that are empty or only white space mean "none".
    init(title: String, date: String?, videoURL: String?, captions: CaptionText?, transcript: String?) {
        self.title = title
        self.date = date
        self.videoURL = videoURL
        self.captions = captions.flatMap { Self.isBlank($0.text) ? nil : $0 }
        self.transcript = transcript.flatMap { Self.isBlank($0) ? nil : $0 }
    }

    /// Reads the JSON body `{"title", "date", "video", "captions": {"format", "text", "language"} | null, "transcript"}`.
    /// - Throws: ``HTTPError`` 415 (not JSON), 413 (too large), 400 (malformed, or a field of the wrong
    ///   type or unknown, naming its path).
    init(request: Request) throws(HTTPError) {
        let limits = JSONLimits(maxBytes: Self.maxBodyBytes, maxDepth: 4, maxStringBytes: Self.maxBodyBytes, maxElements: 64)
        let root = JSONNode(try request.json(limits: limits))
        do {
            try root.checkKeys(allowed: ["title", "date", "video", "captions", "transcript"])
            var captions: CaptionText?
            if let node = try root.optional("captions") {
                try node.checkKeys(allowed: ["format", "text", "language"])
                let format = try node.optional("format")?.string(oneOf: Self.formatNames.map(\.name))
                captions = CaptionText(format: format.flatMap(Self.format(named:)), text: try node.required("text").string(),
                                       language: try node.optionalString("language"))
            }
            self.init(title: try root.required("title").string(), date: try root.optionalString("date"),
                      videoURL: try root.optionalString("video"), captions: captions,
                      transcript: try root.optionalString("transcript"))
        } catch {
            throw HTTPError.badRequest(error.description, code: "invalid_body")
        }
    }

    /// Parses the captions and the transcript and computes the search stems, as `lectern import lecture`
    /// does with files: CPU-heavy for long lectures, so run it on a worker thread.
    /// - Throws: ``LectureUploadError`` naming the field (and the line of text that does not parse).
    func prepare(number: Int) throws(LectureUploadError) -> PreparedUpload {
        var loaded = LoadedLecture(content: LectureContent(number: number, title: title, date: date, videoURL: videoURL,
                                                           captionLanguage: captions?.language ?? "en"),
                                   captionFormat: nil, skippedLines: [])
        do {
            try loaded.content.validate()
        } catch {
            throw LectureUploadError(refused: error)
        }
        if let captions {
            let document: CaptionDocument
            do {
                if let format = captions.format {
                    document = try CaptionParser.parse(captions.text, as: format)
                } else {
                    document = try CaptionParser.parse(captions.text)
                }
            } catch {
                throw LectureUploadError(field: "captions", unreadable: error)
            }
            loaded.take(document)
            if captions.encoding != .utf8 { loaded.encoding = captions.encoding }
        }
        if let transcript {
            do {
                loaded.content.transcript = try Transcript(markdown: transcript)
            } catch {
                throw LectureUploadError(field: "transcript", unreadable: error)
            }
        }
        do {
            return PreparedUpload(loaded: loaded, lecture: try PreparedLecture(loaded.content))
        } catch {
            throw LectureUploadError(refused: error)
        }
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0 == "\u{FEFF}" }
    }
}

/// An upload read and ready to store: what was read and skipped, and the lecture with its stems.
struct PreparedUpload: Sendable {
    let loaded: LoadedLecture
    let lecture: PreparedLecture
}

/// An upload that cannot be imported: the field, the line of text that does not parse, and what is wrong.
struct LectureUploadError: Error, Sendable, CustomStringConvertible {
    /// `captions`, `transcript`, `title`, `date`, `video`, `number`.
    let field: String
    /// The line of the captions or transcript text, when it does not parse.
    let line: Int?
    let message: String
    /// 400 for text that does not parse, 422 for a refused value, 409 for a lecture that exists already.
    let status: HTTPStatus

    /// The API's error code: `invalid_captions`, `invalid_transcript`, `exists`, or `invalid` for a refused value.
    var code: String {
        if status == .badRequest { return "invalid_\(field)" }
        return status == .conflict ? "exists" : "invalid"
    }

    var description: String {
        if let line { return "\(field) line \(line): \(message)" }
        return "\(field): \(message)"
    }

    /// Caption or transcript text that does not parse.
    init(field: String, unreadable error: CaptionError) {
        self.init(field: field, line: error.line, message: error.message, status: .badRequest)
    }

    /// A value the store refuses (title, date, video URL, number).
    init(refused error: ValidationError) {
        self.init(field: error.field, line: nil, message: error.message, status: .unprocessableContent)
    }

    init(field: String, line: Int?, message: String, status: HTTPStatus) {
        self.field = field
        self.line = line
        self.message = message
        self.status = status
    }

    /// The form for a new lecture names a number that is taken.
    static func exists(_ number: Int) -> LectureUploadError {
        LectureUploadError(field: "number", line: nil, message: "lecture \(number) exists already; edit it instead",
                           status: .conflict)
    }
}
