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
