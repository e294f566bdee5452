/// "Did you mean" suggestions for misspelled names.
enum NameSuggestion {
    /// The candidate closest to `name` by edit distance, if close enough to be a likely typo
    /// (at most a third of the name's length, at least 1, at most 3 edits). Ties go to the
    /// earlier candidate, so the answer never depends on anything but the candidates' order.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= 64 else { return nil }
        let limit = min(3, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= limit, other.count <= 64 else { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// ` (did you mean 'x'?)`, or the empty string when nothing is close.
    static func hint(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance counting an adjacent transposition as one edit.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
