import XCTest
@testable import Dynamics
import SeededRandom

/// The position projection's passes skip contacts that cannot move anything
/// (`ProjectionPasses`); the bodies must end exactly where full passes over every contact put them.
final class ProjectionPassesTests: XCTestCase {
    /// Bodies (body 0 is the ground) with some motion since the start of the step, gravity on
    /// most, and contacts between random pairs, many overlapping by more than the allowed overlap.
    private struct Case {
        var bodies: [SolverBody] = []
        var masses: [SolverBodyMass] = []
        var forces: [Body] = []
        var contacts: [Contact] = []
        var active: [Int] = []

        init(_ random: inout SplitMix64) {
            let bodyCount = 2 + random.below(30)
            for i in 0..<bodyCount {
                var mass = SolverBodyMass(), body = SolverBody()
                var force = Body(position: .zero, angle: 0, unitMass: 1, unitInertia: 1, extent: 20)
                if i > 0 && random.below(5) != 0 {
                    mass.awake = true
                    mass.inverseMass = random.between(0.2, 3)
                    mass.inverseInertia = random.below(3) == 0 ? 0 : random.between(1e-4, 1e-2)
                    body.deltaPosition = Vector(random.between(-0.5, 0.5), random.between(-0.5, 0.5))
                    body.deltaRotation = Rotation(angle: random.between(-0.01, 0.01))
                }
                force.gravity = random.below(4) == 0 ? .zero : Vector(0, 1000)
                bodies.append(body)
                masses.append(mass)
                forces.append(force)
            }
            for _ in 0..<random.below(60) {
                let a = random.below(bodyCount), b = random.below(bodyCount)
                guard a != b else { continue }
                var c = Contact(shapeA: contacts.count, shapeB: contacts.count + 1, bodyA: a, bodyB: b)
                let angle = random.below(2) == 0 ? -Double.pi / 2 : random.between(0, 2 * Double.pi)
                c.normal = Vector(cos(angle), sin(angle))
                c.count = 1 + random.below(2)
                c.linearOnly = c.count == 2 && random.below(4) == 0
                for k in 0..<c.count {
                    var p = ContactPoint()
                    p.anchorA = Vector(random.between(-20, 20), random.between(-20, 20))
                    p.anchorB = Vector(random.between(-20, 20), random.between(-20, 20))
                    p.baseSeparation = random.between(-1.5, 0.5)
                    if k == 0 { c.point0 = p } else { c.point1 = p }
                }
                if masses[a].awake || masses[b].awake { active.append(contacts.count) }
                contacts.append(c)
            }
        }
    }

    /// Full passes over every active contact, as the projection ran before passes skipped any.
    private func plainPasses(_ input: Case, _ bodies: inout [SolverBody]) -> Int {
        var contacts = input.contacts
        var passes = 0
        bodies.withUnsafeMutableBufferPointer { bodies in
            input.masses.withUnsafeBufferPointer { masses in
                contacts.withUnsafeMutableBufferPointer { contacts in
                    for _ in 0..<Tuning.projectionIterations {
                        passes += 1
                        var moved = false
                        for ci in input.active where ContactSolver.project(&contacts[ci], bodies, masses, input.forces,
                                                                          allowed: Tuning.allowedOverlap) {
                            moved = true
                        }
                        if !moved { break }
                    }
                }
            }
        }
        return passes
    }

    func testSkippingPassesMoveTheBodiesExactlyAsFullPasses() {
        var random = SplitMix64(seed: 0x9A55)
        var projection = ProjectionPasses()
        var severalPasses = 0
        for _ in 0..<400 {
            let input = Case(&random)
            var expected = input.bodies
            if plainPasses(input, &expected) > 2 { severalPasses += 1 }
            var found = input.bodies
            var contacts = input.contacts
            found.withUnsafeMutableBufferPointer { bodies in
                input.masses.withUnsafeBufferPointer { masses in
                    contacts.withUnsafeMutableBufferPointer { contacts in
                        // The same passes object serves every case, as it serves every step.
                        projection.run(input.active, contacts, bodies, masses, input.forces)
                    }
                }
            }
            for i in input.bodies.indices {
                XCTAssertEqual(found[i].deltaPosition.x.bitPattern, expected[i].deltaPosition.x.bitPattern, "body \(i)")
                XCTAssertEqual(found[i].deltaPosition.y.bitPattern, expected[i].deltaPosition.y.bitPattern, "body \(i)")
            }
        }
        XCTAssertGreaterThan(severalPasses, 50, "the cases need more than two passes often enough")
    }
}
