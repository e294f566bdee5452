import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPServer

/// The one HTTP client of the application's tests: any method, headers and body, redirects not
/// followed, cookies returned to the caller; over a real socket (one request per connection), or
/// in process, straight into the server's router and middleware.
struct WebClient {
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// The values of every `Set-Cookie` named `name`.
        func setCookies(_ name: String) -> [String] {
            headers.filter { $0.name.caseInsensitiveCompare("Set-Cookie") == .orderedSame }
                .compactMap { header -> String? in
                    let pair = header.value.split(separator: ";", maxSplits: 1)[0]
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.count == 2, parts[0] == name else { return nil }
                    return String(parts[1])
                }
        }

        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }

        func object() throws -> [String: Any] {
            guard let object = try json() as? [String: Any] else { throw Failure(description: "not a JSON object: \(text)") }
            return object
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How requests reach the server.
    enum Transport {
        /// A real TCP connection to 127.0.0.1 on this port: one request per connection.
        case socket(port: Int)
        /// Straight into the server's router and middleware, with no socket (fast, for tests of
        /// what the application answers rather than how it is carried).
        case inProcess(Server)
    }

    let transport: Transport

    init(port: Int) { transport = .socket(port: port) }

    init(server: Server) { transport = .inProcess(server) }

    /// The port of a socket client (0 in process).
    var port: Int {
        if case .socket(let port) = transport { return port }
        return 0
    }

    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        switch transport {
        case .socket(let port):
            return try Self.parse(Self.exchange(Array((head + "\r\n").utf8) + body, port: port, timeout: 30))
        case .inProcess(let server):
            let box = ResponseBox()
            let done = DispatchSemaphore(value: 0)
            let request = Self.request(method, path, headers: headers, body: body)
            Task.detached {
                box.response = await server.handle(request)
                done.signal()
            }
            done.wait()
            guard let response = box.response else { throw Failure(description: "no response") }
            return Self.response(response, method: method)
        }
    }

    /// Sends a request in process without blocking the caller's thread (for async tests).
    func fetch(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> Response {
        guard case .inProcess(let server) = transport else { return try send(method, path, headers: headers, body: body) }
        return Self.response(await server.handle(Self.request(method, path, headers: headers, body: body)), method: method)
    }

    private static func request(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) -> Request {
        var fields = HTTPHeaders()
        fields.add("Host", "127.0.0.1")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name, value) }
        if !body.isEmpty || method == "POST" || method == "PUT" { fields.add("Content-Length", String(body.count)) }
        return Request(method: HTTPMethod(rawValue: method) ?? .get, target: path, headers: fields, body: body)
    }

    private static func response(_ response: HTTPServer.Response, method: String) -> Response {
        var headers = response.headers.map { (name: $0.name, value: $0.value) }
        if let contentType = response.contentType { headers.append((name: "Content-Type", value: contentType)) }
        return Response(status: response.status.code, headers: headers, body: method == "HEAD" ? [] : response.bodyBytes ?? [])
    }

    /// A GET over a socket with an `Accept` header (JSON by default).
    static func get(_ path: String, port: Int, accept: String = "application/json") throws -> Response {
        try WebClient(port: port).send("GET", path, headers: ["Accept": accept])
    }

    /// Sends `text` as it is (a request head, perhaps without its body) and reads until the server
    /// closes the connection.
    static func raw(_ text: String, port: Int) throws -> Response {
        try parse(exchange(Array(text.utf8), port: port, timeout: 10))
    }

    /// Writes `request` on a new connection and reads until the server closes it.
    private static func exchange(_ request: [UInt8], port: Int, timeout seconds: Int) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }  // the server may answer (413) and close before reading everything
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }

    private static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw Failure(description: "no response head in \(bytes.count) bytes") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let headBytes = text[..<end.upperBound].utf8.count
        var body = Array(bytes[headBytes...])
        if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) {
            body = Array(body.prefix(length))
        } else if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" }) {
            throw Failure(description: "chunked responses are not expected here")
        }
        return Response(status: status, headers: headers, body: body)
    }
}

/// Carries a response out of the task that produced it.
private final class ResponseBox: @unchecked Sendable {
    var response: HTTPServer.Response?
}
