import XCTest
@testable import Dynamics
import SeededRandom

/// The broad phase keeps candidate pairs from step to step and checks them against the bodies as
/// they are. These tests change the bodies between steps, as script events, sleeping and
/// appearances do (waking, falling asleep, anchoring, new collision masks), and check every step's
/// pairs against comparing every two shapes with the bodies as they are.
final class BroadPhaseFilterTests: XCTestCase {
    func testPairsFollowBodiesThatChangeBetweenSteps() {
        var random = SplitMix64(seed: 0x5EED_0019)
        var changedPairs = 0
        for trial in 0..<150 {
            let itemCount = 2 + random.below(30)
            var (bodies, shapes, broadPhase) = randomBroadPhaseWorld(&random, items: itemCount, within: 300, walls: 2,
                                                                     largestWall: 700)
            var previous: [UInt64]? = nil
            for step in 0..<6 {
                // Between steps: bodies wake, fall asleep, get or lose an anchor and change masks.
                for b in 1..<bodies.count where random.below(3) == 0 {
                    switch random.below(4) {
                    case 0:
                        bodies[b].state = .awake
                        bodies[b].inverseMass = 1
                    case 1:
                        if bodies[b].state == .awake { bodies[b].state = .asleep }
                    case 2:
                        bodies[b].state = .fixed
                        bodies[b].inverseMass = 0
                    default:
                        bodies[b].itemMask = UInt64(random.below(4))
                        bodies[b].boundaryMask = UInt64(random.below(4))
                    }
                }
                // Awake bodies move; the others keep their bounds, as in the world.
                for i in shapes.indices where bodies[shapes[i].body].state == .awake {
                    bodies[shapes[i].body].position += Vector(random.uniform(-20...20), random.uniform(-20...20))
                    let body = bodies[shapes[i].body]
                    shapes[i].updateWorldGeometry(position: body.position, rotation: body.rotation, margin: random.uniform(0...2))
                }
                let expected = assertPairsMatchBruteForce(&broadPhase, shapes, bodies, "trial \(trial), step \(step)")
                if let previous, previous != expected { changedPairs += 1 }
                previous = expected
            }
        }
        XCTAssertGreaterThan(changedPairs, 300, "the changes between steps must change the pairs")
    }

    /// The pairs are written into room made beforehand for every candidate: all 780 pairs of a
    /// heap of 40 overlapping boxes are found, after keys already in the array, which stay.
    func testPairsBeyondTheRoomAreAllFoundAfterExistingKeys() {
        var random = SplitMix64(seed: 0x5EED_0020)
        var bodies = [Body.ground]
        var shapes: [Shape] = []
        for i in 0..<40 {
            var body = Body(position: Vector(100 + random.uniform(0...5), 100 + random.uniform(0...5)), angle: 0,
                            unitMass: 1, unitInertia: 1, extent: 30)
            body.state = .awake
            body.itemMask = 1
            bodies.append(body)
            shapes.append(.box(body: i + 1, width: 20, height: 20))
        }
        var broadPhase = BroadPhase()
        for i in shapes.indices {
            shapes[i].updateWorldGeometry(position: bodies[i + 1].position, rotation: .identity, margin: 0.5)
            broadPhase.insert(shape: i, of: shapes)
        }
        broadPhase.refresh(shapes: shapes, bodies: bodies)
        let expected = collidingPairsByBruteForce(shapes, bodies)
        XCTAssertEqual(expected.count, 780)
        var keys: [UInt64] = [7, 8, 9]
        broadPhase.pairs(bodies: bodies, into: &keys)
        XCTAssertEqual(Array(keys.prefix(3)), [7, 8, 9])
        XCTAssertEqual(Array(keys.dropFirst(3)), expected)
        // Again into the grown array, emptied: one sweep, the same pairs in the same order.
        let first = Array(keys.dropFirst(3))
        keys.removeAll(keepingCapacity: true)
        broadPhase.pairs(bodies: bodies, into: &keys)
        XCTAssertEqual(keys, first)
    }
}
