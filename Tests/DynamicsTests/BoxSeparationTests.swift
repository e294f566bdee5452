import XCTest
@testable import Dynamics
import SeededRandom

/// The narrow phase's face separations of two boxes, computed two vertices at a time
/// (`Collide.maxSeparationOfBoxes`) and with early exits (`Collide.maxSeparation`), against the
/// plain search over every edge and vertex, bit for bit.
final class BoxSeparationTests: XCTestCase {
    /// The search the fast versions must match: every edge of `p` against every vertex of `q`,
    /// the best edge being the first with the largest separation.
    private func reference(_ p: Shape, _ q: Shape) -> (edge: Int, separation: Double) {
        var best = -Double.infinity
        var bestEdge = 0
        for i in 0..<p.count {
            let n = p.worldNormals[i], v = p.worldVertices[i]
            var s = Double.infinity
            for j in 0..<q.count { s = min(s, dot(n, q.worldVertices[j] - v)) }
            if s > best {
                best = s
                bestEdge = i
            }
        }
        return (bestEdge, best)
    }

    func testBoxSeparationsMatchThePlainSearchBitForBit() {
        var random = SplitMix64(seed: 0x4B0)
        var apart = 0, close = 0
        for _ in 0..<20_000 {
            let a = randomBox(&random, body: 1, spread: 60, nearlyUnturned: false)
            let b = randomBox(&random, body: 2, spread: 60, nearlyUnturned: false)
            let margin = random.below(4) == 0 ? 0 : random.between(0, 8)
            let expected = reference(a, b)
            let (boxes, general) = withUnsafePointer(to: a) { a in
                withUnsafePointer(to: b) { b in
                    (Collide.maxSeparationOfBoxes(a, b, margin: margin), Collide.maxSeparation(a, b, margin: margin))
                }
            }
            for found in [boxes, general] {
                if expected.separation > margin {
                    // Apart: any edge beyond the margin says so, and the narrow phase stops there.
                    XCTAssertGreaterThan(found.separation, margin)
                } else {
                    XCTAssertEqual(found.edge, expected.edge)
                    XCTAssertEqual(found.separation.bitPattern, expected.separation.bitPattern)
                }
            }
            if expected.separation > margin { apart += 1 } else { close += 1 }
        }
        XCTAssertGreaterThan(apart, 1_000, "the cases include boxes that are apart")
        XCTAssertGreaterThan(close, 1_000, "the cases include boxes that touch or overlap")
    }

    func testTouchingBoxesGiveTheSameManifoldAsTheGeneralPolygonsWould() {
        // Two turned boxes resting on each other: the reference face is the lower box's top.
        let (lower, upper) = restingTurnedBoxes()
        let separation = withUnsafePointer(to: lower) { a in
            withUnsafePointer(to: upper) { b in Collide.maxSeparationOfBoxes(a, b, margin: 2) }
        }
        XCTAssertEqual(separation.edge, 0, "the top face (normal up the screen) separates best")
        XCTAssertEqual(separation.separation.bitPattern, reference(lower, upper).separation.bitPattern)
        let m = Collide.manifold(lower, upper, margin: 2)
        XCTAssertEqual(m.count, 2)
        XCTAssertLessThan(m.normal.y, -0.99, "the normal points from the lower box up to the upper one")
    }
}
