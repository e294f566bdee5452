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
