/// Lanes of a quad batch: four contacts solved side by side, one per lane, in single precision
/// (four floats to an SSE2 register, as Box2D v3's solver).
typealias QuadLanes = SIMD4<Float>
/// Body or contact indices of a quad batch's lanes.
typealias QuadIndices = SIMD4<Int32>

/// One manifold point of a quad batch, lane by lane, in floats: what the substeps read and write.
struct QuadPoint {
    /// Offsets from the body centres at the start of the step (world frame).
    var anchorAX = QuadLanes(), anchorAY = QuadLanes(), anchorBX = QuadLanes(), anchorBY = QuadLanes()
    /// `ContactPoint.baseSeparation`: the current separation is this plus the normal component
    /// of the bodies' relative motion since the start of the step.
    var baseSeparation = QuadLanes()
    var normalImpulse = QuadLanes(), tangentImpulse = QuadLanes(), maxNormalImpulse = QuadLanes()
    var normalMass = QuadLanes(), tangentMass = QuadLanes()
}

/// A per-step contact constraint batch of up to four contacts of one level whose bodies may turn
/// (the kinds other than `linear`), in floats: the same constraint as `WideContact`, twice as
/// wide. The contacts are prepared in doubles and narrowed as they are loaded; the impulses are
/// widened back when stored. Unused lanes are padding, as in `WideContact`.
struct QuadContact {
    typealias Kind = WideContact.Kind

    var kind: Kind
    /// Body indices (into the solver bodies) and contact indices (−1 for padding) per lane.
    var bodyA = QuadIndices(), bodyB = QuadIndices()
    var contact = QuadIndices(repeating: -1)
    var normalX = QuadLanes(), normalY = QuadLanes()
    var friction = QuadLanes()
    /// Some lane has friction.
    var hasFriction = false
    /// The lanes' contact softness (bias rate and mass scale).
    var biasRate = QuadLanes(), massScale = QuadLanes()
    var inverseMassA = QuadLanes(), inverseMassB = QuadLanes(), inverseInertiaA = QuadLanes(), inverseInertiaB = QuadLanes()
    var point1 = QuadPoint(), point2 = QuadPoint()
    /// Effective mass matrix of the two normal constraints and the inverse of its determinant (`block`).
    var k11 = QuadLanes(), k12 = QuadLanes(), k22 = QuadLanes(), inverseDeterminant = QuadLanes()

    init(kind: Kind) {
        self.kind = kind
    }

    /// Loads the prepared contacts at `indices`, one per lane (−1 loads `padding`). Fields the
    /// kind does not read are left as they were.
    @inline(__always)
    mutating func load(kind: Kind, _ contacts: UnsafePointer<Contact>, _ indices: QuadIndices, padding: UnsafePointer<Contact>,
                       masses: UnsafeBufferPointer<SolverBodyMass>) {
        @inline(__always) func at(_ lane: Int) -> UnsafePointer<Contact> {
            indices[lane] >= 0 ? contacts + Int(indices[lane]) : padding
        }
        let c0 = at(0), c1 = at(1), c2 = at(2), c3 = at(3)
        self.kind = kind
        contact = indices
        let a0 = c0.pointee.bodyA, a1 = c1.pointee.bodyA, a2 = c2.pointee.bodyA, a3 = c3.pointee.bodyA
        let b0 = c0.pointee.bodyB, b1 = c1.pointee.bodyB, b2 = c2.pointee.bodyB, b3 = c3.pointee.bodyB
        bodyA = QuadIndices(Int32(truncatingIfNeeded: a0), Int32(truncatingIfNeeded: a1), Int32(truncatingIfNeeded: a2),
                            Int32(truncatingIfNeeded: a3))
        bodyB = QuadIndices(Int32(truncatingIfNeeded: b0), Int32(truncatingIfNeeded: b1), Int32(truncatingIfNeeded: b2),
                            Int32(truncatingIfNeeded: b3))
        normalX = quad(c0.pointee.normal.x, c1.pointee.normal.x, c2.pointee.normal.x, c3.pointee.normal.x)
        normalY = quad(c0.pointee.normal.y, c1.pointee.normal.y, c2.pointee.normal.y, c3.pointee.normal.y)
        friction = quad(c0.pointee.friction, c1.pointee.friction, c2.pointee.friction, c3.pointee.friction)
        hasFriction = any(friction .> 0)
        biasRate = quad(c0.pointee.softness.biasRate, c1.pointee.softness.biasRate, c2.pointee.softness.biasRate,
                        c3.pointee.softness.biasRate)
        massScale = quad(c0.pointee.softness.massScale, c1.pointee.softness.massScale, c2.pointee.softness.massScale,
                         c3.pointee.softness.massScale)
        inverseMassA = quad(masses[a0].inverseMass, masses[a1].inverseMass, masses[a2].inverseMass, masses[a3].inverseMass)
        inverseMassB = quad(masses[b0].inverseMass, masses[b1].inverseMass, masses[b2].inverseMass, masses[b3].inverseMass)
        inverseInertiaA = quad(masses[a0].inverseInertia, masses[a1].inverseInertia, masses[a2].inverseInertia,
                               masses[a3].inverseInertia)
        inverseInertiaB = quad(masses[b0].inverseInertia, masses[b1].inverseInertia, masses[b2].inverseInertia,
                               masses[b3].inverseInertia)
        point1 = QuadPoint(c0.pointee.point0, c1.pointee.point0, c2.pointee.point0, c3.pointee.point0)
        if kind.twoPoints { point2 = QuadPoint(c0.pointee.point1, c1.pointee.point1, c2.pointee.point1, c3.pointee.point1) }
        if kind == .block {
            k11 = quad(c0.pointee.k11, c1.pointee.k11, c2.pointee.k11, c3.pointee.k11)
            k12 = quad(c0.pointee.k12, c1.pointee.k12, c2.pointee.k12, c3.pointee.k12)
            k22 = quad(c0.pointee.k22, c1.pointee.k22, c2.pointee.k22, c3.pointee.k22)
            inverseDeterminant = quad(c0.pointee.inverseDeterminant, c1.pointee.inverseDeterminant, c2.pointee.inverseDeterminant,
                                      c3.pointee.inverseDeterminant)
        }
    }

    /// Writes the lanes' impulses back to their contacts, widened to doubles.
    @inline(__always)
    func storeImpulses(_ contacts: UnsafeMutableBufferPointer<Contact>) {
        for lane in 0..<QuadLanes.scalarCount {
            let ci = Int(contact[lane])
            guard ci >= 0 else { continue }
            point1.store(&contacts[ci].point0, lane: lane)
            if kind.twoPoints { point2.store(&contacts[ci].point1, lane: lane) }
        }
    }
}

/// Four doubles narrowed to four float lanes.
@inline(__always) func quad(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> QuadLanes {
    QuadLanes(lowHalf: SIMD2<Float>(SIMD2<Double>(a, b)), highHalf: SIMD2<Float>(SIMD2<Double>(c, d)))
}

extension QuadPoint {
    /// The points of four contacts, one per lane.
    @inline(__always)
    init(_ p0: borrowing ContactPoint, _ p1: borrowing ContactPoint, _ p2: borrowing ContactPoint, _ p3: borrowing ContactPoint) {
        anchorAX = quad(p0.anchorA.x, p1.anchorA.x, p2.anchorA.x, p3.anchorA.x)
        anchorAY = quad(p0.anchorA.y, p1.anchorA.y, p2.anchorA.y, p3.anchorA.y)
        anchorBX = quad(p0.anchorB.x, p1.anchorB.x, p2.anchorB.x, p3.anchorB.x)
        anchorBY = quad(p0.anchorB.y, p1.anchorB.y, p2.anchorB.y, p3.anchorB.y)
        baseSeparation = quad(p0.baseSeparation, p1.baseSeparation, p2.baseSeparation, p3.baseSeparation)
        normalImpulse = quad(p0.normalImpulse, p1.normalImpulse, p2.normalImpulse, p3.normalImpulse)
        tangentImpulse = quad(p0.tangentImpulse, p1.tangentImpulse, p2.tangentImpulse, p3.tangentImpulse)
        maxNormalImpulse = quad(p0.maxNormalImpulse, p1.maxNormalImpulse, p2.maxNormalImpulse, p3.maxNormalImpulse)
        normalMass = quad(p0.normalMass, p1.normalMass, p2.normalMass, p3.normalMass)
        tangentMass = quad(p0.tangentMass, p1.tangentMass, p2.tangentMass, p3.tangentMass)
    }

    func store(_ p: inout ContactPoint, lane: Int) {
        p.normalImpulse = Double(normalImpulse[lane])
        p.tangentImpulse = Double(tangentImpulse[lane])
        p.maxNormalImpulse = Double(maxNormalImpulse[lane])
    }
}
