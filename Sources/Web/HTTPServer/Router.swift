/// What to do with a request path that only matches a route once its trailing slash is removed.
public enum TrailingSlashPolicy: Sendable {
    /// 404: "/a/" and "/a" are different paths.
    case strict
    /// Serve "/a/" as "/a".
    case ignore
    /// Redirect "/a/" to "/a" (308, so the method and body are kept).
    case redirect
}

/// Anything routes can be registered on: the ``Router`` itself or a ``RouteGroup``.
public protocol RouteRegistrar {
    /// Registers `handler` for `method` and `pattern` relative to this registrar.
    /// - Parameter maxBodyBytes: the largest accepted request body for this route (nil: the server default).
    func on(_ method: HTTPMethod, _ pattern: String, maxBodyBytes: Int?, _ handler: @escaping Handler)
}

extension RouteRegistrar {
    // Hummingbird's shape: a trailing closure (`router.get("/health") { _, _ in .text("ok") }`) or
    // a named handler, as controllers register theirs (`router.get("/courses/:course/gradebook",
    // use: page)`, where `page` is a method `func page(_ request: Request, context: RequestContext)
    // async throws -> Response`).

    public func get(_ pattern: String, maxBodyBytes: Int? = nil, use handler: @escaping Handler) {
        on(.get, pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    public func post(_ pattern: String, maxBodyBytes: Int? = nil, use handler: @escaping Handler) {
        on(.post, pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    public func put(_ pattern: String, maxBodyBytes: Int? = nil, use handler: @escaping Handler) {
        on(.put, pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    public func delete(_ pattern: String, maxBodyBytes: Int? = nil, use handler: @escaping Handler) {
        on(.delete, pattern, maxBodyBytes: maxBodyBytes, handler)
    }
    public func patch(_ pattern: String, maxBodyBytes: Int? = nil, use handler: @escaping Handler) {
        on(.patch, pattern, maxBodyBytes: maxBodyBytes, handler)
    }
}

/// Collects routes and middleware. Patterns are "/"-separated segments: literals, `:name`
/// parameters and a final `*name` catch-all (`/static/*path`).
///
/// ```swift
/// let router = Router()
/// router.use(RequireLogin())
/// router.get("/api/lectures/:id") { request, context in
///     let id = try context.parameters.int("id")
///     return .json(try store.lecture(id))
/// }
/// let api = router.group("/api/admin", middleware: [RequireAdmin()])
/// api.post("/courses") { ... }
/// let staff = router.group(middleware: [RequireStaff()])   // no prefix: middleware only
/// staff.get("/courses/:course/gradebook", use: gradebook.show)
/// ```
///
/// Register everything before starting the server; the server takes a frozen copy.
public final class Router: RouteRegistrar {
    struct Entry {
        let method: HTTPMethod
        let pattern: String
        let maxBodyBytes: Int?
        let handler: Handler
    }

    private(set) var entries: [Entry] = []
    private(set) var middleware: [any Middleware] = []
    /// How "/a/" is treated when only "/a" is routed.
    public var trailingSlash: TrailingSlashPolicy

    public init(trailingSlash: TrailingSlashPolicy = .redirect) {
        self.trailingSlash = trailingSlash
    }

    /// Adds middleware around every request, including 404 and 405 answers (a
    /// ``RouteScopedMiddleware`` only around the routes it applies to). First added runs first.
    public func use(_ middleware: any Middleware) { self.middleware.append(middleware) }

    public func on(_ method: HTTPMethod, _ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        entries.append(Entry(method: method, pattern: Self.normalize(pattern), maxBodyBytes: maxBodyBytes, handler: handler))
    }

    /// A group of routes under `prefix`, wrapped in `middleware` (after the router's own). Without a
    /// prefix, routes keep their full paths and the group only adds middleware:
    /// `router.group(middleware: [RequireStaff()]).get("/courses/:course/gradebook", use: show)`.
    public func group(_ prefix: String = "/", middleware: [any Middleware] = []) -> RouteGroup {
        RouteGroup(router: self, prefix: Self.normalize(prefix), middleware: middleware)
    }

    /// Every registered route, in registration order: what a description of the API (or a test
    /// that holds one to the code) walks.
    public var routes: [(method: HTTPMethod, pattern: String)] { entries.map { ($0.method, $0.pattern) } }

    /// Serves every route registered so far under `prefix` also under `aliasPrefix`, with the same
    /// handler and body limit: `alias("/api/", as: "/api/v1/")` makes `/api/v1/courses` answer as
    /// `/api/courses`. Routes already under `aliasPrefix` and routes that already have their alias
    /// are left alone. Call it after registering the routes it should cover.
    public func alias(_ prefix: String, as aliasPrefix: String) {
        var taken = Set(entries.map { "\($0.method.rawValue) \($0.pattern)" })
        for entry in entries where entry.pattern.hasPrefix(prefix) && !entry.pattern.hasPrefix(aliasPrefix) {
            let pattern = Self.normalize(aliasPrefix + entry.pattern.dropFirst(prefix.count))
            guard taken.insert("\(entry.method.rawValue) \(pattern)").inserted else { continue }
            entries.append(Entry(method: entry.method, pattern: pattern, maxBodyBytes: entry.maxBodyBytes, handler: entry.handler))
        }
    }

    /// "/a/b/" → "/a/b"; "" → "/".
    static func normalize(_ pattern: String) -> String {
        var p = pattern.hasPrefix("/") ? pattern : "/" + pattern
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p
    }
}

/// Routes sharing a path prefix and middleware.
public struct RouteGroup: RouteRegistrar {
    let router: Router
    let prefix: String
    let middleware: [any Middleware]

    public func on(_ method: HTTPMethod, _ pattern: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler) {
        let joined = Router.normalize(pattern) == "/" ? prefix : (prefix == "/" ? "" : prefix) + Router.normalize(pattern)
        router.on(method, joined, maxBodyBytes: maxBodyBytes, middleware.wrapping(handler))
    }

    /// A nested group; its middleware runs after this group's. Without a prefix it only adds middleware.
    public func group(_ prefix: String = "/", middleware: [any Middleware] = []) -> RouteGroup {
        let p = Router.normalize(prefix)
        return RouteGroup(router: router, prefix: (self.prefix == "/" ? "" : self.prefix) + (p == "/" ? "" : p),
                          middleware: self.middleware + middleware)
    }
}
