/// An HTTP request method (RFC 9110 §9). Methods are case-sensitive tokens.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let trace = HTTPMethod(rawValue: "TRACE")
    public static let connect = HTTPMethod(rawValue: "CONNECT")

    public var description: String { rawValue }

    /// Interns the common methods so parsing them allocates nothing.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPMethod {
        switch bytes.count {
        case 3 where bytes.elementsEqual("GET".utf8): return .get
        case 3 where bytes.elementsEqual("PUT".utf8): return .put
        case 4 where bytes.elementsEqual("POST".utf8): return .post
        case 4 where bytes.elementsEqual("HEAD".utf8): return .head
        case 5 where bytes.elementsEqual("PATCH".utf8): return .patch
        case 6 where bytes.elementsEqual("DELETE".utf8): return .delete
        case 7 where bytes.elementsEqual("OPTIONS".utf8): return .options
        default: return HTTPMethod(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// The HTTP protocol version of a request.
public enum HTTPVersion: Sendable, Equatable {
    case http1_0
    case http1_1
}
