/// The configured default headers (security policy) on every routed response that lacks them,
/// rendered errors included, and `Strict-Transport-Security` when the request came over HTTPS
/// (as ``TrustedProxies`` resolved it).
struct PolicyHeaders: Middleware {
    let defaultHeaders: [(name: String, value: String)]
    let strictTransportSecurity: String?

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in defaultHeaders where response.headers[name] == nil {
            response.headers.add(name, value)
        }
        if let strictTransportSecurity, request.scheme == "https", response.headers["Strict-Transport-Security"] == nil {
            response.headers.add("Strict-Transport-Security", strictTransportSecurity)
        }
        return response
    }
}

/// Turns what a handler throws into a response: an ``HTTPResponseError`` (``HTTPError`` among them)
/// through the configured ``ErrorRenderer``; anything else is logged and answered 500, and the
/// connection stays usable.
struct ErrorResponses: Middleware {
    let renderer: ErrorRenderer

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            return renderer.response(for: HTTPError(error), request: request)
        } catch {
            ServerLog.write(level: "error", "handler failed",
                            [("method", request.method.rawValue), ("path", request.path), ("error", "\(error)")])
            return renderer.response(for: HTTPError(.internalServerError, message: "Something went wrong on our side."),
                                     request: request)
        }
    }
}
