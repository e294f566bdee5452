import Dispatch
import HTTPServer

/// The one HTTP client of the tests: any method, header fields and body; redirects not followed;
/// cookies left to the caller.
///
/// It reaches a ``Server`` either in process, straight into its routing and middleware with no
/// socket (fast; for what the application answers), or over a real loopback socket, one request per
/// connection (for how it is carried). Tests of the connection itself (framing, pipelining,
/// keep-alive, slow senders) write their own bytes on a ``RawConnection``.
///
/// ```swift
/// let client = TestClient(server: server)           // or TestClient(port: server.port)
/// let page = try client.send("GET", "/courses", headers: ["Accept": "text/html"])
/// XCTAssertEqual(page.status, 200)
/// ```
public struct TestClient: Sendable {
    /// How requests reach the server.
    public enum Transport: Sendable {
        /// A new TCP connection to 127.0.0.1 on this port for each request, closed after the answer.
        case socket(port: Int)
        /// Straight into the server's router and middleware (``Server/handle(_:)``), with no socket.
        case inProcess(Server)
    }

    public let transport: Transport

    /// A client over real sockets to 127.0.0.1:`port`.
    public init(port: Int) { transport = .socket(port: port) }

    /// A client that answers through `server`'s routes and middleware in process.
    public init(server: Server) { transport = .inProcess(server) }

    /// The port of a socket client (0 in process).
    public var port: Int {
        if case .socket(let port) = transport { return port }
        return 0
    }

    /// Sends one request and waits for its response, blocking the calling thread.
    /// - Parameters:
    ///   - headers: fields sent in name order after `Host` (and before `Content-Length`, added when
    ///     there is a body or the method is POST or PUT).
    /// - Throws: ``TestClientError`` when the socket fails or the answer is not HTTP.
    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> TestResponse {
        switch transport {
        case .socket(let port):
            let connection = try RawConnection(port: port, timeout: 30)
            var fields = headers
            fields["Connection"] = "close"
            try connection.send(RawConnection.requestBytes(method, path, host: "127.0.0.1:\(port)", headers: fields, body: body),
                                stoppingAtClose: true)
            return try connection.read(head: method == "HEAD")
        case .inProcess(let server):
            let box = ResponseBox()
            let done = DispatchSemaphore(value: 0)
            let request = Self.request(method, path, headers: headers, body: body)
            Task.detached {
                box.response = await server.handle(request)
                done.signal()
            }
            done.wait()
            guard let response = box.response else { throw TestClientError(description: "no response") }
            return Self.response(response, method: method)
        }
    }

    /// Sends a GET and waits for its response.
    public func get(_ path: String, headers: [String: String] = [:]) throws -> TestResponse {
        try send("GET", path, headers: headers)
    }

    /// Sends one request without blocking the caller's thread (for async tests); over a socket it
    /// is ``send(_:_:headers:body:)``.
    public func fetch(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> TestResponse {
        guard case .inProcess(let server) = transport else { return try send(method, path, headers: headers, body: body) }
        return Self.response(await server.handle(Self.request(method, path, headers: headers, body: body)), method: method)
    }

    /// A GET over a socket with an `Accept` header (JSON by default).
    public static func get(_ path: String, port: Int, accept: String = "application/json") throws -> TestResponse {
        try TestClient(port: port).send("GET", path, headers: ["Accept": accept])
    }

    /// Sends `text` as it is on a new connection (a request head, perhaps without its body) and
    /// reads the response.
    public static func raw(_ text: String, port: Int) throws -> TestResponse {
        let connection = try RawConnection(port: port, timeout: 10)
        try connection.send(Array(text.utf8), stoppingAtClose: true)
        return try connection.read()
    }

    /// The request a socket would have carried, as the server builds it.
    private static func request(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) -> Request {
        var fields = HTTPHeaders()
        fields.add("Host", "127.0.0.1")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name, value) }
        if !body.isEmpty || method == "POST" || method == "PUT" { fields.add("Content-Length", String(body.count)) }
        return Request(method: HTTPMethod(rawValue: method), target: path, headers: fields, body: body)
    }

    /// The response as a socket would have carried it: the content type as a header field, no body
    /// for HEAD.
    private static func response(_ response: Response, method: String) -> TestResponse {
        var headers = response.headers
        if let contentType = response.contentType { headers.add("Content-Type", contentType) }
        return TestResponse(status: response.status.code, headers: headers, body: method == "HEAD" ? [] : response.bodyBytes ?? [])
    }
}

/// Carries a response out of the task that produced it.
private final class ResponseBox: @unchecked Sendable {
    var response: Response?
}
