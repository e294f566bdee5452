/// A matched route: what the server needs before reading the body, and the handler to call
/// (already wrapped in every middleware).
struct RouteMatch: Sendable {
    let handler: Handler
    let context: RequestContext
    let maxBodyBytes: Int?
}

/// The frozen, immutable routing trie built from a ``Router``.
struct RouteTable: Sendable {
    private final class Node: @unchecked Sendable {
        // Mutated only while the table is being built, then read-only.
        var literals: [String: Node] = [:]
        var parameter: (name: String, node: Node)?
        var catchAll: (name: String, routes: [HTTPMethod: Route])?
        var routes: [HTTPMethod: Route] = [:]
    }

    private struct Route: Sendable {
        let pattern: String
        let maxBodyBytes: Int?
        let handler: Handler
    }

    private let root = Node()
    let trailingSlash: TrailingSlashPolicy
    /// The middleware around every dispatch: `outer` (the server's), then the router's. Each
    /// route's handler is wrapped in it once, here, so a request builds no chain of its own; a
    /// ``RouteScopedMiddleware`` is left out of the routes it does not apply to.
    let middleware: [any Middleware]

    init(_ router: Router, outer: [any Middleware] = []) {
        trailingSlash = router.trailingSlash
        middleware = outer + router.middleware
        for entry in router.entries {
            var node = root
            let segments = entry.pattern.split(separator: "/")
            let route = Route(pattern: entry.pattern, maxBodyBytes: entry.maxBodyBytes,
                              handler: middleware.applying(toRoute: entry.pattern).wrapping(entry.handler))
            var isCatchAll = false
            for (i, segment) in segments.enumerated() {
                if segment.hasPrefix("*"), i == segments.count - 1 {
                    var routes = node.catchAll?.routes ?? [:]
                    routes[entry.method] = route
                    node.catchAll = (String(segment.dropFirst()), routes)
                    isCatchAll = true
                } else if segment.hasPrefix(":") {
                    // Routes sharing a parameter position share its node (and its first name).
                    let next = node.parameter?.node ?? Node()
                    if node.parameter == nil { node.parameter = (String(segment.dropFirst()), next) }
                    node = next
                } else {
                    let next = node.literals[String(segment)] ?? Node()
                    node.literals[String(segment)] = next
                    node = next
                }
            }
            if !isCatchAll { node.routes[entry.method] = route }
        }
    }

    enum Lookup {
        case found(RouteMatch)
        /// The path exists for other methods.
        case methodNotAllowed(allow: [HTTPMethod])
        case redirect(String)
        case notFound
        /// A segment is not valid percent-encoded UTF-8.
        case badPath
    }

    func lookup(method: HTTPMethod, path: String) -> Lookup {
        var segments: [Substring] = path.split(separator: "/", omittingEmptySubsequences: false)
        segments.removeFirst()  // the path starts with "/"
        var hadTrailingSlash = false
        if segments.last == "" {
            segments.removeLast()
            hadTrailingSlash = !segments.isEmpty
        }
        guard let decoded = Self.decode(segments) else { return .badPath }
        guard let (routes, params) = match(decoded) else { return .notFound }
        if hadTrailingSlash {
            switch trailingSlash {
            case .strict: return .notFound
            case .ignore: break
            case .redirect:
                // `//host/` is no page of ours: never answer it with a redirect to `//host`.
                let target = String(path.dropLast())
                guard RedirectTarget.isLocal(target) else { return .notFound }
                return .redirect(target)
            }
        }
        let chosen = routes[method] ?? (method == .head ? routes[.get] : nil)
        guard let route = chosen else {
            var allow = Set(routes.keys)
            if allow.contains(.get) { allow.insert(.head) }
            allow.insert(.options)
            return .methodNotAllowed(allow: allow.sorted { $0.rawValue < $1.rawValue })
        }
        return .found(RouteMatch(handler: route.handler,
                                 context: RequestContext(parameters: params, route: route.pattern),
                                 maxBodyBytes: route.maxBodyBytes))
    }

    private static func decode(_ segments: [Substring]) -> [String]? {
        var out: [String] = []
        out.reserveCapacity(segments.count)
        for s in segments {
            guard let d = PercentDecoding.decode(s) else { return nil }
            out.append(d)
        }
        return out
    }

    /// Literal segments win over parameters, parameters over a catch-all.
    private func match(_ segments: [String]) -> ([HTTPMethod: Route], PathParameters)? {
        var params = PathParameters()
        return match(segments[...], node: root, params: &params).map { ($0, params) }
    }

    private func match(_ segments: ArraySlice<String>, node: Node, params: inout PathParameters) -> [HTTPMethod: Route]? {
        guard let segment = segments.first else {
            if !node.routes.isEmpty { return node.routes }
            if let catchAll = node.catchAll {
                params.append(catchAll.name, "")
                return catchAll.routes
            }
            return nil
        }
        let rest = segments.dropFirst()
        if let next = node.literals[segment], let found = match(rest, node: next, params: &params) { return found }
        if let (name, next) = node.parameter, !segment.isEmpty {
            let saved = params
            params.append(name, segment)
            if let found = match(rest, node: next, params: &params) { return found }
            params = saved
        }
        if let catchAll = node.catchAll {
            params.append(catchAll.name, segments.joined(separator: "/"))
            return catchAll.routes
        }
        return nil
    }
}
