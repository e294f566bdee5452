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
    /// half-written registers; fields the kind does not read are left as they were.
    @inline(__always)
    mutating func load(kind: Kind, _ c0: borrowing Contact, _ c1: borrowing Contact, index0: Int, index1: Int,
                       masses: UnsafeBufferPointer<SolverBodyMass>) {
        self.kind = kind
        bodyA = LaneIndices(Int32(truncatingIfNeeded: c0.bodyA), Int32(truncatingIfNeeded: c1.bodyA))
        bodyB = LaneIndices(Int32(truncatingIfNeeded: c0.bodyB), Int32(truncatingIfNeeded: c1.bodyB))
        contact = LaneIndices(Int32(truncatingIfNeeded: index0), Int32(truncatingIfNeeded: index1))
        normalX = Lanes(c0.normal.x, c1.normal.x)
        normalY = Lanes(c0.normal.y, c1.normal.y)
        friction = Lanes(c0.friction, c1.friction)
        hasFriction = any(friction .> 0)
        biasRate = Lanes(c0.softness.biasRate, c1.softness.biasRate)
        massScale = Lanes(c0.softness.massScale, c1.softness.massScale)
        let a0 = masses[c0.bodyA], b0 = masses[c0.bodyB], a1 = masses[c1.bodyA], b1 = masses[c1.bodyB]
        inverseMassA = Lanes(a0.inverseMass, a1.inverseMass)
        inverseMassB = Lanes(b0.inverseMass, b1.inverseMass)
        inverseInertiaA = Lanes(a0.inverseInertia, a1.inverseInertia)
        inverseInertiaB = Lanes(b0.inverseInertia, b1.inverseInertia)
        point1 = WidePoint(c0.point0, c1.point0)
        if kind.twoPoints { point2 = WidePoint(c0.point1, c1.point1) }
        if kind == .block {
            k11 = Lanes(c0.k11, c1.k11)
            k12 = Lanes(c0.k12, c1.k12)
            k22 = Lanes(c0.k22, c1.k22)
            inverseDeterminant = Lanes(c0.inverseDeterminant, c1.inverseDeterminant)
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
