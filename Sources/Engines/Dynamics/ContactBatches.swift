/// Lanes of a wide batch: contacts solved side by side, one per lane (two doubles to an SSE2
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
/// `Lanes.scalarCount` contacts of one colour, which share no body the solver moves, laid out
/// lane by lane so that one pass solves them all at once. Unused lanes are padding: the ground
/// body on both sides, no mass, no impulse, so they change nothing.
struct WideContact {
    /// How the lanes' points are solved.
    enum Kind: UInt8 {
        /// One point (or two that act as one: neither body can turn).
        case onePoint
        /// Two points one after the other (the block matrix is ill-conditioned).
        case twoPoints
        /// Two points at once through their 2×2 effective mass matrix.
        case block
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

    static func kind(of c: UnsafePointer<Contact>) -> Kind {
        if c.pointee.count == 1 || c.pointee.linearOnly { return .onePoint }
        return c.pointee.blockSolve ? .block : .twoPoints
    }

    /// Copies a prepared contact into `lane`.
    @inline(__always)
    mutating func load(_ c: UnsafePointer<Contact>, index: Int, lane: Int, massA: SolverBodyMass, massB: SolverBodyMass) {
        bodyA[lane] = Int32(truncatingIfNeeded: c.pointee.bodyA)
        bodyB[lane] = Int32(truncatingIfNeeded: c.pointee.bodyB)
        contact[lane] = Int32(truncatingIfNeeded: index)
        normalX[lane] = c.pointee.normal.x
        normalY[lane] = c.pointee.normal.y
        friction[lane] = c.pointee.friction
        if c.pointee.friction > 0 { hasFriction = true }
        biasRate[lane] = c.pointee.softness.biasRate
        massScale[lane] = c.pointee.softness.massScale
        inverseMassA[lane] = massA.inverseMass
        inverseMassB[lane] = massB.inverseMass
        inverseInertiaA[lane] = massA.inverseInertia
        inverseInertiaB[lane] = massB.inverseInertia
        point1.load(c.pointee.point0, lane: lane)
        if kind != .onePoint { point2.load(c.pointee.point1, lane: lane) }
        if kind == .block {
            k11[lane] = c.pointee.k11
            k12[lane] = c.pointee.k12
            k22[lane] = c.pointee.k22
            inverseDeterminant[lane] = c.pointee.inverseDeterminant
        }
    }
}

extension WidePoint {
    @inline(__always)
    mutating func load(_ p: borrowing ContactPoint, lane: Int) {
        anchorAX[lane] = p.anchorA.x
        anchorAY[lane] = p.anchorA.y
        anchorBX[lane] = p.anchorB.x
        anchorBY[lane] = p.anchorB.y
        baseSeparation[lane] = p.baseSeparation
        normalImpulse[lane] = p.normalImpulse
        tangentImpulse[lane] = p.tangentImpulse
        maxNormalImpulse[lane] = p.maxNormalImpulse
        normalMass[lane] = p.normalMass
        tangentMass[lane] = p.tangentMass
    }

    func store(_ p: inout ContactPoint, lane: Int) {
        p.normalImpulse = normalImpulse[lane]
        p.tangentImpulse = tangentImpulse[lane]
        p.maxNormalImpulse = maxNormalImpulse[lane]
    }
}

/// The solver's contact constraints for one step, built in `prepare` from the active contacts
/// and kept (with their capacity) from step to step.
///
/// Graph colouring by levels: each contact goes to the level after the latest level of the
/// contacts before it (in contact order) on either of its moving bodies. So the contacts of a
/// level share no moving body and can be solved side by side, as the contacts of one colour of
/// Box2D v3's constraint graph. Static and sleeping bodies never conflict: the solver does not
/// change them. Levels are solved in order, which keeps, for every body, the order in which its
/// contacts are solved: the result is bit for bit that of solving the contacts one after the
/// other in contact order (Gauss–Seidel order depends only on the order of constraints that share
/// a body). Within a level, contacts are grouped by kind.
///
/// Box2D's greedy colouring (first colour free on both bodies) needs fewer colours, but it
/// changes that order; with it the 210-box pyramid whose boxes may turn drifted 1.6 pt sideways
/// instead of 0.26 pt and came to rest 28 steps later, and with points solved one after the other
/// (as Box2D does) 3.5 pt and 122 steps later.
struct ContactBatches {
    private static let kindCount = 3

    private(set) var batches: [WideContact] = []
    /// Per body: the level after its latest contact so far.
    private var bodyLevels: [Int] = []
    /// Per active contact: its group, level × 3 + kind.
    private var groups: [Int] = []
    /// Start of each group in `order`, then the active contacts ordered by group.
    private var groupStarts: [Int] = []
    private var order: [Int] = []

    /// Levels the active contacts (in their order) and packs them into batches.
    mutating func build(contacts: [Contact], active: [Int], masses: [SolverBodyMass]) {
        contacts.withUnsafeBufferPointer { contacts in
            masses.withUnsafeBufferPointer { masses in
                if let base = contacts.baseAddress { build(base, active: active, masses: masses) }
            }
        }
    }

    private mutating func build(_ contacts: UnsafePointer<Contact>, active: [Int], masses: UnsafeBufferPointer<SolverBodyMass>) {
        batches.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        if bodyLevels.count != masses.count { bodyLevels = Array(repeating: 0, count: masses.count) }
        for i in bodyLevels.indices { bodyLevels[i] = 0 }

        var levelCount = 0
        for ci in active {
            let a = contacts[ci].bodyA, b = contacts[ci].bodyB
            let movesA = masses[a].awake, movesB = masses[b].awake
            var level = 0
            if movesA { level = bodyLevels[a] }
            if movesB { level = max(level, bodyLevels[b]) }
            if movesA { bodyLevels[a] = level + 1 }
            if movesB { bodyLevels[b] = level + 1 }
            levelCount = max(levelCount, level + 1)
            groups.append(level * Self.kindCount + Int(WideContact.kind(of: contacts + ci).rawValue))
        }

        // Counting sort by group, stable: within a group, contacts keep their order.
        let groupCount = levelCount * Self.kindCount
        groupStarts.removeAll(keepingCapacity: true)
        for _ in 0...groupCount { groupStarts.append(0) }
        for g in groups { groupStarts[g + 1] += 1 }
        for g in 0..<groupCount { groupStarts[g + 1] += groupStarts[g] }
        order.removeAll(keepingCapacity: true)
        for _ in active { order.append(0) }
        for (i, ci) in active.enumerated() {
            order[groupStarts[groups[i]]] = ci
            groupStarts[groups[i]] += 1
        }
        // Each start has moved to the next group's start: shift back.
        for g in stride(from: groupCount, to: 0, by: -1) { groupStarts[g] = groupStarts[g - 1] }
        groupStarts[0] = 0

        var batchCount = 0
        for g in 0..<groupCount {
            batchCount += (groupStarts[g + 1] - groupStarts[g] + Lanes.scalarCount - 1) / Lanes.scalarCount
        }
        batches.append(contentsOf: repeatElement(WideContact(kind: .onePoint), count: batchCount))
        do {
            do {
                batches.withUnsafeMutableBufferPointer { batches in
                    var next = 0
                    for g in 0..<groupCount {
                        let start = groupStarts[g], end = groupStarts[g + 1]
                        guard start < end, let kind = WideContact.Kind(rawValue: UInt8(g % Self.kindCount)) else { continue }
                        var first = start
                        while first < end {
                            batches[next].kind = kind
                            for lane in 0..<min(Lanes.scalarCount, end - first) {
                                let ci = order[first + lane]
                                batches[next].load(contacts + ci, index: ci, lane: lane,
                                                   massA: masses[contacts[ci].bodyA], massB: masses[contacts[ci].bodyB])
                            }
                            next += 1
                            first += Lanes.scalarCount
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` on the batches in place.
    mutating func withBatches<R>(_ body: (UnsafeMutableBufferPointer<WideContact>) throws -> R) rethrows -> R {
        try batches.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Writes the impulses back to the contacts (warm starting of the next step, restitution,
    /// sleeping and contact events read them there).
    static func storeImpulses(_ batches: UnsafeMutableBufferPointer<WideContact>, _ contacts: UnsafeMutableBufferPointer<Contact>) {
        for i in batches.indices {
            for lane in 0..<Lanes.scalarCount {
                let ci = Int(batches[i].contact[lane])
                guard ci >= 0 else { continue }
                batches[i].point1.store(&contacts[ci].point0, lane: lane)
                if batches[i].kind != .onePoint { batches[i].point2.store(&contacts[ci].point1, lane: lane) }
            }
        }
    }
}
