import XCTest
@testable import Dynamics
import SeededRandom

/// The contact solver's wide batches: how contacts are levelled and packed (`ContactBatches`), and
/// that solving the batches gives bit for bit what solving the contacts one after the other in
/// contact order gives (the plain Gauss–Seidel order the levels are built to keep).
final class ContactBatchTests: XCTestCase {
    /// A random world's worth of solver input: body 0 is the ground; other bodies are awake or
    /// held static (sleeping, anchored), may turn or not; contacts join random pairs with one or two
    /// points, prepared as a step would prepare them.
    private struct Case {
        var bodies: [SolverBody] = []
        var masses: [SolverBodyMass] = []
        var contacts: [Contact] = []
        var active: [Int] = []

        init(_ random: inout SplitMix64) {
            let bodyCount = 2 + random.below(40)
            for i in 0..<bodyCount {
                var mass = SolverBodyMass()
                var body = SolverBody()
                if i > 0 && random.below(6) != 0 {
                    mass.awake = true
                    mass.inverseMass = random.between(0.2, 3)
                    mass.inverseInertia = random.below(4) == 0 ? 0 : random.between(1e-4, 1e-2)
                    body.velocity = Vector(random.between(-50, 50), random.between(-50, 50))
                    body.angularVelocity = mass.inverseInertia > 0 ? random.between(-2, 2) : 0
                }
                bodies.append(body)
                masses.append(mass)
            }
            let contactCount = random.below(80)
            let softness = Softness(hertz: 30, zeta: 10, h: 1.0 / 240)
            for _ in 0..<contactCount {
                let a = random.below(bodyCount), b = random.below(bodyCount)
                guard a != b else { continue }
                var c = Contact(shapeA: contacts.count, shapeB: contacts.count + 1, bodyA: a, bodyB: b)
                let angle = random.between(0, 2 * Double.pi)
                c.normal = Vector(cos(angle), sin(angle))
                c.friction = random.below(3) == 0 ? 0 : random.between(0.1, 1)
                c.count = 1 + random.below(2)
                for k in 0..<c.count {
                    var p = ContactPoint()
                    p.id = UInt32(k)
                    p.anchorA = Vector(random.between(-20, 20), random.between(-20, 20))
                    p.anchorB = Vector(random.between(-20, 20), random.between(-20, 20))
                    p.separation = random.between(-0.8, 1.5)
                    p.normalImpulse = random.between(0, 2)
                    p.tangentImpulse = random.between(-0.5, 0.5)
                    if k == 0 { c.point0 = p } else { c.point1 = p }
                }
                if c.count == 2 && random.below(5) == 0 {
                    // Two points almost on top of each other: a matrix too ill-conditioned for
                    // the block solve, so the points are solved one after the other.
                    c.point1.anchorA = c.point0.anchorA + Vector(1e-7, 0)
                    c.point1.anchorB = c.point0.anchorB + Vector(1e-7, 0)
                }
                if masses[a].awake || masses[b].awake {
                    c.prepare(a: bodies[a], masses[a], b: bodies[b], masses[b], softness: softness)
                    active.append(contacts.count)
                }
                contacts.append(c)
            }
        }
    }

    /// Runs a substep's contact passes (warm start, solve, relax) over `batches`, moving the
    /// bodies a little between the solve and the relax pass as the position integration does.
    private func run(_ run: inout BatchRun, _ bodies: inout [SolverBody], _ masses: [SolverBodyMass]) {
        run.withBatches { batches in
            bodies.withUnsafeMutableBufferPointer { bodies in
                WideContactSolver.warmStart(batches, bodies)
                WideContactSolver.solve(batches, bodies, inverseH: 240, useBias: true)
                for i in bodies.indices where masses[i].awake {
                    bodies[i].deltaPosition += (1.0 / 240) * bodies[i].velocity
                    let turn = bodies[i].angularVelocity / 240
                    bodies[i].deltaRotation = Rotation(angle: turn)
                }
                WideContactSolver.solve(batches, bodies, inverseH: 240, useBias: false)
            }
        }
    }

    func testLevelledBatchesSolveBitForBitLikeTheContactsOneAfterTheOther() {
        var random = SplitMix64(seed: 0x19)
        var checked = 0
        for _ in 0..<300 {
            let input = Case(&random)
            var batches = ContactBatches()
            batches.build(contacts: input.contacts, active: input.active, masses: input.masses)
            var wide = BatchRun(batches)
            var sequential = BatchRun(oneContactPerBatchOf: batches, contacts: input.contacts, masses: input.masses)
            var wideBodies = input.bodies, sequentialBodies = input.bodies
            run(&wide, &wideBodies, input.masses)
            run(&sequential, &sequentialBodies, input.masses)
            for i in input.bodies.indices {
                XCTAssertEqual(wideBodies[i].velocity.x.bitPattern, sequentialBodies[i].velocity.x.bitPattern, "body \(i)")
                XCTAssertEqual(wideBodies[i].velocity.y.bitPattern, sequentialBodies[i].velocity.y.bitPattern, "body \(i)")
                XCTAssertEqual(wideBodies[i].angularVelocity.bitPattern, sequentialBodies[i].angularVelocity.bitPattern, "body \(i)")
            }
            var wideContacts = input.contacts, sequentialContacts = input.contacts
            wideContacts.withUnsafeMutableBufferPointer { contacts in
                wide.withBatches { $0.storeImpulses(contacts) }
            }
            sequentialContacts.withUnsafeMutableBufferPointer { contacts in
                sequential.withBatches { $0.storeImpulses(contacts) }
            }
            for ci in input.active {
                for (w, s) in [(wideContacts[ci].point0, sequentialContacts[ci].point0),
                               (wideContacts[ci].point1, sequentialContacts[ci].point1)] {
                    XCTAssertEqual(w.normalImpulse.bitPattern, s.normalImpulse.bitPattern, "contact \(ci)")
                    XCTAssertEqual(w.tangentImpulse.bitPattern, s.tangentImpulse.bitPattern, "contact \(ci)")
                    XCTAssertEqual(w.maxNormalImpulse.bitPattern, s.maxNormalImpulse.bitPattern, "contact \(ci)")
                }
            }
            checked += input.active.count
        }
        XCTAssertGreaterThan(checked, 3000, "the cases exercise enough contacts")
    }

    /// The quad batches solve in floats what the pair batches solve in doubles: the same contacts
    /// in the same order, once through the layout (quads for the kinds that turn) and once one
    /// contact at a time in doubles, give velocities and impulses within float rounding.
    func testQuadBatchesSolveLikeTheDoublesWithinFloatRounding() {
        var random = SplitMix64(seed: 0x4F10A7)
        var compared = 0, largest = 0.0
        for _ in 0..<300 {
            let input = Case(&random)
            var batches = ContactBatches()
            batches.build(contacts: input.contacts, active: input.active, masses: input.masses)
            guard batches.quadCount > 0 else { continue }
            var quads = BatchRun(batches)
            var doubles = BatchRun(oneContactPerBatchOf: batches, contacts: input.contacts, masses: input.masses, inDoubles: true)
            var quadBodies = input.bodies, doubleBodies = input.bodies
            run(&quads, &quadBodies, input.masses)
            run(&doubles, &doubleBodies, input.masses)
            func close(_ x: Double, _ y: Double, _ what: String) {
                let error = abs(x - y) / (1 + abs(y))
                largest = max(largest, error)
                XCTAssertLessThan(error, 1e-3, "\(what): \(x) in floats against \(y) in doubles")
            }
            for i in input.bodies.indices {
                close(quadBodies[i].velocity.x, doubleBodies[i].velocity.x, "body \(i) velocity x")
                close(quadBodies[i].velocity.y, doubleBodies[i].velocity.y, "body \(i) velocity y")
                close(quadBodies[i].angularVelocity, doubleBodies[i].angularVelocity, "body \(i) angular velocity")
            }
            var quadContacts = input.contacts, doubleContacts = input.contacts
            quadContacts.withUnsafeMutableBufferPointer { contacts in quads.withBatches { $0.storeImpulses(contacts) } }
            doubleContacts.withUnsafeMutableBufferPointer { contacts in doubles.withBatches { $0.storeImpulses(contacts) } }
            for ci in input.active {
                close(quadContacts[ci].point0.normalImpulse, doubleContacts[ci].point0.normalImpulse, "contact \(ci) normal impulse")
                close(quadContacts[ci].point1.tangentImpulse, doubleContacts[ci].point1.tangentImpulse, "contact \(ci) tangent impulse")
            }
            compared += 1
        }
        XCTAssertGreaterThan(compared, 100, "the cases lay out quads")
        XCTAssertGreaterThan(largest, 0, "floats round somewhere: the comparison sees both forms")
    }

    func testBatchesHoldEveryActiveContactOnceWithoutSharingAMovingBodyAndKeepEachBodysOrder() {
        var random = SplitMix64(seed: 0x2024)
        var sawTwoLanes = false, sawEveryKind = Set<UInt8>(), sawPairs = false, sawQuads = false
        for _ in 0..<300 {
            let input = Case(&random)
            var built = ContactBatches()
            built.build(contacts: input.contacts, active: input.active, masses: input.masses)
            var seen: [Int] = []
            var lastContactOfBody = Array(repeating: -1, count: input.masses.count)
            for batch in built.views {
                sawEveryKind.insert(batch.kind.rawValue)
                if batch.isQuad { sawQuads = true } else { sawPairs = true }
                if batch.kind == .linear { XCTAssertFalse(batch.isQuad, "boxes that cannot turn are solved in doubles") }
                var movingInBatch: [Int] = []
                var lanesUsed = 0
                for lane in batch.contacts.indices {
                    let ci = batch.contacts[lane]
                    guard ci >= 0 else {
                        XCTAssertEqual(batch.bodyA[lane], 0, "padding is on the ground")
                        XCTAssertEqual(batch.bodyB[lane], 0, "padding is on the ground")
                        XCTAssertEqual(batch.inverseMassA[lane] + batch.inverseMassB[lane], 0, "padding has no mass")
                        XCTAssertEqual(batch.normalMass[lane], 0, "padding pushes nothing")
                        continue
                    }
                    lanesUsed += 1
                    seen.append(ci)
                    let c = input.contacts[ci]
                    XCTAssertEqual(batch.kind, WideContact.kind(of: c), "contact \(ci) is in a batch of its kind")
                    XCTAssertEqual(batch.bodyA[lane], c.bodyA)
                    XCTAssertEqual(batch.bodyB[lane], c.bodyB)
                    XCTAssertEqual(batch.normalX[lane], batch.laneValue(c.normal.x))
                    XCTAssertEqual(batch.normalImpulse[lane], batch.laneValue(c.point0.normalImpulse))
                    XCTAssertEqual(batch.inverseMassA[lane], batch.laneValue(input.masses[c.bodyA].inverseMass))
                    for body in [c.bodyA, c.bodyB] where input.masses[body].awake {
                        XCTAssertFalse(movingInBatch.contains(body), "body \(body) is moved twice in one batch")
                        movingInBatch.append(body)
                        XCTAssertLessThan(lastContactOfBody[body], ci, "body \(body) meets its contacts in contact order")
                        lastContactOfBody[body] = ci
                    }
                }
                XCTAssertGreaterThan(lanesUsed, 0, "no empty batch")
                if lanesUsed > 1 { sawTwoLanes = true }
            }
            XCTAssertEqual(seen.sorted(), input.active, "every active contact exactly once")
        }
        XCTAssertTrue(sawTwoLanes, "some batches solve contacts side by side")
        XCTAssertTrue(sawPairs && sawQuads, "batches of both forms occur")
        XCTAssertEqual(sawEveryKind, Set(WideContact.Kind.allCases.map(\.rawValue)), "batches of every kind occur")
    }

    /// The quads gather body states by transposing four vectors of four lanes.
    func testTransposeSwapsLanesAndVectors() {
        let rows = (0..<4).map { i in QuadLanes((0..<4).map { Float(10 * i + $0) }) }
        let (c0, c1, c2, c3) = transpose(rows[0], rows[1], rows[2], rows[3])
        for (i, column) in [c0, c1, c2, c3].enumerated() {
            for j in 0..<4 { XCTAssertEqual(column[j], rows[j][i], "lane \(j) of result \(i)") }
        }
        let (r0, r1, r2, r3) = transpose(c0, c1, c2, c3)
        XCTAssertEqual([r0, r1, r2, r3], rows, "transposing twice gives the vectors back")
    }

    func testSidewaysRowOfContactsFillsTheLanes() {
        // Boxes on the ground side by side: every contact with the ground is independent of
        // the others, so they all go to the first level: four to a quad batch where the boxes may
        // turn, two to a pair batch where they cannot.
        var masses = [SolverBodyMass()]
        var contacts: [Contact] = []
        for i in 1...8 {
            masses.append(SolverBodyMass(inverseMass: 1, inverseInertia: 0, awake: true))
            var c = Contact(shapeA: i, shapeB: 100, bodyA: i, bodyB: 0)
            c.count = 1
            contacts.append(c)
        }
        var built = ContactBatches()
        built.build(contacts: contacts, active: Array(contacts.indices), masses: masses)
        XCTAssertEqual(built.quadCount, 8 / QuadLanes.scalarCount)
        XCTAssertEqual(built.pairCount, 0)
        XCTAssertTrue(built.views.allSatisfy { $0.contacts.min()! >= 0 }, "no padding")
        for i in contacts.indices { contacts[i].linearOnly = true }
        built.build(contacts: contacts, active: Array(contacts.indices), masses: masses)
        XCTAssertEqual(built.pairCount, 8 / Lanes.scalarCount)
        XCTAssertEqual(built.quadCount, 0)
        XCTAssertTrue(built.views.allSatisfy { $0.contacts.min()! >= 0 }, "no padding")
    }
}
