#if canImport(Glibc)
import Glibc
#endif
import HTTPServer

/// One TCP connection to a server on the loopback interface, for tests that must control the bytes:
/// malformed or partial requests, pipelining, keep-alive, slow senders, connection limits.
///
/// It writes exactly what it is given and reads responses one at a time (by `Content-Length`,
/// chunked, or up to the close). ``TestClient`` carries its socket requests on it.
public final class RawConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, from the loopback address `source` when given (another address
    /// such as "127.0.0.2" stands for another client). Reads wait at most `timeout` seconds.
    /// - Throws: ``TestClientError`` when the socket cannot be made, bound or connected.
    public init(port: Int, timeout: Double = 5, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClientError(description: "socket: errno \(errno)") }
        let seconds = Int(timeout)
        var wait = timeval(tv_sec: seconds, tv_usec: Int((timeout - Double(seconds)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            guard Self.withAddress(source, port: 0, { bind(fd, $0, $1) }) == 0 else {
                let code = errno
                close(fd)
                throw TestClientError(description: "bind to \(source): errno \(code)")
            }
        }
        guard Self.withAddress("127.0.0.1", port: port, { connect(fd, $0, $1) }) == 0 else {
            let code = errno
            close(fd)
            throw TestClientError(description: "connect to 127.0.0.1:\(port): errno \(code)")
        }
    }

    deinit { close(fd) }

    /// Calls `body` with an IPv4 socket address for `host` and `port`.
    private static func withAddress(_ host: String, port: Int,
                                    _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    // MARK: Writing

    /// Writes `text` as UTF-8, exactly.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Writes `bytes`, exactly.
    /// - Parameter stoppingAtClose: when the server answers and closes before reading everything (a
    ///   refusal such as 413), stop writing quietly instead of throwing; the answer is still readable.
    /// - Throws: ``TestClientError`` when a write fails (unless `stoppingAtClose`).
    public func send(_ bytes: [UInt8], stoppingAtClose: Bool = false) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else {
                if stoppingAtClose { return }
                throw TestClientError(description: "send: errno \(errno)")
            }
            offset += count
        }
    }

    /// Writes a well-formed request (`Host`, the given fields in name order, and `Content-Length`
    /// when there is a body or the method carries one) and reads its response.
    public func request(_ method: String, _ target: String, headers: [String: String] = [:],
                        body: [UInt8] = []) throws -> TestResponse {
        try send(Self.requestBytes(method, target, host: "localhost", headers: headers, body: body), stoppingAtClose: true)
        return try read(head: method == "HEAD")
    }

    /// Writes a GET and reads its response.
    public func get(_ target: String, headers: [String: String] = [:]) throws -> TestResponse {
        try request("GET", target, headers: headers)
    }

    /// The bytes of a well-formed request; header fields in name order, so the bytes are the same
    /// every run.
    static func requestBytes(_ method: String, _ target: String, host: String, headers: [String: String],
                             body: [UInt8]) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    // MARK: Reading

    /// Reads more bytes into the buffer; false at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        throw TestClientError(description: "recv failed or timed out: errno \(errno)")
    }

    private func line() throws -> String {
        while true {
            if let end = buffer.firstIndex(of: 10), end > 0, buffer[end - 1] == 13 {
                let text = String(decoding: buffer[0..<(end - 1)], as: UTF8.self)
                buffer.removeFirst(end + 1)
                return text
            }
            guard try fill() else { throw TestClientError(description: "connection closed mid-line") }
        }
    }

    /// Reads exactly `count` bytes (waiting for them), whatever they are.
    /// - Throws: ``TestClientError`` when the connection ends first.
    public func read(count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw TestClientError(description: "connection closed after \(buffer.count) of \(count) bytes") }
        }
        let out = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return out
    }

    /// Reads one response (skipping `100 Continue`); `head` means no body follows (a HEAD request).
    /// - Throws: ``TestClientError`` when the bytes are not an HTTP/1.1 response or end too early.
    public func read(head: Bool = false) throws -> TestResponse {
        let statusLine = try line()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw TestClientError(description: "bad status line: \(statusLine)")
        }
        var headers = HTTPHeaders()
        while true {
            let field = try line()
            if field.isEmpty { break }
            let pair = field.split(separator: ":", maxSplits: 1)
            headers.add(String(pair[0]), pair.count > 1 ? String(pair[1].drop { $0 == " " || $0 == "\t" }) : "")
        }
        if status == 100 { return try read(head: head) }
        if head || status == 204 || status == 304 { return TestResponse(status: status, headers: headers, body: []) }
        if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            return TestResponse(status: status, headers: headers, body: try read(count: length))
        }
        if headers["Transfer-Encoding"] == "chunked" {
            var body: [UInt8] = []
            while true {
                guard let size = try line().split(separator: ";").first.flatMap({ Int($0, radix: 16) }) else {
                    throw TestClientError(description: "bad chunk size")
                }
                if size == 0 {
                    _ = try line()
                    break
                }
                body += try read(count: size)
                _ = try line()
            }
            return TestResponse(status: status, headers: headers, body: body)
        }
        while try fill() {}
        defer { buffer.removeAll() }
        return TestResponse(status: status, headers: headers, body: buffer)
    }

    /// Whether the server closes the connection: reads to the end of the stream, false when the read
    /// times out with the connection still open.
    public func isClosedByPeer() -> Bool {
        do {
            while try fill() {}
            return true
        } catch {
            return false
        }
    }
}
