/// Edit distances for "did you mean" suggestions: one implementation for every module that
/// suggests a name (command-line options, JSON fields, layout views, search words).
public enum EditDistance {
    /// Words longer than this are never compared (the comparison grows with length × cutoff).
    public static let maximumComparedLength = 64

    /// The Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
    /// substitutions and transpositions of adjacent characters) between `a` and `b`, or nil when it
    /// exceeds `cutoff`. Runs in O(length × cutoff) time: only a diagonal band is computed.
    public static func damerauLevenshtein(_ a: String, _ b: String, cutoff: Int) -> Int? {
        let source = Array(a), target = Array(b)
        guard cutoff >= 0, abs(source.count - target.count) <= cutoff else { return nil }
        if source.isEmpty || target.isEmpty { return max(source.count, target.count) }
        let width = target.count + 1
        let infinity = cutoff + 1
        var previousPrevious = [Int](repeating: infinity, count: width)
        var previous = (0..<width).map { $0 <= cutoff ? $0 : infinity }
        var current = [Int](repeating: infinity, count: width)
        for i in 1...source.count {
            let low = max(1, i - cutoff), high = min(target.count, i + cutoff)
            current[0] = i <= cutoff ? i : infinity
            if low > 1 { current[low - 1] = infinity }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = source[i - 1] == target[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                        value = min(value, previousPrevious[j - 2] + 1)
                    }
                    current[j] = min(value, infinity)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < target.count { current[high + 1] = infinity }
            guard rowMinimum <= cutoff else { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        let distance = previous[target.count]
        return distance <= cutoff ? distance : nil
    }

    /// The candidate closest to `word` within `cutoff` edits, excluding `word` itself;
    /// ties go to the earlier candidate (pass candidates by descending frequency). The search stops
    /// at the first candidate one edit away, since only `word` itself could be closer.
    public static func closest(to word: String, in candidates: some Sequence<String>, cutoff: Int) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let limit = best.map { $0.distance - 1 } ?? cutoff
            guard limit >= 0, let distance = damerauLevenshtein(word, candidate, cutoff: limit) else { continue }
            best = (candidate, distance)
            if distance <= 1 { break }
        }
        return best?.candidate
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo; ties go to the
    /// earlier candidate, so the answer depends only on the candidates' order.
    ///
    /// - Parameters:
    ///   - normalize: applied to `word` and every candidate before comparing (e.g. lowercasing).
    ///   - allowance: the most edits accepted between a word and a candidate of the given lengths
    ///     (in characters, after normalizing).
    public static func closest(
        to word: String, among candidates: some Sequence<String>,
        normalize: (String) -> String = { $0 },
        allowance: (_ wordLength: Int, _ candidateLength: Int) -> Int
    ) -> String? {
        let normalizedWord = normalize(word)
        let wordLength = normalizedWord.count
        guard wordLength > 0, wordLength <= maximumComparedLength else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let normalizedCandidate = normalize(candidate)
            let candidateLength = normalizedCandidate.count
            guard candidateLength <= maximumComparedLength else { continue }
            let limit = min(allowance(wordLength, candidateLength), (best?.distance ?? Int.max) - 1)
            guard limit >= 0,
                  let distance = damerauLevenshtein(normalizedWord, normalizedCandidate, cutoff: limit)
            else { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }
}
