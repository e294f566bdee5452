import Spelling

/// "Did you mean" suggestions for misspelled names.
enum NameSuggestion {
    /// The candidate closest to `name` by edit distance, ignoring case, if close enough to be a
    /// likely typo (at most a third of the name's length, at least 1, at most 3 edits). Ties go to
    /// the earlier candidate, so the answer never depends on anything but the candidates' order.
    static func closest(to name: String, among candidates: [String]) -> String? {
        EditDistance.closest(to: name, among: candidates, normalize: { $0.lowercased() }) { nameLength, _ in
            min(3, max(1, nameLength / 3))
        }
    }

    /// ` (did you mean 'x'?)`, or the empty string when nothing is close.
    static func hint(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
