import Foundation
import Digest
import HTTPServer

/// What clients and proxies may keep of API answers. Anything under `/api/` is personal or
/// changing unless its route says otherwise, so it gets `Cache-Control: private, no-store` by
/// default (errors too); public lecture, course and caption data is marked cacheable by its
/// route with ``Response/publicCacheable(for:)``, which also answers `If-None-Match` with 304.
struct APICachePolicy: RouteScopedMiddleware {
    /// Only API routes get the default.
    func applies(toRoute pattern: String) -> Bool { APIPath.isAPI(pattern) }

    /// The default for API answers.
    static let personal = "private, no-store"

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        guard APIPath.isAPI(request.path) else { return try await next(request, context) }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let thrown as any HTTPResponseError {
            var error = HTTPError(thrown)
            if error.headers["Cache-Control"] == nil { error.headers.add("Cache-Control", Self.personal) }
            throw error
        }
        if response.headers["Cache-Control"] == nil { response.headers.add("Cache-Control", Self.personal) }
        return response
    }
}

extension Response {
    /// How long a shared cache may use public lecture data before asking again (with `If-None-Match`).
    static let publicMaxAge = 60

    /// The response as public, cacheable data with a strong `ETag` (a hash of its body): `304 Not
    /// Modified` without a body when the request's `If-None-Match` names that tag (or is `*`).
    func publicCacheable(for request: Request) -> Response {
        guard let bytes = bodyBytes, status == .ok else { return self }
        let tag = "\"" + Hex.encode(SHA256.hash(bytes).prefix(16)) + "\""
        let cacheControl = "public, max-age=\(Self.publicMaxAge)"
        if let condition = request.headers["If-None-Match"], Self.matches(condition, tag) {
            var notModified = Response(status: .notModified, headers: headers)
            notModified.headers.add("ETag", tag)
            notModified.headers.add("Cache-Control", cacheControl)
            return notModified
        }
        return withHeader("ETag", tag).withHeader("Cache-Control", cacheControl)
    }

    /// `If-None-Match` semantics (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }
}
