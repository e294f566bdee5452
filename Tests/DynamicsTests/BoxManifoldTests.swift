import XCTest
@testable import Dynamics
import SeededRandom

/// The narrow phase's route for two boxes (`Collide.boxes`) against the general separating-axis
/// test and clipping (`Collide.anyPolygons`), and the contact update against a plain restatement
/// of what it must do, bit for bit on seeded random cases.
final class BoxManifoldTests: XCTestCase {
    /// The differences between two manifolds, bit for bit (normal, count, and each point's
    /// position, separation and id); empty when they are the same.
    private func differences(_ m: Manifold, _ n: Manifold) -> [String] {
        var found: [String] = []
        if m.count != n.count { found.append("count \(m.count) vs \(n.count)") }
        if m.normal.x.bitPattern != n.normal.x.bitPattern || m.normal.y.bitPattern != n.normal.y.bitPattern {
            found.append("normal \(m.normal) vs \(n.normal)")
        }
        for (p, q) in [(m.point0, n.point0), (m.point1, n.point1)].prefix(min(m.count, n.count)) {
            if p.point.x.bitPattern != q.point.x.bitPattern || p.point.y.bitPattern != q.point.y.bitPattern {
                found.append("point \(p.point) vs \(q.point)")
            }
            if p.separation.bitPattern != q.separation.bitPattern { found.append("separation \(p.separation) vs \(q.separation)") }
            if p.id != q.id { found.append("id \(p.id) vs \(q.id)") }
        }
        return found
    }

    func testTwoBoxesGiveTheGeneralManifoldBitForBit() {
        var random = SplitMix64(seed: 0xB0C5)
        var none = 0, one = 0, two = 0, flipped = 0
        for _ in 0..<20_000 {
            let a = randomBox(&random, body: 1, spread: 50, nearlyUnturned: true)
            let b = randomBox(&random, body: 2, spread: 50, nearlyUnturned: true)
            let margin = random.below(4) == 0 ? 0 : random.between(0, 8)
            let (fast, general) = withUnsafePointer(to: a) { a in
                withUnsafePointer(to: b) { b in
                    (Collide.boxes(a, b, margin: margin), Collide.anyPolygons(a, b, margin: margin))
                }
            }
            let found = differences(fast, general)
            XCTAssert(found.isEmpty, "\(found)")
            switch general.count {
            case 0: none += 1
            case 1: one += 1
            default: two += 1
            }
            if general.count > 0 && general.point0.id & 0x10000 != 0 { flipped += 1 }
        }
        XCTAssertGreaterThan(none, 1_000, "boxes apart")
        XCTAssertGreaterThan(one, 200, "one point kept")
        XCTAssertGreaterThan(two, 1_000, "two points kept")
        XCTAssertGreaterThan(flipped, 200, "B's face as the reference")
    }

    func testTheComparisonSeesAOneBitChange() {
        // Two turned boxes resting on each other give a two-point manifold; changing any part of
        // it by one unit in the last place, or an id, must count as a difference.
        let (lower, upper) = restingTurnedBoxes()
        let m = withUnsafePointer(to: lower) { a in withUnsafePointer(to: upper) { b in Collide.boxes(a, b, margin: 2) } }
        XCTAssertEqual(m.count, 2)
        XCTAssertTrue(differences(m, m).isEmpty)
        var changes: [Manifold] = []
        var n = m
        n.normal.y = n.normal.y.nextUp
        changes.append(n)
        n = m
        n.point1.point.x = n.point1.point.x.nextDown
        changes.append(n)
        n = m
        n.point0.separation = n.point0.separation.nextUp
        changes.append(n)
        n = m
        n.point1.id ^= 1
        changes.append(n)
        n = m
        n.count = 1
        changes.append(n)
        for changed in changes { XCTAssertFalse(differences(m, changed).isEmpty) }
    }

    /// What `Contact.update` must do, stated plainly: clear both points, fill those the manifold
    /// has, and give each the impulses of the previous first point with its id, else of the
    /// previous second point with its id.
    private func expectedUpdate(_ c: Contact, _ m: Manifold, _ centerA: Vector, _ centerB: Vector) -> Contact {
        var e = c
        e.normal = m.normal
        e.count = m.count
        let old = [c.point0, c.point1].prefix(c.count)
        func fill(_ p: ManifoldPoint) -> ContactPoint {
            var q = ContactPoint()
            q.id = p.id
            q.separation = p.separation
            q.anchorA = p.point - centerA
            q.anchorB = p.point - centerB
            if let previous = old.first(where: { $0.id == p.id }) {
                q.normalImpulse = previous.normalImpulse
                q.tangentImpulse = previous.tangentImpulse
            }
            return q
        }
        e.point0 = m.count > 0 ? fill(m.point0) : ContactPoint()
        e.point1 = m.count > 1 ? fill(m.point1) : ContactPoint()
        e.touching = [m.point0, m.point1].prefix(m.count).contains { $0.separation < Tuning.linearSlop }
        return e
    }

    /// Every field of a contact point, as bits.
    private func bits(_ p: ContactPoint) -> [UInt64] {
        [UInt64(p.id), p.anchorA.x.bitPattern, p.anchorA.y.bitPattern, p.anchorB.x.bitPattern, p.anchorB.y.bitPattern,
         p.baseSeparation.bitPattern, p.separation.bitPattern, p.normalImpulse.bitPattern, p.tangentImpulse.bitPattern,
         p.maxNormalImpulse.bitPattern, p.normalMass.bitPattern, p.tangentMass.bitPattern, p.relativeVelocity.bitPattern]
    }

    private func bits(_ c: Contact) -> [UInt64] {
        [c.normal.x.bitPattern, c.normal.y.bitPattern, UInt64(c.count), c.touching ? 1 : 0] + bits(c.point0) + bits(c.point1)
    }

    private func randomPoint(_ random: inout SplitMix64, ids: [UInt32]) -> ContactPoint {
        var p = ContactPoint()
        p.id = ids[random.below(ids.count)]
        p.anchorA = Vector(random.between(-20, 20), random.between(-20, 20))
        p.anchorB = Vector(random.between(-20, 20), random.between(-20, 20))
        p.baseSeparation = random.between(-1, 1)
        p.separation = random.between(-1, 1)
        p.normalImpulse = random.below(4) == 0 ? 0 : random.between(0, 50)
        p.tangentImpulse = random.between(-10, 10)
        p.maxNormalImpulse = random.between(0, 5)
        p.normalMass = random.between(0, 2)
        p.tangentMass = random.between(0, 2)
        p.relativeVelocity = random.between(-100, 100)
        return p
    }

    func testContactUpdateMatchesThePlainStatement() {
        var random = SplitMix64(seed: 0xC0DA)
        let ids: [UInt32] = [0, 1, 2, 0x10, 0x11, 0x102, 0x10003]
        var inherited = 0, fresh = 0
        for _ in 0..<20_000 {
            var c = Contact(shapeA: 0, shapeB: 1, bodyA: 1, bodyB: 2)
            c.count = random.below(3)
            c.normal = Vector(random.between(-1, 1), random.between(-1, 1))
            c.point0 = randomPoint(&random, ids: ids)
            c.point1 = randomPoint(&random, ids: ids)
            c.touching = random.below(2) == 0
            var m = Manifold()
            m.normal = Vector(random.between(-1, 1), random.between(-1, 1))
            for _ in 0..<random.below(3) {
                m.add(ManifoldPoint(point: Vector(random.between(-50, 50), random.between(-50, 50)),
                                    separation: random.between(-1, 1), id: ids[random.below(ids.count)]))
            }
            let centerA = Vector(random.between(-50, 50), random.between(-50, 50))
            let centerB = Vector(random.between(-50, 50), random.between(-50, 50))
            let expected = expectedUpdate(c, m, centerA, centerB)
            var updated = c
            updated.update(with: m, centerA: centerA, centerB: centerB)
            XCTAssertEqual(bits(updated), bits(expected))
            if m.count > 0 && expected.point0.normalImpulse != 0 { inherited += 1 } else { fresh += 1 }
        }
        XCTAssertGreaterThan(inherited, 1_000, "points that keep their impulses")
        XCTAssertGreaterThan(fresh, 2_000, "points that start without impulses")
    }

    func testTheUpdateComparisonSeesAStalePoint() {
        // A contact whose second point keeps a solver number it should have cleared differs.
        var c = Contact(shapeA: 0, shapeB: 1, bodyA: 1, bodyB: 2)
        c.count = 2
        c.point1.normalMass = 0.5
        var m = Manifold()
        m.add(ManifoldPoint(point: Vector(1, 2), separation: -0.1, id: 3))
        let expected = expectedUpdate(c, m, .zero, .zero)
        var updated = c
        updated.update(with: m, centerA: .zero, centerB: .zero)
        XCTAssertEqual(bits(updated), bits(expected))
        var stale = expected
        stale.point1.normalMass = 0.5
        XCTAssertNotEqual(bits(stale), bits(expected))
    }
}
