import Spelling

/// Finds the closest known name to a mistyped one, for "Did you mean …?" hints.
enum Suggestions {
    /// The candidate closest to `typed` by edit distance (adjacent transpositions count as one edit),
    /// if it is close enough to be a plausible typo: at most 2 edits, and fewer edits than the
    /// candidate has characters. Ties go to the earliest candidate, so the result is deterministic.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        EditDistance.closest(to: typed, among: candidates) { _, candidateLength in min(2, candidateLength - 1) }
    }

    /// `" Did you mean '…'?"` when a suggestion exists, else the empty string.
    static func hint(for typed: String, among candidates: [String], prefix: String = "") -> String {
        guard let match = closest(to: typed, among: candidates) else { return "" }
        return " Did you mean '\(prefix)\(match)'?"
    }
}
