#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import HTTPServer

/// A blocking raw-socket HTTP client for tests: sends exact bytes, reads exact responses.
final class TestClient {
    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct ClientError: Error, CustomStringConvertible {
        let description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address such as "127.0.0.2"
    /// stands for another client) when given.
    init(port: Int, timeout: Double = 5, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw ClientError(description: "bind to \(source) failed: errno \(errno)")
            }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            close(fd)
            throw ClientError(description: "connect failed: errno \(errno)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError(description: "send failed: errno \(errno)") }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
        if n == 0 || errno == ECONNRESET { return false }
        throw ClientError(description: "recv failed or timed out: errno \(errno)")
    }

    private func line() throws -> String {
        while true {
            if let i = buffer.firstIndex(of: 10), i > 0, buffer[i - 1] == 13 {
                let s = String(decoding: buffer[0..<(i - 1)], as: UTF8.self)
                buffer.removeFirst(i + 1)
                return s
            }
            guard try fill() else { throw ClientError(description: "connection closed mid-line") }
        }
    }

    private func take(_ n: Int) throws -> [UInt8] {
        while buffer.count < n {
            guard try fill() else { throw ClientError(description: "connection closed mid-body") }
        }
        let out = Array(buffer[0..<n])
        buffer.removeFirst(n)
        return out
    }

    /// Reads one response; `head` skips the body (HEAD requests).
    func read(head: Bool = false) throws -> Reply {
        let statusLine = try line()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw ClientError(description: "bad status line: \(statusLine)")
        }
        var headers = HTTPHeaders()
        while true {
            let l = try line()
            if l.isEmpty { break }
            let kv = l.split(separator: ":", maxSplits: 1)
            headers.add(String(kv[0]), kv.count > 1 ? String(kv[1].drop(while: { $0 == " " })) : "")
        }
        if status == 100 { return try read(head: head) }
        if head || status == 204 || status == 304 { return Reply(status: status, headers: headers, body: []) }
        if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            return Reply(status: status, headers: headers, body: try take(length))
        }
        if headers["Transfer-Encoding"] == "chunked" {
            var body: [UInt8] = []
            while true {
                let size = Int(try line().split(separator: ";")[0], radix: 16) ?? -1
                guard size >= 0 else { throw ClientError(description: "bad chunk size") }
                if size == 0 {
                    _ = try line()
                    break
                }
                body += try take(size)
                _ = try line()
            }
            return Reply(status: status, headers: headers, body: body)
        }
        while try fill() {}
        defer { buffer.removeAll() }
        return Reply(status: status, headers: headers, body: buffer)
    }

    /// Whether the server has closed the connection (reads until end of stream).
    func isClosedByPeer() -> Bool {
        do {
            while try fill() {}
            return true
        } catch {
            return false
        }
    }

    /// Sends a simple request and reads its response.
    /// Sends a GET and reads its response.
    func get(_ target: String, headers: [String] = []) throws -> Reply { try request("GET", target, headers: headers) }

    func request(_ method: String, _ target: String, headers: [String] = [], body: String? = nil) throws -> Reply {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for h in headers { text += h + "\r\n" }
        if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        try send(text)
        return try read(head: method == "HEAD")
    }
}

/// Starts a server on an ephemeral loopback port for one test.
func startServer(_ configure: (Router) -> Void, config adjust: (inout ServerConfiguration) -> Void = { _ in }) throws -> Server {
    let router = Router()
    configure(router)
    var config = ServerConfiguration()
    config.port = 0
    config.accessLog = false
    config.eventLoopCount = 2
    adjust(&config)
    let server = Server(router: router, configuration: config)
    try server.start()
    return server
}
