import SeededRandom
import Spelling
import Testing

@Suite struct EditDistanceTests {
    @Test func knownDistances() {
        #expect(EditDistance.damerauLevenshtein("autolayot", "autolayout", cutoff: 2) == 1)
        #expect(EditDistance.damerauLevenshtein("ca", "ac", cutoff: 2) == 1)
        #expect(EditDistance.damerauLevenshtein("kitten", "sitting", cutoff: 3) == 3)
        #expect(EditDistance.damerauLevenshtein("kitten", "sitting", cutoff: 2) == nil)
        #expect(EditDistance.damerauLevenshtein("", "abc", cutoff: 3) == 3)
        #expect(EditDistance.damerauLevenshtein("", "abc", cutoff: 2) == nil)
        #expect(EditDistance.damerauLevenshtein("анимация", "аниамция", cutoff: 1) == 1)
        #expect(EditDistance.damerauLevenshtein("same", "same", cutoff: 0) == 0)
        #expect(EditDistance.damerauLevenshtein("a", "b", cutoff: -1) == nil)
        // Optimal string alignment: "ca" → "abc" needs 3 (no edits of a transposed pair).
        #expect(EditDistance.damerauLevenshtein("ca", "abc", cutoff: 5) == 3)
    }

    /// The banded computation agrees with a plain full-table one on random short strings.
    @Test func bandedMatchesFullComputation() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("abcé")
        func randomWord() -> String {
            String((0..<Int(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<2_000 {
            let a = randomWord(), b = randomWord()
            let cutoff = Int(generator.next() % 5)
            let full = Self.fullDistance(Array(a), Array(b))
            #expect(EditDistance.damerauLevenshtein(a, b, cutoff: cutoff) == (full <= cutoff ? full : nil), "\(a) \(b) \(cutoff)")
        }
    }

    @Test func closestPrefersFewerEditsThenEarlierCandidates() {
        let vocabulary = ["layout", "autolayouts", "autolayout", "animation"]
        #expect(EditDistance.closest(to: "autolayot", in: vocabulary, cutoff: 2) == "autolayout")
        #expect(EditDistance.closest(to: "anmation", in: vocabulary, cutoff: 2) == "animation")
        #expect(EditDistance.closest(to: "zzz", in: vocabulary, cutoff: 2) == nil)
        #expect(EditDistance.closest(to: "layout", in: ["layout"], cutoff: 2) == nil)
        #expect(EditDistance.closest(to: "cat", in: ["bat", "cab"], cutoff: 2) == "bat")
    }

    private static func fullDistance(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test func closestAppliesNormalizationAllowanceAndOrder() {
        let lengths: (Int, Int) -> Int = { _, _ in 1 }
        #expect(EditDistance.closest(to: "Thng1", among: ["thing1", "thing2"], normalize: { $0.lowercased() },
                                     allowance: lengths) == "thing1")
        #expect(EditDistance.closest(to: "Thng1", among: ["thing1"], allowance: lengths) == nil,
                "without normalizing, the case difference costs a second edit")
        #expect(EditDistance.closest(to: "bat", among: ["cat", "hat"], allowance: lengths) == "cat")
        #expect(EditDistance.closest(to: "-json", among: ["port", "json"], allowance: lengths) == "json")
        #expect(EditDistance.closest(to: "prot", among: ["pert", "port"], allowance: { _, _ in 2 }) == "port",
                "a closer later candidate beats an earlier one")
        #expect(EditDistance.closest(to: String(repeating: "a", count: 65), among: ["a"], allowance: { _, _ in 100 }) == nil)
    }
}
