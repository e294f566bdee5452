/// A request handler: the unit every route and middleware chain reduces to.
public typealias Handler = @Sendable (Request, RequestContext) async throws -> Response

/// Cross-cutting behaviour wrapped around handlers (authentication, headers, CSRF, ...).
///
/// Call `next` to continue down the chain, possibly with a modified request or context,
/// or return a response without calling it to short-circuit.
public protocol Middleware: Sendable {
    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response
}

/// Middleware that concerns only some routes. When the route table is built, it is left out of the
/// chain of every route it does not apply to, so other requests neither run it nor pay for it.
/// Requests that match no route (404, 405, redirects) still pass through it: its `handle` must
/// itself let through what it does not concern.
public protocol RouteScopedMiddleware: Middleware {
    /// Whether requests routed to `pattern` (`"/api/courses/:course"`) go through this middleware.
    func applies(toRoute pattern: String) -> Bool
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
    /// The middleware a route with `pattern` goes through: all but the scoped ones that do not
    /// apply to it. A catch-all route (`/*path`) keeps them all, as its paths are not known here.
    func applying(toRoute pattern: String) -> [any Middleware] {
        if pattern.contains("/*") { return self }
        return filter { ($0 as? any RouteScopedMiddleware)?.applies(toRoute: pattern) ?? true }
    }

    /// Wraps `handler` so the first middleware runs first.
    func wrapping(_ handler: @escaping Handler) -> Handler {
        reversed().reduce(handler) { next, middleware in
            { request, context in try await middleware.handle(request, context: context, next: next) }
        }
    }
}
