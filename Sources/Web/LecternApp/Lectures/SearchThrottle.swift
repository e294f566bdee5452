import HTTPServer

/// Limits how often one client may search (`/api/search`, `/api/v1/search` and the `/search` page,
/// one budget for all): a token bucket per client address, 429 with `Retry-After` beyond it. Every
/// search answer carries `RateLimit-Policy` and `RateLimit` (IETF draft `ratelimit-headers`) so that
/// clients can slow down before they are refused. Searches are the reads a client can make
/// expensive, and they share the database readers with everyone.
struct SearchThrottle: RouteScopedMiddleware {
    /// Only searches are throttled.
    func applies(toRoute pattern: String) -> Bool { Self.routes.contains(pattern) }

    /// The route patterns that count as a search.
    static let routes: Set<String> = ["/api/search", "/api/v1/search", "/search"]

    private let limit: RateLimitMiddleware

    /// Nil when the configuration turns the limit off (a rate of 0).
    init?(_ configuration: AppConfiguration) {
        guard configuration.searchRatePerSecond > 0 else { return nil }
        let limiter = RateLimiter(ratePerSecond: Double(configuration.searchRatePerSecond),
                                  burst: max(1, configuration.searchBurst))
        limit = RateLimitMiddleware(limiter, message: "Too many searches at once; wait a moment and search again.",
                                    policyName: "search")
    }

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        guard let route = context.route, Self.routes.contains(route) else { return try await next(request, context) }
        return try await limit.handle(request, context: context, next: next)
    }
}
