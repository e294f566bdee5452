import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `lectern-bench load`: drives a running Lectern server the way a class does before a deadline.
///
/// Signs in as the admin (`LECTERN_ADMIN_PASSWORD`), imports a roster of students into `cs193p`,
/// lets each choose a password through their set-password link and sign in, then for the given
/// duration has them submit (valid and invalid layout answers, each text new so every one is
/// graded) and search concurrently. Prints throughput, p50/p99 latency and errors, then checks
/// that the number of `201` answers equals the number of stored submissions.
///
///     lectern-bench load --url http://127.0.0.1:8080 [--students 200] [--duration 60] [--connections 64]
///                        [--exercises DIR] [--acknowledged FILE]
///
/// With `--acknowledged FILE`, the id of every acknowledged (`201`) submission is appended to FILE
/// as soon as it arrives, so a crash test can check each one survived.
/// Exit status: 0 when there were no errors and nothing was lost, 1 otherwise, 2 on bad arguments.
func runLoadBench(arguments: [String]) -> Int32 {
    runServerWorkload("load", arguments, parse: LoadOptions.parse) { try LoadRun(options: $0).run() }
}

/// The load's settings.
struct LoadOptions {
    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var students = 200
    var duration = 60.0
    var connections = 64
    var adminPassword = ProcessInfo.processInfo.environment["LECTERN_ADMIN_PASSWORD"] ?? ""
    var exercisesDirectory = "./Exercises"
    var acknowledgedFile: String?

    typealias Invalid = BenchArguments.Invalid

    static func parse(_ arguments: [String]) throws -> LoadOptions {
        var options = LoadOptions()
        var reader = BenchArguments(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--url":
                (options.host, options.port) = try reader.serverURL()
            case "--students":
                guard let n = Int(try reader.value()), (1...10_000).contains(n) else { throw Invalid(description: "--students must be 1...10000") }
                options.students = n
            case "--duration":
                guard let s = Double(try reader.value()), s > 0, s <= 3600 else { throw Invalid(description: "--duration must be 0...3600 seconds") }
                options.duration = s
            case "--connections":
                guard let n = Int(try reader.value()), (1...1024).contains(n) else { throw Invalid(description: "--connections must be 1...1024") }
                options.connections = n
            case "--exercises":
                options.exercisesDirectory = try reader.value()
            case "--acknowledged":
                options.acknowledgedFile = try reader.value()
            default:
                throw reader.unknown()
            }
        }
        guard !options.adminPassword.isEmpty else { throw Invalid(description: "set LECTERN_ADMIN_PASSWORD to the admin's password") }
        return options
    }
}

/// A keep-alive HTTP/1.1 connection with blocking I/O, for one load thread.
final class LoadConnection {
    struct Reply {
        let status: Int
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private let host: String
    private let port: UInt16
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []

    init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Sends one request, reconnecting once when a kept-alive connection was closed by the server.
    /// Signs in through `POST /api/session` and returns the bearer token.
    /// - Throws: ``Failure`` with the answer when the sign-in is refused.
    func signIn(username: String, password: String) throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let reply = try send("POST", "/api/session", headers: [("Content-Type", "application/json")], body: [UInt8](body))
        guard reply.status == 200, let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any],
              let token = object["token"] as? String else {
            throw Failure(description: "sign-in of \(username): \(reply.status) \(reply.text)")
        }
        return token
    }

    func send(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> Reply {
        do {
            return try attempt(method, path, headers: headers, body: body)
        } catch {
            disconnect()
            return try attempt(method, path, headers: headers, body: body)
        }
    }

    private func attempt(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]) throws -> Reply {
        if fd < 0 { try connect() }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += count
        }
        return try readReply()
    }

    private func connect() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw Failure(description: "not an IPv4 address: \(host)") }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            disconnect()
            throw Failure(description: "connect to \(host):\(port): errno \(errno)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func disconnect() {
        if fd >= 0 { close(fd) }
        fd = -1
        buffer.removeAll(keepingCapacity: true)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed" : "recv: errno \(errno)") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    private func readReply() throws -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4 {
                headEnd = (0...(buffer.count - 4)).first { buffer[$0] == 13 && Array(buffer[$0..<$0 + 4]) == separator }
            }
            if headEnd == nil {
                guard buffer.count < 1 << 20 else { throw Failure(description: "response head too large") }
                try fill()
            }
        }
        let end = headEnd ?? 0
        let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line: \(head[0])") }
        var length = 0
        var closes = false
        for line in head.dropFirst() {
            let lower = line.lowercased()
            if lower.hasPrefix("content-length:") { length = Int(lower.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0 }
            if lower.hasPrefix("connection:") && lower.contains("close") { closes = true }
            if lower.hasPrefix("transfer-encoding:") { throw Failure(description: "chunked responses are not supported here") }
        }
        let bodyStart = end + 4
        while buffer.count < bodyStart + length { try fill() }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        buffer.removeFirst(bodyStart + length)
        if closes { disconnect() }
        return Reply(status: status, body: body)
    }
}
