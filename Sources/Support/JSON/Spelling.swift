import Spelling

/// The candidate closest to `word` by edit distance when it is close enough to be a likely misspelling
/// (at most one edit per three characters, and at least one); ties go to the earlier candidate.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    EditDistance.closest(to: word, among: candidates) { wordLength, candidateLength in
        max(1, min(wordLength, candidateLength) / 3)
    }
}
