import Synchronization

/// Records every answered request: a sample in ``ServerMetrics`` (by route pattern, status and
/// seconds since its head arrived) and, when the access log is on, one logfmt line.
///
/// The server installs it outermost, so it sees the status of errors too (an ``HTTPError``'s
/// status, else 500) and rethrows them to be rendered. A streamed body is counted and recorded
/// when it ends. Requests refused before routing (malformed, too large, too slow) never reach a
/// middleware; the connection records them with ``record(method:path:client:route:status:bytes:context:)``.
struct RequestObserver: Middleware {
    /// Bytes of a streamed body sent so far.
    private final class ByteCount: Sendable {
        private let count = Atomic<Int>(0)
        func add(_ n: Int) { count.add(n, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    let metrics: ServerMetrics
    let accessLog: AccessLog?

    func handle(_ request: Request, context: RequestContext, next: Handler) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let status = (error as? HTTPError)?.status.code ?? 500
            record(request, route: context.route, status: status, bytes: 0, context: context)
            throw error
        }
        let bodyAllowed = response.status.allowsBody && request.method != .head
        switch response.body {
        case .empty, .bytes:
            record(request, route: context.route, status: response.status.code,
                   bytes: bodyAllowed ? response.bodyBytes?.count ?? 0 : 0, context: context)
        case .stream where !bodyAllowed:
            // The connection sends the head only; the body is never produced.
            record(request, route: context.route, status: response.status.code, bytes: 0, context: context)
        case .stream(let produce):
            let status = response.status.code
            response.body = .stream { [self] writer in
                let sent = ByteCount()
                let counting = ResponseBodyWriter { bytes in
                    sent.add(bytes.count)
                    try await writer.write(bytes)
                }
                do {
                    try await produce(counting)
                } catch {
                    record(request, route: context.route, status: status, bytes: sent.value, context: context)
                    throw error
                }
                record(request, route: context.route, status: status, bytes: sent.value, context: context)
            }
        }
        return response
    }

    private func record(_ request: Request, route: String?, status: Int, bytes: Int, context: RequestContext) {
        record(method: request.method.rawValue, path: request.path, client: request.clientAddress, route: route,
               status: status, bytes: bytes, context: context)
    }

    /// One sample and, when on, one access-log line.
    func record(method: String, path: String, client: String, route: String?, status: Int, bytes: Int,
                context: RequestContext) {
        let seconds = max(0, Platform.monotonicSeconds() - context.receivedAt)
        metrics.record(shard: context.loopIndex, route: route ?? "unmatched", status: status, seconds: seconds)
        guard let accessLog else { return }
        var line = LogfmtLine()
        line.add("method", method)
        line.add("path", path)
        line.add("status", status)
        line.add("bytes", bytes)
        line.add("duration_ms", String(Double(Int(seconds * 100_000)) / 100))
        line.add("remote", client)
        accessLog.append(line.text, shard: context.loopIndex)
    }
}
