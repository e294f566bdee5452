#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// IMF-fixdate formatting (RFC 9110 §5.6.7): "Sun, 06 Nov 1994 08:49:37 GMT".
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(secondsSince1970 seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

/// The `Date` header line, rebuilt at most once per second (one per event loop, no locking).
struct DateCache {
    private var second = -1
    private(set) var headerLine: [UInt8] = []

    /// Refreshes the cached line when the wall-clock second has changed.
    mutating func refresh(now: Int) {
        guard now != second else { return }
        second = now
        headerLine = Array("Date: \(HTTPDate.format(secondsSince1970: now))\r\n".utf8)
    }
}
