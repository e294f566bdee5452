import XCTest
@testable import Dynamics
import SeededRandom

/// The broad phase's candidates, kept while every shape stays within its enlarged bounds and found
/// again for the shapes that leave them (a few apart, many by a whole search): after every step the
/// pairs must be those of comparing every two shapes, in key order, however the shapes moved.
final class BroadPhaseCandidateTests: XCTestCase {
    /// Moves `count` random awake shapes by up to `reach` points and updates their geometry.
    private func move(_ count: Int, reach: Double, _ bodies: inout [Body], _ shapes: inout [Shape],
                      _ random: inout SplitMix64) {
        let awake = shapes.indices.filter { bodies[shapes[$0].body].state == .awake }
        guard !awake.isEmpty else { return }
        for _ in 0..<count {
            let i = awake[random.below(awake.count)]
            let b = shapes[i].body
            bodies[b].position += Vector(random.uniform(-reach...reach), random.uniform(-reach...reach))
            shapes[i].updateWorldGeometry(position: bodies[b].position, rotation: bodies[b].rotation,
                                          margin: random.uniform(0...2))
        }
    }

    func testFewShapesLeavingTheirBoundsKeepThePairsExact() {
        // One to three shapes move per step, often beyond the allowance: their candidates are
        // found apart, against every entry, and merged into the others'.
        var random = SplitMix64(seed: 0xCA4D_0001)
        var changed = 0
        for trial in 0..<60 {
            var (bodies, shapes, broadPhase) = randomBroadPhaseWorld(&random, items: 10 + random.below(40), within: 300,
                                                                     walls: 3, largestWall: 400)
            var previous = assertPairsMatchBruteForce(&broadPhase, shapes, bodies, "trial \(trial), start")
            for step in 0..<40 {
                move(1 + random.below(3), reach: [2.0, 12, 40][random.below(3)], &bodies, &shapes, &random)
                let pairs = assertPairsMatchBruteForce(&broadPhase, shapes, bodies, "trial \(trial), step \(step)")
                if pairs != previous { changed += 1 }
                previous = pairs
            }
        }
        XCTAssertGreaterThan(changed, 600, "the moves must change the pairs")
    }

    func testManyShapesLeavingTheirBoundsAndShapesEnteringKeepThePairsExact() {
        // Many shapes move at once (a whole search), and shapes enter the world between steps.
        var random = SplitMix64(seed: 0xCA4D_0002)
        for trial in 0..<40 {
            var (bodies, shapes, broadPhase) = randomBroadPhaseWorld(&random, items: 30, within: 250, walls: 2,
                                                                     largestWall: 300)
            // A second set of items that enter one by one, as appearances do.
            var waiting: [Int] = []
            for _ in 0..<6 {
                var (body, shape) = randomBroadPhaseItem(&random, body: bodies.count, within: 250)
                body.state = .awake
                bodies.append(body)
                shape.updateWorldGeometry(position: body.position, rotation: body.rotation, margin: 1)
                shapes.append(shape)
                waiting.append(shapes.count - 1)
            }
            for step in 0..<12 {
                if let next = waiting.first, step % 2 == 0 {
                    waiting.removeFirst()
                    broadPhase.insert(shape: next, of: shapes)
                }
                move(random.below(2) == 0 ? 20 : 2, reach: 25, &bodies, &shapes, &random)
                var found: [UInt64] = []
                broadPhase.refresh(shapes: shapes, bodies: bodies)
                broadPhase.pairs(bodies: bodies, into: &found)
                // Shapes still waiting take no part.
                let present = shapes.indices.filter { !waiting.contains($0) }
                let expected = collidingPairsByBruteForce(present.map { shapes[$0] }, bodies)
                    .map { key in Contact.key(present[Int(key >> 32)], present[Int(key & 0xFFFF_FFFF)]) }
                XCTAssertEqual(found, expected, "trial \(trial), step \(step)")
            }
        }
    }
}
