/// Solver data of one manifold point. Impulses persist across steps for warm starting.
struct ContactPoint {
    var id: UInt32 = 0
    /// Offsets from the body centres to the point at the start of the step (world frame).
    var anchorA = Vector.zero
    var anchorB = Vector.zero
    /// Separation at the start of the step minus the anchors' offset along the normal, so the
    /// current separation is `baseSeparation + dot(ΔpB − ΔpA + ΔqB·rB − ΔqA·rA, normal)` with
    /// Δp, Δq the bodies' motion since the start of the step.
    var baseSeparation = 0.0
    var separation = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var maxNormalImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Normal velocity before solving, for restitution.
    var relativeVelocity = 0.0
}

/// A pair of shapes whose bounding boxes overlap, with its manifold and solver state.
/// Contacts are kept sorted by `key` (shape index pair), which fixes the solver order.
struct Contact {
    var key: UInt64
    var shapeA: Int
    var shapeB: Int
    var bodyA: Int
    var bodyB: Int
    var friction = 0.0
    var restitution = 0.0
    var normal = Vector.zero
    var count = 0
    var point0 = ContactPoint()
    var point1 = ContactPoint()
    /// Some point is closer than the linear slop (drives begin/end contact events).
    var touching = false
    var softness = Softness.rigid
    /// Effective mass matrix of a two-point manifold's normal constraints, when it is well
    /// conditioned enough to solve both points at once.
    var k11 = 0.0
    var k12 = 0.0
    var k22 = 0.0
    var inverseDeterminant = 0.0
    var blockSolve = false
    /// Neither body can turn: the points are solved as one, at `point0`.
    var linearOnly = false

    init(shapeA: Int, shapeB: Int, bodyA: Int, bodyB: Int) {
        key = Contact.key(shapeA, shapeB)
        self.shapeA = shapeA
        self.shapeB = shapeB
        self.bodyA = bodyA
        self.bodyB = bodyB
    }

    /// Whether the contact carries a normal impulse (it holds the bodies apart).
    var isPushing: Bool { count > 0 && (point0.normalImpulse > 0 || (count > 1 && point1.normalImpulse > 0)) }

    static func key(_ a: Int, _ b: Int) -> UInt64 { UInt64(a) << 32 | UInt64(b) }

    /// The impulses of a contact's points by feature id, kept for warm starting.
    struct Impulses {
        var count = 0
        var id0: UInt32 = 0
        var normal0 = 0.0
        var tangent0 = 0.0
        var id1: UInt32 = 0
        var normal1 = 0.0
        var tangent1 = 0.0

        init() {}

        init(_ c: Contact) {
            count = c.count
            id0 = c.point0.id
            normal0 = c.point0.normalImpulse
            tangent0 = c.point0.tangentImpulse
            id1 = c.point1.id
            normal1 = c.point1.normalImpulse
            tangent1 = c.point1.tangentImpulse
        }

        func inherit(_ p: inout ContactPoint) {
            if count > 0 && id0 == p.id {
                p.normalImpulse = normal0
                p.tangentImpulse = tangent0
            } else if count > 1 && id1 == p.id {
                p.normalImpulse = normal1
                p.tangentImpulse = tangent1
            }
        }
    }

    /// Takes the manifold's points (anchored relative to the body centres `centerA` and
    /// `centerB`), carrying over the impulses of points with the same feature id (warm starting).
    /// The previous points' ids and impulses are read before anything is written; each point is
    /// then cleared and filled (or only cleared, beyond the manifold's count).
    @inline(__always)
    mutating func update(with m: Manifold, centerA: Vector, centerB: Vector) {
        let old = Impulses(self)
        normal = m.normal
        count = m.count
        var minSeparation = Double.infinity
        if count > 0 {
            point0 = ContactPoint()
            point0.id = m.point0.id
            point0.separation = m.point0.separation
            point0.anchorA = m.point0.point - centerA
            point0.anchorB = m.point0.point - centerB
            minSeparation = m.point0.separation
            old.inherit(&point0)
        } else {
            point0 = ContactPoint()
        }
        if count > 1 {
            point1 = ContactPoint()
            point1.id = m.point1.id
            point1.separation = m.point1.separation
            point1.anchorA = m.point1.point - centerA
            point1.anchorB = m.point1.point - centerB
            minSeparation = min(minSeparation, m.point1.separation)
            old.inherit(&point1)
        } else {
            point1 = ContactPoint()
        }
        touching = minSeparation < Tuning.linearSlop
    }
}
