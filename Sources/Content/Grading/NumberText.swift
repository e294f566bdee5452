/// Numbers and lists as the feedback writes them.
enum NumberText {
    /// At most `decimals` decimals, trailing zeros dropped, never `-0`: `66.667`, `245.5`, `20`.
    static func format(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<max(0, min(decimals, 6)) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        if abs(rounded) < 1e15, rounded == rounded.rounded() { return String(Int64(rounded)) }
        var text = String(rounded)
        guard !text.contains("e") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
