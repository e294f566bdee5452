#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The operating-system layer: sockets, epoll, eventfd and clocks, all in one place.
/// Linux only (epoll); every call site in the server goes through here.
enum Platform {
    struct SystemError: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    static func check(_ call: String, _ result: Int32) throws(SystemError) -> Int32 {
        if result < 0 { throw SystemError(call: call, code: errno) }
        return result
    }

    static func ignoreSIGPIPE() { signal(SIGPIPE, SIG_IGN) }

    // MARK: Sockets

    /// A non-blocking listening TCP socket on `host:port` (IPv4 or IPv6 literal; "::" also accepts IPv4).
    static func listen(host: String, port: Int, backlog: Int32) throws(SystemError) -> (fd: Int32, port: Int) {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isV6: Bool
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            isV6 = false
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            isV6 = true
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        } else if let resolved = resolve(host) {
            return try listen(host: resolved, port: port, backlog: backlog)
        } else {
            throw SystemError(call: "resolving \(host)", code: EINVAL)
        }
        let fd = try check("socket", socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
        do {
            var one: Int32 = 1
            _ = try check("SO_REUSEADDR", setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)))
            if isV6 {
                var zero: Int32 = 0
                _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &zero, socklen_t(MemoryLayout<Int32>.size))
                _ = try check("bind", withUnsafePointer(to: &v6) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                })
            } else {
                _ = try check("bind", withUnsafePointer(to: &v4) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                })
            }
            _ = try check("listen", Glibc.listen(fd, backlog))
            return (fd, try localPort(fd))
        } catch {
            close(fd)
            throw error
        }
    }

    /// The first numeric address of a host name ("localhost" → "127.0.0.1").
    private static func resolve(_ host: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { return nil }
        defer { freeaddrinfo(result) }
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(first.pointee.ai_addr, first.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0,
                          NI_NUMERICHOST) == 0 else { return nil }
        let numeric = string(fromCString: buffer)
        return numeric == host ? nil : numeric
    }

    static func localPort(_ fd: Int32) throws(SystemError) -> Int {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try check("getsockname", withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        })
        return address(of: storage).port
    }

    /// Accepts one pending connection (non-blocking, close-on-exec, TCP_NODELAY), nil when none is pending.
    static func accept(_ listener: Int32) -> (fd: Int32, address: SocketAddress)? {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                LinuxCalls.shared.accept4(listener, $0, &len, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            }
        }
        guard fd >= 0 else { return nil }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return (fd, address(of: storage))
    }

    private static func address(of storage: sockaddr_storage) -> SocketAddress {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        return withUnsafePointer(to: &storage) { ptr -> SocketAddress in
            if Int32(ptr.pointee.ss_family) == AF_INET6 {
                return ptr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
                    var addr = a.pointee.sin6_addr
                    inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
                    var host = string(fromCString: buffer)
                    if host.hasPrefix("::ffff:"), host.contains(".") { host.removeFirst(7) }
                    return SocketAddress(host: host, port: Int(UInt16(bigEndian: a.pointee.sin6_port)))
                }
            }
            return ptr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
                var addr = a.pointee.sin_addr
                inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
                return SocketAddress(host: string(fromCString: buffer), port: Int(UInt16(bigEndian: a.pointee.sin_port)))
            }
        }
    }

    enum IOResult {
        case bytes(Int)
        case wouldBlock
        /// The peer finished sending (reads only).
        case endOfInput
        /// The connection failed (reset, broken pipe).
        case closed
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfInput }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
        }
    }

    /// Writes up to two buffers with one `writev`.
    static func write(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> IOResult {
        var iov = (iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                   iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        while true {
            let n = withUnsafeMutablePointer(to: &iov) {
                $0.withMemoryRebound(to: iovec.self, capacity: 2) { writev(fd, $0, second.isEmpty ? 1 : 2) }
            }
            if n >= 0 { return .bytes(n) }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
        }
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    static func shutdownWrite(_ fd: Int32) { _ = Glibc.shutdown(fd, Int32(SHUT_WR)) }

    // MARK: epoll and eventfd

    static let readable: UInt32 = 0x001       // EPOLLIN
    static let writable: UInt32 = 0x004       // EPOLLOUT
    static let failure: UInt32 = 0x008 | 0x010  // EPOLLERR | EPOLLHUP (always reported)
    static let peerShutdown: UInt32 = 0x2000      // EPOLLRDHUP
    static let exclusive: UInt32 = 1 << 28    // EPOLLEXCLUSIVE

    static func epollCreate() throws(SystemError) -> Int32 {
        try check("epoll_create1", LinuxCalls.shared.epollCreate1(0x80000))  // EPOLL_CLOEXEC
    }

    static func epollAdd(_ epfd: Int32, _ fd: Int32, events: UInt32) { epollControl(epfd, 1, fd, events) }
    static func epollRemove(_ epfd: Int32, _ fd: Int32) { epollControl(epfd, 2, fd, 0) }
    static func epollModify(_ epfd: Int32, _ fd: Int32, events: UInt32) { epollControl(epfd, 3, fd, events) }

    private static func epollControl(_ epfd: Int32, _ op: Int32, _ fd: Int32, _ events: UInt32) {
        var event = EpollEvents(capacity: 1)
        event.set(0, events: events, fd: fd)
        _ = event.storage.withUnsafeMutableBytes { LinuxCalls.shared.epollCtl(epfd, op, fd, $0.baseAddress) }
    }

    /// A buffer of `struct epoll_event`, whose layout is packed on x86-64 (12 bytes) and padded elsewhere.
    struct EpollEvents {
        #if arch(x86_64)
        static let stride = 12
        static let dataOffset = 4
        #else
        static let stride = 16
        static let dataOffset = 8
        #endif
        var storage: [UInt8]
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            storage = [UInt8](repeating: 0, count: capacity * Self.stride)
        }

        mutating func set(_ i: Int, events: UInt32, fd: Int32) {
            storage.withUnsafeMutableBytes { buf in
                buf.storeBytes(of: events, toByteOffset: i * Self.stride, as: UInt32.self)
                buf.storeBytes(of: UInt64(UInt32(bitPattern: fd)), toByteOffset: i * Self.stride + Self.dataOffset, as: UInt64.self)
            }
        }

        func events(_ i: Int) -> UInt32 {
            storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * Self.stride, as: UInt32.self) }
        }

        func fd(_ i: Int) -> Int32 {
            storage.withUnsafeBytes {
                Int32(bitPattern: UInt32(truncatingIfNeeded: $0.loadUnaligned(fromByteOffset: i * Self.stride + Self.dataOffset, as: UInt64.self)))
            }
        }
    }

    /// Waits for events; returns how many were stored.
    static func epollWait(_ epfd: Int32, _ events: inout EpollEvents, timeoutMs: Int32) -> Int {
        let capacity = Int32(events.capacity)
        let n = events.storage.withUnsafeMutableBytes { LinuxCalls.shared.epollWait(epfd, $0.baseAddress, capacity, timeoutMs) }
        return n < 0 ? 0 : Int(n)
    }

    static func eventfdCreate() throws(SystemError) -> Int32 {
        try check("eventfd", LinuxCalls.shared.eventfd(0, 0x800 | 0x80000))  // EFD_NONBLOCK | EFD_CLOEXEC
    }

    static func eventfdSignal(_ fd: Int32) {
        var one: UInt64 = 1
        _ = Glibc.write(fd, &one, 8)
    }

    static func eventfdDrain(_ fd: Int32) {
        var value: UInt64 = 0
        _ = Glibc.read(fd, &value, 8)
    }

    // MARK: Files

    /// The canonical absolute path (symlinks resolved), nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return realpath(path, &resolved) != nil ? string(fromCString: resolved) : nil
    }

    /// An open regular file with its size and modification time.
    struct RegularFile: ~Copyable {
        let fd: Int32
        let size: Int
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int

        /// The whole file, nil when it could not be read completely.
        func readAll() -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: size)
            var offset = 0
            while offset < size {
                let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, size - offset) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return nil }
                offset += n
            }
            return bytes
        }

        deinit { _ = Glibc.close(fd) }
    }

    /// Opens `path` for reading if it is a regular file of at most `maxBytes`.
    static func openRegularFile(_ path: String, maxBytes: Int) -> RegularFile? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= maxBytes else {
            _ = Glibc.close(fd)
            return nil
        }
        return RegularFile(fd: fd, size: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
                           modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// Decodes a NUL-terminated C string buffer.
    private static func string(fromCString buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Time and threads

    /// Monotonic seconds, for timeouts and durations.
    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Wall-clock seconds since 1970, for `Date` headers.
    static func wallClockSeconds() -> Int { Int(time(nil)) }

    static func currentThread() -> pthread_t { pthread_self() }

    static func isCurrentThread(_ t: pthread_t) -> Bool { pthread_equal(pthread_self(), t) != 0 }

    static func processorCount() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Writes all of `bytes` to standard error (best effort).
    static func writeStandardError(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(2, buf.baseAddress! + offset, buf.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// Linux calls the toolchain's Glibc module does not export (`sys/epoll.h`, `sys/eventfd.h`,
/// `accept4`), resolved once from the C library by name with their exact C signatures.
private struct LinuxCalls: @unchecked Sendable {
    typealias EpollCreate1 = @convention(c) (Int32) -> Int32
    typealias EpollCtl = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias EpollWait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias EventFD = @convention(c) (UInt32, Int32) -> Int32
    typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

    let epollCreate1: EpollCreate1
    let epollCtl: EpollCtl
    let epollWait: EpollWait
    let eventfd: EventFD
    let accept4: Accept4

    static let shared = LinuxCalls()

    private init() {
        let process = dlopen(nil, RTLD_NOW)
        func resolve<F>(_ name: String, as type: F.Type) -> F {
            guard let symbol = dlsym(process, name) else {
                fatalError("the C library does not provide \(name); epoll requires Linux")
            }
            return unsafeBitCast(symbol, to: type)
        }
        epollCreate1 = resolve("epoll_create1", as: EpollCreate1.self)
        epollCtl = resolve("epoll_ctl", as: EpollCtl.self)
        epollWait = resolve("epoll_wait", as: EpollWait.self)
        eventfd = resolve("eventfd", as: EventFD.self)
        accept4 = resolve("accept4", as: Accept4.self)
    }
}
