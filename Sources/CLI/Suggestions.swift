/// Finds the closest known name to a mistyped one, for "Did you mean …?" hints.
enum Suggestions {
    /// Names longer than this are not compared (the comparison is quadratic in length).
    static let maximumComparedLength = 64

    /// The candidate closest to `typed` by edit distance (adjacent transpositions count as one edit),
    /// if it is close enough to be a plausible typo: at most 2 edits, and fewer edits than the
    /// candidate has characters. Ties go to the earliest candidate, so the result is deterministic.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let typedCharacters = Array(typed)
        guard typedCharacters.count <= maximumComparedLength else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let candidateCharacters = Array(candidate)
            guard candidateCharacters.count <= maximumComparedLength else { continue }
            let distance = editDistance(typedCharacters, candidateCharacters)
            guard distance <= 2, distance < candidateCharacters.count else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var cost = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cost = min(cost, previousPrevious[j - 2] + 1)
                }
                current[j] = cost
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// `" Did you mean '…'?"` when a suggestion exists, else the empty string.
    static func hint(for typed: String, among candidates: [String], prefix: String = "") -> String {
        guard let match = closest(to: typed, among: candidates) else { return "" }
        return " Did you mean '\(prefix)\(match)'?"
    }
}
