import HTTPServer
import Synchronization

/// Puts into every request's context the one resolution of who sent it: the first reader (the
/// sign-in requirement, a handler, the error page's user area) resolves it through the
/// ``Authenticator``, every later one gets the same answer. Routes that never ask cost nothing:
/// no database read for static files or public data.
struct PrincipalResolution: Middleware {
    /// Finds the principal of a request (``Authenticator/principal(for:)``).
    let resolve: @Sendable (Request) async throws -> Principal?

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var context = context
        context[CurrentPrincipalResolution.self] = Once(request: request, resolve: resolve)
        return try await next(request, context)
    }

    /// The resolution of one request: the answer (or the error) is kept after the first read.
    final class Once: Sendable {
        private let request: Request
        private let resolve: @Sendable (Request) async throws -> Principal?
        private let result = Mutex<Result<Principal?, any Error>?>(nil)

        init(request: Request, resolve: @escaping @Sendable (Request) async throws -> Principal?) {
            self.request = request
            self.resolve = resolve
        }

        /// The principal, resolving it on the first call. A request's middleware and handler run one
        /// after another, so the calls never overlap.
        func principal() async throws -> Principal? {
            if let known = result.withLock({ $0 }) { return try known.get() }
            let found: Result<Principal?, any Error>
            do {
                found = .success(try await resolve(request))
            } catch {
                found = .failure(error)
            }
            result.withLock { $0 = found }
            return try found.get()
        }
    }
}
