import XCTest
@testable import Dynamics
import SeededRandom

/// Every pair of shapes whose boxes overlap and that may collide, by the rule the world uses,
/// found by comparing every two shapes: the oracle the broad phase's tests compare its pairs with.
func collidingPairsByBruteForce(_ shapes: [Shape], _ bodies: [Body]) -> [UInt64] {
    var pairs: [UInt64] = []
    for i in shapes.indices {
        for j in shapes.indices where j > i {
            let a = shapes[i], b = shapes[j]
            guard a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y,
                  a.body != b.body else { continue }
            let bodyA = bodies[a.body], bodyB = bodies[b.body]
            guard bodyA.state == .awake || bodyB.state == .awake else { continue }
            let collides: Bool
            if a.ownerBit != 0 {
                collides = bodyB.boundaryMask & a.ownerBit != 0 && bodyB.inverseMass > 0
            } else if b.ownerBit != 0 {
                collides = bodyA.boundaryMask & b.ownerBit != 0 && bodyA.inverseMass > 0
            } else {
                collides = bodyA.itemMask & bodyB.itemMask != 0 && (bodyA.inverseMass > 0 || bodyB.inverseMass > 0)
            }
            if collides { pairs.append(Contact.key(i, j)) }
        }
    }
    return pairs
}

/// A random item for the broad-phase tests: a body somewhere in a square of side `side`, awake,
/// asleep or fixed, with random collision masks, and its circle or box shape.
func randomBroadPhaseItem(_ random: inout SplitMix64, body index: Int, within side: Double) -> (Body, Shape) {
    var body = Body(position: Vector(random.uniform(0...side), random.uniform(0...side)), angle: 0,
                    unitMass: 1, unitInertia: 1, extent: 30)
    body.state = [.awake, .awake, .asleep, .fixed][random.below(4)]
    if body.state == .fixed { body.inverseMass = 0 }
    body.itemMask = UInt64(random.below(4))
    body.boundaryMask = UInt64(random.below(4))
    let shape = random.below(3) == 0
        ? Shape.circle(body: index, radius: random.uniform(2...30))
        : Shape.box(body: index, width: random.uniform(2...60), height: random.uniform(2...60))
    return (body, shape)
}

/// A random world for the broad-phase tests: the ground and `items` random items in a square of
/// side `side`, `walls` boundary walls up to `largestWall` wide and high (alternately owning bits
/// 0 and 1), every shape's geometry updated with a random margin, and a broad phase holding them.
func randomBroadPhaseWorld(_ random: inout SplitMix64, items: Int, within side: Double, walls: Int,
                           largestWall: Double) -> (bodies: [Body], shapes: [Shape], broadPhase: BroadPhase) {
    var bodies = [Body.ground]
    var shapes: [Shape] = []
    for i in 0..<items {
        let (body, shape) = randomBroadPhaseItem(&random, body: i + 1, within: side)
        bodies.append(body)
        shapes.append(shape)
    }
    for wall in 0..<walls {
        shapes.append(.box(body: 0, width: random.uniform(10...largestWall), height: random.uniform(10...largestWall),
                           center: Vector(random.uniform(0...side), random.uniform(0...side)),
                           ownerBit: UInt64(1) << UInt64(wall % 2), boundaryName: wall))
    }
    var broadPhase = BroadPhase()
    for i in shapes.indices {
        let body = bodies[shapes[i].body]
        shapes[i].updateWorldGeometry(position: body.position, rotation: body.rotation, margin: random.uniform(0...2))
        broadPhase.insert(shape: i, of: shapes)
    }
    return (bodies, shapes, broadPhase)
}

/// Refreshes `broadPhase` and checks the pairs it finds against `collidingPairsByBruteForce`:
/// the same pairs, in key order (so none twice). Returns the pairs expected.
@discardableResult
func assertPairsMatchBruteForce(_ broadPhase: inout BroadPhase, _ shapes: [Shape], _ bodies: [Body], _ message: String,
                                file: StaticString = #filePath, line: UInt = #line) -> [UInt64] {
    broadPhase.refresh(shapes: shapes, bodies: bodies)
    var found: [UInt64] = []
    broadPhase.pairs(bodies: bodies, into: &found)
    let expected = collidingPairsByBruteForce(shapes, bodies)
    XCTAssertEqual(found, expected, message, file: file, line: line)
    return expected
}
