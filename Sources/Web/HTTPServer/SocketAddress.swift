/// A peer's IP address and port.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// Textual IP address ("127.0.0.1", "::1").
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
