/// Per-step preparation of a contact: anchors, effective masses, softness, approach speeds.
extension Contact {
    @inline(__always)
    mutating func prepare(a: SolverBody, _ massA: SolverBodyMass, b: SolverBody, _ massB: SolverBodyMass, softness: Softness) {
        self.softness = softness
        if friction == 0 {
            point0.tangentImpulse = 0
            point1.tangentImpulse = 0
        }
        let n = normal, t = Vector(n.y, -n.x)
        func prepare(_ p: inout ContactPoint) {
            let rA = p.anchorA, rB = p.anchorB
            p.baseSeparation = p.separation - dot(rB - rA, n)
            let rnA = cross(rA, n), rnB = cross(rB, n)
            let kNormal = massA.inverseMass + massB.inverseMass + massA.inverseInertia * rnA * rnA + massB.inverseInertia * rnB * rnB
            p.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = cross(rA, t), rtB = cross(rB, t)
            let kTangent = massA.inverseMass + massB.inverseMass + massA.inverseInertia * rtA * rtA + massB.inverseInertia * rtB * rtB
            p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            p.relativeVelocity = dot(n, b.velocity + cross(b.angularVelocity, rB) - a.velocity - cross(a.angularVelocity, rA))
            p.maxNormalImpulse = 0
        }
        blockSolve = false
        linearOnly = false
        if count > 1 && massA.inverseInertia == 0 && massB.inverseInertia == 0 {
            // Neither body can turn, so both points have the same Jacobian: solve them as one
            // constraint at the deeper point, carrying their summed impulses. Only that point is
            // prepared: nothing reads the other's solver numbers (the batch, restitution and the
            // projection take `point0` alone), and a point's preparation reads none of the other's.
            linearOnly = true
            if point1.separation < point0.separation { swap(&point0, &point1) }
            point0.normalImpulse += point1.normalImpulse
            point0.tangentImpulse += point1.tangentImpulse
            point1.normalImpulse = 0
            point1.tangentImpulse = 0
            prepare(&point0)
            return
        }
        prepare(&point0)
        guard count > 1 else { return }
        prepare(&point1)
        let rn1A = cross(point0.anchorA, n), rn1B = cross(point0.anchorB, n)
        let rn2A = cross(point1.anchorA, n), rn2B = cross(point1.anchorB, n)
        let m = massA.inverseMass + massB.inverseMass
        k11 = m + massA.inverseInertia * rn1A * rn1A + massB.inverseInertia * rn1B * rn1B
        k22 = m + massA.inverseInertia * rn2A * rn2A + massB.inverseInertia * rn2B * rn2B
        k12 = m + massA.inverseInertia * rn1A * rn2A + massB.inverseInertia * rn1B * rn2B
        // Both points at once only with a well-conditioned matrix (not, e.g., for a body that cannot turn).
        let det = k11 * k22 - k12 * k12
        blockSolve = k11 * k11 < 1000 * det
        inverseDeterminant = blockSolve ? 1 / det : 0
    }
}

/// Scalar contact passes that run once per step, in contact order, after the wide substeps:
/// restitution (here) and the position projection (`PositionProjection.swift`).
enum ContactSolver {
    /// The two bodies of a contact with their masses, loaded once per pass.
    struct Pair {
        var a: SolverBody
        var b: SolverBody
        let massA: SolverBodyMass
        let massB: SolverBodyMass

        @inline(__always) init(_ c: Contact, _ bodies: SolverBodies, _ masses: SolverBodyMasses) {
            a = bodies[c.bodyA]
            b = bodies[c.bodyB]
            massA = masses[c.bodyA]
            massB = masses[c.bodyB]
        }

        @inline(__always) func relativeVelocity(_ p: ContactPoint) -> Vector {
            b.pointVelocity(p.anchorB) - a.pointVelocity(p.anchorA)
        }

        @inline(__always) mutating func apply(_ impulse: Vector, _ p: ContactPoint) {
            a.velocity -= massA.inverseMass * impulse
            a.angularVelocity -= massA.inverseInertia * cross(p.anchorA, impulse)
            b.velocity += massB.inverseMass * impulse
            b.angularVelocity += massB.inverseInertia * cross(p.anchorB, impulse)
        }

        /// Writes back velocities; fixed bodies (the ground, anchored items) are never written.
        @inline(__always) func store(_ c: Contact, _ bodies: SolverBodies) {
            if massA.inverseMass > 0 {
                bodies[c.bodyA].velocity = a.velocity
                bodies[c.bodyA].angularVelocity = a.angularVelocity
            }
            if massB.inverseMass > 0 {
                bodies[c.bodyB].velocity = b.velocity
                bodies[c.bodyB].angularVelocity = b.angularVelocity
            }
        }
    }

    typealias Matrix = (k11: Double, k12: Double, k22: Double, inverseDet: Double)

    /// Solves `K x + b ≥ 0, x ≥ 0, x·(K x + b) = 0` for both normal impulses at once by
    /// enumerating the four complementarity cases, then scales each by its mass scale.
    @inline(__always)
    private static func solvePair(_ p1: inout ContactPoint, _ p2: inout ContactPoint, _ k: Matrix, _ n: Vector,
                                  _ t1: (bias: Double, massScale: Double), _ t2: (bias: Double, massScale: Double),
                                  _ pair: inout Pair) {
        let a1 = p1.normalImpulse, a2 = p2.normalImpulse
        // Normal velocities without the accumulated impulses, plus bias.
        let b1 = dot(pair.relativeVelocity(p1), n) + t1.bias - (k.k11 * a1 + k.k12 * a2)
        let b2 = dot(pair.relativeVelocity(p2), n) + t2.bias - (k.k12 * a1 + k.k22 * a2)
        var x1 = (k.k12 * b2 - k.k22 * b1) * k.inverseDet, x2 = (k.k12 * b1 - k.k11 * b2) * k.inverseDet
        if x1 < 0 || x2 < 0 {
            x1 = -b1 * p1.normalMass
            x2 = 0
            if x1 < 0 || k.k12 * x1 + b2 < 0 {
                x1 = 0
                x2 = -b2 * p2.normalMass
                if x2 < 0 || k.k12 * x2 + b1 < 0 {
                    x2 = 0
                    guard b1 >= 0 && b2 >= 0 else { return }
                }
            }
        }
        x1 *= t1.massScale
        x2 *= t2.massScale
        p1.normalImpulse = x1
        p2.normalImpulse = x2
        p1.maxNormalImpulse = max(p1.maxNormalImpulse, x1 - a1)
        p2.maxNormalImpulse = max(p2.maxNormalImpulse, x2 - a2)
        pair.apply((x1 - a1) * n, p1)
        pair.apply((x2 - a2) * n, p2)
    }

    /// Velocity-level restitution from the approach speed measured before solving: points that
    /// hit fast enough get a separating speed of `restitution` times their approach speed.
    static func restitute(_ c: inout Contact, _ bodies: SolverBodies, _ masses: SolverBodyMasses) {
        func bounces(_ p: ContactPoint) -> Bool {
            p.relativeVelocity < -Tuning.restitutionThreshold && p.maxNormalImpulse > 0
        }
        var pair = Pair(c, bodies, masses)
        let n = c.normal, e = c.restitution
        if c.blockSolve && bounces(c.point0) && bounces(c.point1) {
            let k = (k11: c.k11, k12: c.k12, k22: c.k22, inverseDet: c.inverseDeterminant)
            solvePair(&c.point0, &c.point1, k, n, (e * c.point0.relativeVelocity, 1), (e * c.point1.relativeVelocity, 1), &pair)
        } else {
            func restitute(_ p: inout ContactPoint) {
                guard bounces(p) else { return }
                let vn = dot(pair.relativeVelocity(p), n)
                let total = max(p.normalImpulse - p.normalMass * (vn + e * p.relativeVelocity), 0)
                let impulse = total - p.normalImpulse
                p.normalImpulse = total
                p.maxNormalImpulse = max(p.maxNormalImpulse, impulse)
                pair.apply(impulse * n, p)
            }
            restitute(&c.point0)
            if c.count > 1 && !c.linearOnly { restitute(&c.point1) }
        }
        pair.store(c, bodies)
    }
}
