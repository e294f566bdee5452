/// A key for a typed per-request value stored in ``RequestContext``.
///
/// ```swift
/// enum CurrentUser: ContextKey { typealias Value = User }
/// context[CurrentUser.self] = user          // in a middleware
/// let user = context[CurrentUser.self]      // in a handler
/// ```
public protocol ContextKey {
    associatedtype Value: Sendable
}

/// Path parameters captured by the route pattern, percent-decoded, in pattern order.
public struct PathParameters: Sendable {
    public private(set) var pairs: [(name: String, value: String)] = []

    public init(_ pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

    public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// The parameter `name` as a string.
    /// - Throws: ``HTTPError`` 400 when absent.
    public func require(_ name: String) throws(HTTPError) -> String {
        guard let v = self[name] else {
            throw HTTPError(.badRequest, message: "missing path parameter '\(name)'",
                            errors: [HTTPError.FieldError(field: name, message: "missing")])
        }
        return v
    }

    /// The parameter `name` as an integer.
    /// - Throws: ``HTTPError`` 400 when absent or not an integer.
    public func int(_ name: String) throws(HTTPError) -> Int {
        guard let v = Int(try require(name)) else {
            throw HTTPError(.badRequest, message: "path parameter '\(name)' must be an integer",
                            errors: [HTTPError.FieldError(field: name, message: "must be an integer")])
        }
        return v
    }

    mutating func append(_ name: String, _ value: String) { pairs.append((name: name, value: value)) }
}

/// Per-request state passed to middleware and handlers: path parameters, the matched route
/// and typed values set by middleware.
public struct RequestContext: Sendable {
    public var parameters: PathParameters
    /// The matched route pattern ("/api/lectures/:id"), nil when nothing matched.
    public var route: String?
    /// When the request's head arrived, in monotonic seconds.
    public internal(set) var receivedAt = 0.0
    /// The event loop that read the request (the shard its metrics and log line go to).
    var loopIndex = 0
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init(parameters: PathParameters = PathParameters(), route: String? = nil) {
        self.parameters = parameters
        self.route = route
    }

    public subscript<K: ContextKey>(key: K.Type) -> K.Value? {
        get { values[ObjectIdentifier(key)] as? K.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
