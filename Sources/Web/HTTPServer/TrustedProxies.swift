/// Believes `X-Forwarded-For` and `X-Forwarded-Proto` from the configured reverse proxies, and
/// only from them: a request whose peer is a trusted proxy gets the client's address (the
/// rightmost hop not added by one of our proxies) and scheme.
///
/// The server installs it before every other middleware, and applies the same rule to the head
/// check of a large body, so every part of a request sees one client address and scheme.
public struct TrustedProxies: Middleware {
    /// Peer addresses whose forwarding headers are believed.
    public let addresses: [String]

    public init(_ addresses: [String]) {
        self.addresses = addresses
    }

    public func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var request = request
        resolve(&request)
        return try await next(request, context)
    }

    /// Sets the request's client address and scheme from its forwarding headers when its peer is trusted.
    public func resolve(_ request: inout Request) {
        guard !addresses.isEmpty, addresses.contains(request.remoteAddress.host) else { return }
        if let forwarded = request.headers.values(for: "X-Forwarded-For").last {
            let hops = forwarded.split(separator: ",").map { String(ASCII.trimmed($0)) }.filter { !$0.isEmpty }
            request.clientAddress = hops.last { !addresses.contains($0) } ?? hops.first ?? request.clientAddress
        }
        if let proto = request.headers["X-Forwarded-Proto"]?.lowercased(), proto == "https" || proto == "http" {
            request.scheme = proto
        }
    }
}
