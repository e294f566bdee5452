import Foundation
import HTTPServer

/// An opaque position in a list that grows (search hits, submissions, the gradebook, the audit
/// log): the client passes back the `cursor` of the `next` link as it is. Inside it is the list's
/// name, what the list was asked for (so a cursor cannot be replayed on another list or query)
/// and the sort key of the last item given, base64url-encoded; the list answers the items after
/// that key in its fixed order, so a page never repeats or skips an item that existed before it.
struct Cursor: Equatable {
    /// Which list it belongs to, e.g. `audit`.
    var list: String
    /// A fingerprint of the list's parameters (course, exercise, user, query).
    var scope: String
    /// The sort key of the last item given.
    var key: String

    /// Longest cursor accepted.
    static let maxLength = 512

    /// The text clients see.
    var encoded: String {
        let raw = Data("\(list)\n\(scope)\n\(key)".utf8).base64EncodedString()
        return raw.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor of `list` for `scope`.
    /// - Throws: 400 naming the `cursor` parameter when it is malformed or belongs elsewhere.
    init(decoding text: String, list: String, scope: String) throws(HTTPError) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        guard text.utf8.count <= Self.maxLength, let data = Data(base64Encoded: base64),
              let decoded = String(data: data, encoding: .utf8) else {
            throw Self.invalid("is not a cursor this API gave out")
        }
        let parts = decoded.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == list else { throw Self.invalid("belongs to another list") }
        guard parts[1] == scope else { throw Self.invalid("belongs to another query of this list; start again without it") }
        self.init(list: list, scope: scope, key: parts[2])
    }

    init(list: String, scope: String, key: String) {
        self.list = list
        self.scope = scope
        self.key = key
    }

    static func invalid(_ message: String) -> HTTPError {
        HTTPError(.badRequest, code: "invalid_cursor", message: "cursor: \(message)",
                  errors: [HTTPError.FieldError(field: "cursor", message: message)])
    }
}

/// The `cursor` and `limit` query parameters of a paged list, and how its `next` link is made.
struct PageRequest {
    /// The cursor given, or nil for the first page.
    let cursor: Cursor?
    /// Items per page.
    let limit: Int

    /// Reads `cursor` and `limit` (1 to `maxLimit`, default `defaultLimit`).
    /// - Throws: 400 naming the parameter.
    init(_ query: FormParameters, list: String, scope: String, defaultLimit: Int, maxLimit: Int) throws(HTTPError) {
        if let text = query["limit"], !text.isEmpty {
            guard let value = Int(text), (1...maxLimit).contains(value) else {
                let message = "expected a whole number from 1 to \(maxLimit), got \(text.prefix(40))"
                throw HTTPError(.badRequest, code: "invalid_limit", message: "limit: \(message)",
                                errors: [HTTPError.FieldError(field: "limit", message: message)])
            }
            limit = value
        } else {
            limit = defaultLimit
        }
        if let text = query["cursor"], !text.isEmpty {
            cursor = try Cursor(decoding: text, list: list, scope: scope)
        } else {
            cursor = nil
        }
    }

    /// The link to the page after the one whose last key is `lastKey`: the request's own path and
    /// query with `cursor` replaced (and `offset` dropped).
    static func nextLink(_ request: Request, cursor: Cursor) -> String {
        var pairs = request.query.pairs.filter { $0.name != "cursor" && $0.name != "offset" }
        pairs.append((name: "cursor", value: cursor.encoded))
        let query = pairs.map { "\(PathEncoding.queryValue($0.name))=\(PathEncoding.queryValue($0.value))" }.joined(separator: "&")
        return request.path + "?" + query
    }
}

extension Response {
    /// The response with a `Link: <next>; rel="next"` header when there is a next page.
    func withNextLink(_ next: String?) -> Response {
        guard let next else { return self }
        return withHeader("Link", "<\(next)>; rel=\"next\"")
    }
}
