/// A request handler: the unit every route and middleware chain reduces to.
public typealias Handler = @Sendable (Request, RequestContext) async throws -> Response

/// Cross-cutting behaviour wrapped around handlers (authentication, headers, CSRF, ...).
///
/// Call `next` to continue down the chain, possibly with a modified request or context,
/// or return a response without calling it to short-circuit.
public protocol Middleware: Sendable {
    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response
}

/// A middleware from a closure.
public struct ClosureMiddleware: Middleware {
    private let body: @Sendable (Request, RequestContext, Handler) async throws -> Response

    public init(_ body: @escaping @Sendable (Request, RequestContext, Handler) async throws -> Response) {
        self.body = body
    }

    public func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        try await body(request, context, next)
    }
}

extension Array where Element == any Middleware {
    /// Wraps `handler` so the first middleware runs first.
    func wrapping(_ handler: @escaping Handler) -> Handler {
        reversed().reduce(handler) { next, middleware in
            { request, context in try await middleware.handle(request, context: context, next: next) }
        }
    }
}
