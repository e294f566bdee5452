import Synchronization

/// Open connections per peer address, so that one address cannot take every connection slot.
///
/// Counted on the socket's peer address, never on `X-Forwarded-For`: a header cannot buy more
/// slots. Trusted proxies carry many clients on one address and are exempt (the proxy limits
/// its own clients); they still count towards the server's global limit.
final class AddressSlots: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    private let limit: Int
    private let exempt: Set<String>

    init(limit: Int, exempt: [String]) {
        self.limit = max(1, limit)
        self.exempt = Set(exempt)
    }

    /// Takes a slot for `address`; false when it already holds `limit` connections.
    func tryReserve(_ address: String) -> Bool {
        if exempt.contains(address) { return true }
        return counts.withLock { counts in
            let held = counts[address, default: 0]
            guard held < limit else { return false }
            counts[address] = held + 1
            return true
        }
    }

    /// Gives back a slot taken by ``tryReserve(_:)``.
    func release(_ address: String) {
        if exempt.contains(address) { return }
        counts.withLock { counts in
            let held = counts[address, default: 0]
            if held <= 1 { counts[address] = nil } else { counts[address] = held - 1 }
        }
    }

    /// Connections `address` holds now.
    func held(by address: String) -> Int { counts.withLock { $0[address, default: 0] } }
}
