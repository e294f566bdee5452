import Foundation

/// Formatting shared by pages: dates and scores.
enum PageFormat {
    /// `2026-11-21 16:40 UTC`.
    static func dateTime(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// A score with at most two decimals: `7`, `6.5`, `6.67`.
    static func score(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.2f", rounded).replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
    }
}

extension PageFormat {
    /// `0.1` → `10%`.
    static func percent(_ fraction: Double) -> String {
        "\(score(fraction * 100))%"
    }
}
