import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 client over a real socket for end-to-end tests: any method, headers and body,
/// one request per connection, redirects not followed, cookies returned to the caller.
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

    let port: Int

    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: errno \(errno)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        let request = Array((head + "\r\n").utf8) + body
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
        return try Self.parse(received)
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
