import SeededRandom

/// The draws the randomized Dynamics tests make from one seeded generator, so that every run
/// checks the same cases.
extension SplitMix64 {
    /// A whole number in `0..<n`.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A number in `0..<1` with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A number in `low..<high`.
    mutating func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
}

extension SplitMix64 {
    /// A number in `range`, on a grid of a million steps (so that some draws land exactly on the
    /// range's ends and on round values).
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() % 1_000_001) / 1_000_000 * (range.upperBound - range.lowerBound)
    }
}
