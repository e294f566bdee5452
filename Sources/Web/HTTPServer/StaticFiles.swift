/// Serves files under a root directory: `Content-Type` by extension, `ETag` / `If-None-Match`
/// → 304, `Last-Modified` / `If-Modified-Since`, `Cache-Control`. No directory listings, and no
/// way out of the root: `..` and `.` segments (also percent-encoded), NUL, backslashes and
/// symlinks resolving outside the root all answer 404.
public struct StaticFiles: Sendable {
    /// The canonical (symlink-free) root directory.
    public let root: String
    public let cacheControl: String
    /// Files larger than this are refused with 404 rather than loaded.
    public let maxFileBytes: Int

    /// - Parameter root: the directory to serve; it must exist.
    public init(root: String, cacheControl: String = "public, max-age=3600", maxFileBytes: Int = 64 << 20) {
        self.root = Platform.realPath(root) ?? root
        self.cacheControl = cacheControl
        self.maxFileBytes = maxFileBytes
    }

    /// The response for `relativePath` (already percent-decoded, "/"-separated).
    /// - Throws: ``HTTPError`` 404 for anything missing, hidden behind traversal, or not a regular file.
    public func response(for relativePath: String, request: Request) throws(HTTPError) -> Response {
        let notFound = HTTPError.notFound("No such file.")
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !relativePath.utf8.contains(0), !relativePath.contains("\\"),
              segments.allSatisfy({ $0 != "." && $0 != ".." }) else { throw notFound }
        let candidate = root + "/" + segments.joined(separator: "/")
        guard let real = Platform.realPath(candidate), real.hasPrefix(root + "/"),
              let file = Platform.openRegularFile(real, maxBytes: maxFileBytes) else { throw notFound }
        let etag = "\"\(String(file.size, radix: 16))-\(String(file.modifiedSeconds, radix: 16))-"
            + "\(String(file.modifiedNanoseconds, radix: 16))\""
        let lastModified = HTTPDate.format(secondsSince1970: file.modifiedSeconds)
        let headers: HTTPHeaders = ["ETag": etag, "Last-Modified": lastModified, "Cache-Control": cacheControl]
        let type = Self.contentType(forPath: real)

        if let inm = request.headers["If-None-Match"] {
            let tags = inm.split(separator: ",").map { ASCII.trimmed($0) }
            if tags.contains(where: { $0 == "*" || $0 == etag || $0 == "W/" + etag }) {
                return Response(status: .notModified, headers: headers)
            }
        } else if request.headers["If-Modified-Since"] == lastModified {
            return Response(status: .notModified, headers: headers)
        }
        guard let bytes = file.readAll() else {
            throw HTTPError(.internalServerError, message: "The file could not be read.")
        }
        return Response(status: .ok, contentType: type, headers: headers, body: .bytes(bytes))
    }

    /// The media type for a file name's extension ("application/octet-stream" when unknown).
    public static func contentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8", "xml": "application/xml",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff", "woff2": "font/woff2",
        "ttf": "font/ttf", "otf": "font/otf", "wasm": "application/wasm", "pdf": "application/pdf",
        "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "ogg": "audio/ogg", "wav": "audio/wav",
        "vtt": "text/vtt; charset=utf-8", "srt": "application/x-subrip", "zip": "application/zip",
    ]
}

extension RouteRegistrar {
    /// Serves `root` under `prefix` (`GET prefix/*path`, HEAD included).
    public func staticFiles(_ prefix: String, root: String, cacheControl: String = "public, max-age=3600") {
        let files = StaticFiles(root: root, cacheControl: cacheControl)
        let pattern = Router.normalize(prefix) == "/" ? "/*path" : Router.normalize(prefix) + "/*path"
        get(pattern) { request, context in
            try files.response(for: context.parameters["path"] ?? "", request: request)
        }
    }
}
