/// The candidate closest to `word` by edit distance when it is close enough to be a likely misspelling
/// (at most one edit per three characters, and at least one); ties go to the earlier candidate.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let maximumLength = 64
    let source = Array(word.unicodeScalars)
    guard !source.isEmpty, source.count <= maximumLength else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let target = Array(candidate.unicodeScalars)
        guard target.count <= maximumLength else { continue }
        let allowed = max(1, min(source.count, target.count) / 3)
        let distance = editDistance(source, target)
        if distance <= allowed, distance < (best?.distance ?? Int.max) {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// Levenshtein distance (insertions, deletions, substitutions) between two scalar sequences.
private func editDistance(_ source: [Unicode.Scalar], _ target: [Unicode.Scalar]) -> Int {
    var previous = Array(0...target.count)
    var current = previous
    for (row, sourceScalar) in source.enumerated() {
        current[0] = row + 1
        for (column, targetScalar) in target.enumerated() {
            let substitution = previous[column] + (sourceScalar == targetScalar ? 0 : 1)
            current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
        }
        swap(&previous, &current)
    }
    return previous[target.count]
}
