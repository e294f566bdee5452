import Foundation
import HTTPServer

/// A response as a test sees it, whichever way it travelled: status, header fields in order, body.
public struct TestResponse: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: [UInt8]

    public init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of the header field `name` (case-insensitive).
    public func header(_ name: String) -> String? { headers[name] }

    /// The values of every `Set-Cookie` named `name`.
    public func setCookies(_ name: String) -> [String] {
        headers.values(for: "Set-Cookie").compactMap { value -> String? in
            let pair = value.split(separator: ";", maxSplits: 1)[0]
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { return nil }
            return String(parts[1])
        }
    }

    /// The body parsed as JSON (any value, fragments allowed).
    public func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }

    /// The body parsed as a JSON object.
    /// - Throws: ``TestClientError`` when the body is JSON but not an object.
    public func object() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else { throw TestClientError(description: "not a JSON object: \(text)") }
        return object
    }
}
