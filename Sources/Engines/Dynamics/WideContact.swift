/// Lanes of a wide batch: two contacts solved side by side, one per lane (two doubles to an SSE2
/// register).
typealias Lanes = SIMD2<Double>
/// Body or contact indices of a batch's lanes.
typealias LaneIndices = SIMD2<Int32>

/// One manifold point of a wide batch, lane by lane: only what the substeps read and write.
struct WidePoint {
    /// Offsets from the body centres at the start of the step (world frame).
    var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
    /// `ContactPoint.baseSeparation`: the current separation is this plus the normal component
    /// of the bodies' relative motion since the start of the step.
    var baseSeparation = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()
}

/// A per-step contact constraint batch (Box2D v3's wide contact constraint): up to
/// `Lanes.scalarCount` contacts of one level, which share no body the solver moves, laid out
/// lane by lane so that one pass solves them all at once. Unused lanes are padding: the ground
/// body on both sides, no mass, no impulse, so they change nothing.
struct WideContact {
    /// How the lanes' points are solved.
    enum Kind: UInt8, CaseIterable {
        /// Two points that act as one, at the deeper point: neither body can turn, so the
        /// anchors keep their start-of-step offsets (`Contact.linearOnly`).
        case linear
        /// One point.
        case onePoint
        /// Two points one after the other (the block matrix is ill-conditioned).
        case twoPoints
        /// Two points at once through their 2×2 effective mass matrix.
        case block

        var twoPoints: Bool { self == .twoPoints || self == .block }
    }

    var kind: Kind
    /// Body indices (into the solver bodies) and contact indices (−1 for padding) per lane.
    var bodyA = LaneIndices(), bodyB = LaneIndices()
    var contact = LaneIndices(repeating: -1)
    var normalX = Lanes(), normalY = Lanes()
    var friction = Lanes()
    /// Some lane has friction.
    var hasFriction = false
    /// The lanes' contact softness (bias rate and mass scale).
    var biasRate = Lanes(), massScale = Lanes()
    var inverseMassA = Lanes(), inverseMassB = Lanes(), inverseInertiaA = Lanes(), inverseInertiaB = Lanes()
    var point1 = WidePoint(), point2 = WidePoint()
    /// Effective mass matrix of the two normal constraints and the inverse of its determinant (`block`).
    var k11 = Lanes(), k12 = Lanes(), k22 = Lanes(), inverseDeterminant = Lanes()

    init(kind: Kind) {
        self.kind = kind
    }

    static func kind(of c: borrowing Contact) -> Kind {
        if c.linearOnly { return .linear }
        if c.count == 1 { return .onePoint }
        return c.blockSolve ? .block : .twoPoints
    }

    /// Loads two prepared contacts, one per lane (the second may be `ContactBatches.padding`).
    /// Whole vectors are written, so that the substeps read them back without waiting on
    /// half-written registers; fields the kind does not read are left as they were. This form
    /// takes contact values; the solver loads through pointers (below).
    mutating func load(kind: Kind, _ c0: Contact, _ c1: Contact, index0: Int, index1: Int,
                       masses: UnsafeBufferPointer<SolverBodyMass>) {
        withUnsafePointer(to: c0) { first in
            withUnsafePointer(to: c1) { second in
                load(kind: kind, first, second, index0: index0, index1: index1, masses: masses)
            }
        }
    }

    /// The same, reading the contacts where they are (a contact is too large to be copied for it).
    @inline(__always)
    mutating func load(kind: Kind, _ first: UnsafePointer<Contact>, _ second: UnsafePointer<Contact>, index0: Int, index1: Int,
                       masses: UnsafeBufferPointer<SolverBodyMass>) {
        self.kind = kind
        bodyA = LaneIndices(Int32(truncatingIfNeeded: first.pointee.bodyA), Int32(truncatingIfNeeded: second.pointee.bodyA))
        bodyB = LaneIndices(Int32(truncatingIfNeeded: first.pointee.bodyB), Int32(truncatingIfNeeded: second.pointee.bodyB))
        contact = LaneIndices(Int32(truncatingIfNeeded: index0), Int32(truncatingIfNeeded: index1))
        normalX = Lanes(first.pointee.normal.x, second.pointee.normal.x)
        normalY = Lanes(first.pointee.normal.y, second.pointee.normal.y)
        friction = Lanes(first.pointee.friction, second.pointee.friction)
        hasFriction = any(friction .> 0)
        biasRate = Lanes(first.pointee.softness.biasRate, second.pointee.softness.biasRate)
        massScale = Lanes(first.pointee.softness.massScale, second.pointee.softness.massScale)
        let a0 = masses[first.pointee.bodyA], b0 = masses[first.pointee.bodyB], a1 = masses[second.pointee.bodyA], b1 = masses[second.pointee.bodyB]
        inverseMassA = Lanes(a0.inverseMass, a1.inverseMass)
        inverseMassB = Lanes(b0.inverseMass, b1.inverseMass)
        inverseInertiaA = Lanes(a0.inverseInertia, a1.inverseInertia)
        inverseInertiaB = Lanes(b0.inverseInertia, b1.inverseInertia)
        point1 = WidePoint(first.pointee.point0, second.pointee.point0)
        if kind.twoPoints { point2 = WidePoint(first.pointee.point1, second.pointee.point1) }
        if kind == .block {
            k11 = Lanes(first.pointee.k11, second.pointee.k11)
            k12 = Lanes(first.pointee.k12, second.pointee.k12)
            k22 = Lanes(first.pointee.k22, second.pointee.k22)
            inverseDeterminant = Lanes(first.pointee.inverseDeterminant, second.pointee.inverseDeterminant)
        }
    }
}

extension WidePoint {
    /// The points of two contacts, one per lane.
    @inline(__always)
    init(_ p0: borrowing ContactPoint, _ p1: borrowing ContactPoint) {
        anchorAX = Lanes(p0.anchorA.x, p1.anchorA.x)
        anchorAY = Lanes(p0.anchorA.y, p1.anchorA.y)
        anchorBX = Lanes(p0.anchorB.x, p1.anchorB.x)
        anchorBY = Lanes(p0.anchorB.y, p1.anchorB.y)
        baseSeparation = Lanes(p0.baseSeparation, p1.baseSeparation)
        normalImpulse = Lanes(p0.normalImpulse, p1.normalImpulse)
        tangentImpulse = Lanes(p0.tangentImpulse, p1.tangentImpulse)
        maxNormalImpulse = Lanes(p0.maxNormalImpulse, p1.maxNormalImpulse)
        normalMass = Lanes(p0.normalMass, p1.normalMass)
        tangentMass = Lanes(p0.tangentMass, p1.tangentMass)
    }

    func store(_ p: inout ContactPoint, lane: Int) {
        p.normalImpulse = normalImpulse[lane]
        p.tangentImpulse = tangentImpulse[lane]
        p.maxNormalImpulse = maxNormalImpulse[lane]
    }
}
