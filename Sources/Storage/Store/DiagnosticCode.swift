/// The code a stored diagnostic is grouped under in analytics: what kind of problem it is and,
/// where that matters to an instructor, which scenario or number, in words (`ambiguous in
/// landscape`, `magic number 64`, `conflict in portrait`, `unreadable`).
///
/// The code is read from the diagnostic's text, whose forms the graders fix: `In TITLE:` and a
/// conflict report on the next line; `In TITLE: NAME needs constraints for …`; `In TITLE: line N: …`
/// (truncation); `line N: magic number V in …`; `line N: '…' fixes the width of …`; `L:C: not
/// graded: …`; `L:C: …` or `$.path: …` for a submission that could not be read.
public enum DiagnosticCode {
    /// The longest diagnostic text stored as an example.
    public static let maxExampleLength = 2000

    /// The code of one diagnostic.
    public static func classify(_ text: String) -> String {
        if text.hasPrefix("In "), let scenario = scenarioTitle(text) {
            let rest = text.dropFirst(3 + scenario.count + 1)
            if rest.hasPrefix("\n") { return "conflict in \(scenario)" }
            if rest.contains(" needs constraints for ") { return "ambiguous in \(scenario)" }
            if rest.contains("intrinsic") || rest.contains("truncat") { return "truncated in \(scenario)" }
            return "layout warning in \(scenario)"
        }
        if let range = text.range(of: ": magic number ") {
            let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
            return number.isEmpty ? "magic number" : "magic number \(number)"
        }
        if text.contains(" fixes the "), text.contains("intrinsic content size") { return "pinned size" }
        if text.contains(": not graded: ") { return "not graded" }
        if text.contains("too expensive") { return "too expensive" }
        if text.first == "$" || (text.first?.isNumber ?? false) { return "unreadable" }
        return "other"
    }

    /// `TITLE` of `In TITLE:` (the scenario), up to the first colon that ends the prefix.
    private static func scenarioTitle(_ text: String) -> String? {
        let body = text.dropFirst(3)
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let title = body[..<colon]
        guard !title.isEmpty, title.count <= 200, !title.contains("\n") else { return nil }
        return String(title)
    }
}
