import XCTest
@testable import Dynamics
import SeededRandom

/// A two-point contact whose bodies cannot turn is solved as one point, the deeper one, carrying
/// both points' impulses; its preparation computes that point alone. These tests compare it with
/// preparing that point as a one-point contact (deeper point first, impulses summed), which is
/// what preparing both points and then merging them gives for the point that is solved.
final class LinearPreparationTests: XCTestCase {
    private func randomPoint(_ random: inout SplitMix64, id: UInt32) -> ContactPoint {
        var p = ContactPoint()
        p.id = id
        p.anchorA = Vector(random.between(-30, 30), random.between(-30, 30))
        p.anchorB = Vector(random.between(-30, 30), random.between(-30, 30))
        p.separation = random.below(5) == 0 ? 0.25 : random.between(-1, 2)
        p.normalImpulse = random.below(4) == 0 ? 0 : random.between(0, 5)
        p.tangentImpulse = random.between(-2, 2)
        // What the previous step left: preparation must overwrite it.
        p.normalMass = random.between(-9, 9)
        p.baseSeparation = random.between(-9, 9)
        p.maxNormalImpulse = random.between(-9, 9)
        return p
    }

    private func bits(_ p: ContactPoint) -> [UInt64] {
        [UInt64(p.id), p.anchorA.x.bitPattern, p.anchorA.y.bitPattern, p.anchorB.x.bitPattern, p.anchorB.y.bitPattern,
         p.separation.bitPattern, p.baseSeparation.bitPattern, p.normalImpulse.bitPattern, p.tangentImpulse.bitPattern,
         p.maxNormalImpulse.bitPattern, p.normalMass.bitPattern, p.tangentMass.bitPattern, p.relativeVelocity.bitPattern]
    }

    func testTheSolvedPointIsPreparedAsAOnePointContactWithBothImpulses() {
        var random = SplitMix64(seed: 0x11AE_A7)
        let softness = Softness(hertz: 30, zeta: 10, h: 1.0 / 240)
        var swapped = 0
        for trial in 0..<2_000 {
            var massA = SolverBodyMass(), massB = SolverBodyMass()
            var a = SolverBody(), b = SolverBody()
            massA.awake = true
            massA.inverseMass = random.between(0.1, 4)
            a.velocity = Vector(random.between(-300, 300), random.between(-300, 300))
            if random.below(3) != 0 {
                massB.awake = true
                massB.inverseMass = random.between(0.1, 4)
                b.velocity = Vector(random.between(-300, 300), random.between(-300, 300))
            }
            var c = Contact(shapeA: 1, shapeB: 2, bodyA: 1, bodyB: 2)
            let angle = random.between(0, 2 * Double.pi)
            c.normal = Vector(cos(angle), sin(angle))
            c.friction = random.below(3) == 0 ? 0 : random.between(0.1, 1)
            c.count = 2
            c.point0 = randomPoint(&random, id: 7)
            c.point1 = randomPoint(&random, id: 9)
            if random.below(6) == 0 { c.point1.separation = c.point0.separation }

            // The oracle: the deeper point (the first one on a tie) with both impulses, as one point.
            var expected = c
            if c.friction == 0 {
                expected.point0.tangentImpulse = 0
                expected.point1.tangentImpulse = 0
            }
            if expected.point1.separation < expected.point0.separation {
                swap(&expected.point0, &expected.point1)
                swapped += 1
            }
            expected.point0.normalImpulse += expected.point1.normalImpulse
            expected.point0.tangentImpulse += expected.point1.tangentImpulse
            let otherID = expected.point1.id
            expected.count = 1
            expected.prepare(a: a, massA, b: b, massB, softness: softness)

            c.prepare(a: a, massA, b: b, massB, softness: softness)
            XCTAssertTrue(c.linearOnly, "trial \(trial)")
            XCTAssertFalse(c.blockSolve, "trial \(trial)")
            XCTAssertEqual(WideContact.kind(of: c), .linear, "trial \(trial)")
            XCTAssertEqual(c.count, 2, "trial \(trial): both points stay in the manifold")
            XCTAssertEqual(bits(c.point0), bits(expected.point0), "trial \(trial): the solved point")
            XCTAssertEqual(c.point1.id, otherID, "trial \(trial): the other point")
            XCTAssertEqual(c.point1.normalImpulse.bitPattern, 0.0.bitPattern, "trial \(trial): its impulse moved over")
            XCTAssertEqual(c.point1.tangentImpulse.bitPattern, 0.0.bitPattern, "trial \(trial): its impulse moved over")
            XCTAssertEqual(c.softness.biasRate.bitPattern, softness.biasRate.bitPattern, "trial \(trial)")
        }
        XCTAssertGreaterThan(swapped, 500, "the deeper point is often the second one")
        XCTAssertLessThan(swapped, 1_500, "and often the first one")
    }

    /// A body that can turn on either side keeps both points (as a block or one after the other).
    func testABodyThatCanTurnKeepsBothPoints() {
        var random = SplitMix64(seed: 0x7E2)
        let softness = Softness(hertz: 30, zeta: 10, h: 1.0 / 240)
        for trial in 0..<200 {
            var massA = SolverBodyMass(), massB = SolverBodyMass()
            massA.awake = true
            massA.inverseMass = 1
            massA.inverseInertia = random.below(2) == 0 ? 0 : 0.01
            massB.awake = true
            massB.inverseMass = 1
            massB.inverseInertia = massA.inverseInertia == 0 ? 0.02 : random.between(0, 0.02)
            var c = Contact(shapeA: 1, shapeB: 2, bodyA: 1, bodyB: 2)
            c.normal = Vector(0, -1)
            c.count = 2
            c.point0 = randomPoint(&random, id: 1)
            c.point1 = randomPoint(&random, id: 2)
            c.point1.normalMass = -1
            let before = (c.point0.normalImpulse, c.point1.normalImpulse)
            c.prepare(a: SolverBody(), massA, b: SolverBody(), massB, softness: softness)
            XCTAssertFalse(c.linearOnly, "trial \(trial)")
            XCTAssertEqual(c.point0.normalImpulse, before.0, "trial \(trial)")
            XCTAssertEqual(c.point1.normalImpulse, before.1, "trial \(trial)")
            XCTAssertGreaterThan(c.point1.normalMass, 0, "trial \(trial): the second point is prepared too")
        }
    }
}
