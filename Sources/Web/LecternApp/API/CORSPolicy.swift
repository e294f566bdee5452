import Foundation
import HTTPServer

/// Cross-origin reads of the public, read-only API: caption search and lectures, so that course
/// sites and LMS pages can embed them. Only origins listed in `--cors-origins` get an
/// `Access-Control-Allow-Origin` (their own origin echoed, or `*` when the list is `*`), never with
/// credentials: a browser sends no cookie and no `Authorization` to these routes cross-origin.
/// Preflights (`OPTIONS` with `Access-Control-Request-Method`) are answered 204 for `GET` and
/// `HEAD`. Every other route stays same-origin: it gets no CORS header whatever the origin.
struct CORSPolicy: RouteScopedMiddleware {
    /// Only the public reads are opened to other sites.
    func applies(toRoute pattern: String) -> Bool { Self.isPublicRead(pattern) }

    /// The request headers a cross-origin page may send.
    static let allowedRequestHeaders = ["accept", "accept-language", "if-none-match"]
    /// The response headers a cross-origin page may read besides the simple ones.
    static let exposedHeaders = "ETag, Link, RateLimit, RateLimit-Policy, Retry-After"
    /// Seconds a browser may remember a preflight.
    static let preflightMaxAge = 600

    /// Origins as configured (`https://course.example.edu`), or `*` for any.
    let origins: [String]

    init(origins: [String]) {
        self.origins = origins.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    /// Whether `path` is one of the public read-only routes open to other origins:
    /// `/api/search`, `/api/courses/:course/lectures` and `/api/courses/:course/lectures/:number`
    /// (also under `/api/v1/`).
    static func isPublicRead(_ path: String) -> Bool {
        let segments = APIPath.unversioned(path).split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let parts = Array(segments)
        guard parts.first == "api", !parts.contains("") else { return false }
        if parts == ["api", "search"] { return true }
        return (parts.count == 4 || parts.count == 5) && parts[1] == "courses" && parts[3] == "lectures"
    }

    /// The `Access-Control-Allow-Origin` value for `origin`, or nil when it is not allowed.
    func allowedOrigin(_ origin: String) -> String? {
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        guard Self.isPublicRead(request.path) else { return try await next(request, context) }
        let allowed = request.headers["Origin"].flatMap(allowedOrigin)
        if request.method == .options, let method = request.headers["Access-Control-Request-Method"] {
            var response = Response(status: .noContent, headers: ["Allow": "GET, HEAD, OPTIONS", "Vary": "Origin"])
            let requested = (request.headers["Access-Control-Request-Headers"] ?? "").lowercased()
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard let allowed, ["GET", "HEAD"].contains(method),
                  requested.allSatisfy({ Self.allowedRequestHeaders.contains($0) }) else { return response }
            response.headers.add("Access-Control-Allow-Origin", allowed)
            response.headers.add("Access-Control-Allow-Methods", "GET, HEAD")
            response.headers.add("Access-Control-Allow-Headers", Self.allowedRequestHeaders.joined(separator: ", "))
            response.headers.add("Access-Control-Max-Age", String(Self.preflightMaxAge))
            return response
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let thrown as any HTTPResponseError {
            var error = HTTPError(thrown)
            error.headers.add("Vary", "Origin")
            if let allowed {
                error.headers.add("Access-Control-Allow-Origin", allowed)
                error.headers.add("Access-Control-Expose-Headers", Self.exposedHeaders)
            }
            throw error
        }
        response.headers.add("Vary", "Origin")
        if let allowed {
            response.headers.add("Access-Control-Allow-Origin", allowed)
            response.headers.add("Access-Control-Expose-Headers", Self.exposedHeaders)
        }
        return response
    }
}
