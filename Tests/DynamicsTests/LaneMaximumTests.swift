import XCTest
@testable import Dynamics
import SeededRandom

/// The one- and two-point passes keep each point's largest normal impulse with `laneMax`, where
/// they used `pointwiseMax`. Only whether it is above zero is ever read (restitution), so both
/// must give the same answer for every pair of lanes, zeros of either sign and NaN included,
/// also when the kept value is carried over many passes.
final class LaneMaximumTests: XCTestCase {
    private static let specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e-300, -1e-300, 2, -2]

    private func draw(_ random: inout SplitMix64) -> Double {
        random.below(3) == 0 ? Self.specials[random.below(Self.specials.count)] : random.between(-3, 3)
    }

    func testTheLaneSelectAndThePointwiseMaximumAgreeOnWhetherAnImpulseWasPositive() {
        var random = SplitMix64(seed: 0x5E1EC7)
        var positives = 0, others = 0
        for trial in 0..<5_000 {
            // A point's value starts at zero (preparation) and is kept over a few passes.
            var kept = Lanes(), reference = Lanes()
            for pass in 0..<(1 + random.below(6)) {
                let delta = Lanes(draw(&random), draw(&random))
                kept = laneMax(kept, delta)
                reference = pointwiseMax(reference, delta)
                for lane in 0..<Lanes.scalarCount {
                    XCTAssertEqual(kept[lane] > 0, reference[lane] > 0,
                                   "trial \(trial) pass \(pass) lane \(lane): \(kept[lane]) against \(reference[lane])")
                    if reference[lane] > 0 { positives += 1 } else { others += 1 }
                }
            }
        }
        XCTAssertGreaterThan(positives, 5_000, "many lanes saw a positive impulse")
        XCTAssertGreaterThan(others, 2_000, "many lanes did not")
    }
}
