import Foundation

/// Dates as ISO 8601 text in UTC (`2026-11-24T17:05:00Z`), the one way the application writes
/// and reads instants, and the minute-precision form of `datetime-local` fields.
enum InternetTime {
    /// `2026-11-24T17:05:00Z`.
    static func string(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A date from `2026-11-24T17:05:00Z`, or nil.
    static func date(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle().parse(text)
    }

    /// `2026-11-24T17:05`, for a `datetime-local` field in UTC.
    static func minutes(_ date: Date) -> String {
        String(string(date).prefix(16))
    }
}
