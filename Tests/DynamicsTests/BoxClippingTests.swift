import XCTest
@testable import Dynamics
import SeededRandom

/// The turned-box clipping (`Collide.clipBox`: corners by masked index, kept points written in
/// place) against the general clipping (`Collide.anyPolygons`), bit for bit, with margins set on
/// the two clipped points' own separations and one unit in the last place either side, so that
/// every way of keeping them (both, the first only, the second only, neither) meets its tie.
final class BoxClippingTests: XCTestCase {
    /// A box resting on, sunk into or lifted a little off a random face of a turned box `a`, slid
    /// along it so that one or both of its corners may be clipped.
    private func pair(_ random: inout SplitMix64) -> (Shape, Shape) {
        if random.below(4) == 0 {
            return (randomBox(&random, body: 1, spread: 30, nearlyUnturned: true),
                    randomBox(&random, body: 2, spread: 30, nearlyUnturned: true))
        }
        let angle = random.below(5) == 0 ? 0 : random.between(-Double.pi, Double.pi)
        var a = Shape.box(body: 1, width: random.between(4, 80), height: random.between(4, 80))
        a.updateWorldGeometry(position: Vector(random.between(-30, 30), random.between(-30, 30)),
                              rotation: Rotation(angle: angle), margin: 1)
        let face = random.below(4)
        let n = a.worldNormals[face]
        let middle = 0.5 * (a.worldVertices[face] + a.worldVertices[(face + 1) & 3])
        let width = random.between(4, 80), height = random.between(4, 80)
        let across = face & 1 == 0 ? height : width
        let turns = [0, 1e-9, -1e-9, random.between(-0.05, 0.05), random.between(-0.4, 0.4)]
        let gap = random.below(3) == 0 ? 0 : random.between(-1, 3)
        let center = middle + (gap + 0.5 * across) * n + random.between(-60, 60) * n.perpendicular
        var b = Shape.box(body: 2, width: width, height: height)
        b.updateWorldGeometry(position: center, rotation: Rotation(angle: angle + turns[random.below(turns.count)]),
                              margin: 1)
        return random.below(2) == 0 ? (a, b) : (b, a)
    }

    func testTheBoxClippingKeepsThePointsTheGeneralOneKeepsBitForBit() {
        var random = SplitMix64(seed: 0xC11B)
        var both = 0, firstOnly = 0, secondOnly = 0, neither = 0
        for _ in 0..<60_000 {
            let (a, b) = pair(&random)
            let (fast, general) = withUnsafePointer(to: a) { pa in
                withUnsafePointer(to: b) { pb in
                    // The clipped points' separations, from the general route with every point kept.
                    let all = Collide.anyPolygons(pa, pb, margin: .infinity)
                    let candidates = [all.point0.separation, all.point1.separation].prefix(all.count)
                    var margin = candidates.isEmpty ? random.between(0, 4) : candidates[random.below(candidates.count)]
                    switch random.below(3) {
                    case 0: margin = margin.nextUp
                    case 1: margin = margin.nextDown
                    default: break
                    }
                    return (Collide.boxes(pa, pb, margin: margin), Collide.anyPolygons(pa, pb, margin: margin))
                }
            }
            XCTAssertEqual(fast.bits, general.bits, "A \(a.worldVertices[0]), B \(b.worldVertices[0])")
            switch general.count {
            case 2: both += 1
            case 1:
                if isFirstCandidate(general, a, b) { firstOnly += 1 } else { secondOnly += 1 }
            case 0: neither += 1
            default: break
            }
        }
        XCTAssertGreaterThan(both, 5_000, "both points kept")
        XCTAssertGreaterThan(firstOnly, 1_000, "only the first point kept")
        XCTAssertGreaterThan(secondOnly, 1_000, "only the second point kept")
        XCTAssertGreaterThan(neither, 5_000, "no point kept")
    }

    /// Whether a one-point manifold kept the first of the two clipped points: the one the general
    /// route with every point kept lists first.
    private func isFirstCandidate(_ m: Manifold, _ a: Shape, _ b: Shape) -> Bool {
        let all = withUnsafePointer(to: a) { pa in
            withUnsafePointer(to: b) { pb in Collide.anyPolygons(pa, pb, margin: .infinity) }
        }
        return all.count == 2 && all.point0.id == m.point0.id
    }

    func testABrokenKeepingRuleIsSeen() {
        // Two turned boxes resting on each other keep two points; a margin between their
        // separations keeps one, and the comparison sees it differ from both kept.
        let (lower, upper) = restingTurnedBoxes()
        let two = withUnsafePointer(to: lower) { a in withUnsafePointer(to: upper) { b in Collide.boxes(a, b, margin: 2) } }
        XCTAssertEqual(two.count, 2)
        let between = 0.5 * (two.point0.separation + two.point1.separation)
        let one = withUnsafePointer(to: lower) { a in
            withUnsafePointer(to: upper) { b in Collide.boxes(a, b, margin: between) }
        }
        XCTAssertEqual(one.count, 1)
        XCTAssertNotEqual(one.bits, two.bits)
    }
}
