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
/// `Lanes.scalarCount` contacts of one colour, which share no body the solver moves, laid out
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
    private static let kindCount = WideContact.Kind.allCases.count

    /// The batches, in solve order: the first `batchCount` elements (the array only grows).
    private(set) var batches: [WideContact] = []
    private(set) var batchCount = 0
    /// Per body: the level after its latest contact so far.
    private var bodyLevels: [Int] = []
    /// Per active contact: its group, level × kinds + kind.
    private var groups: [Int] = []
    /// Start of each group in `order`, then the active contacts ordered by group.
    private var groupStarts: [Int] = []
    private var order: [Int] = []

    /// Levels the active contacts (in their order) and packs them into batches.
    mutating func build(contacts: [Contact], active: [Int], masses: [SolverBodyMass]) {
        Self.grow(&bodyLevels, to: masses.count)
        Self.grow(&groups, to: active.count)
        Self.grow(&order, to: active.count)
        // Levels: at most one per contact.
        Self.grow(&groupStarts, to: active.count * Self.kindCount + 1)
        // Batches: each group's last one may be partly padding.
        Self.grow(&batches, to: active.count, WideContact(kind: .onePoint))
        batchCount = contacts.withUnsafeBufferPointer { contacts in
            masses.withUnsafeBufferPointer { masses in
                active.withUnsafeBufferPointer { active in
                    bodyLevels.withUnsafeMutableBufferPointer { bodyLevels in
                        groups.withUnsafeMutableBufferPointer { groups in
                            groupStarts.withUnsafeMutableBufferPointer { groupStarts in
                                order.withUnsafeMutableBufferPointer { order in
                                    batches.withUnsafeMutableBufferPointer { batches in
                                        withUnsafePointer(to: Self.padding) { padding in
                                            Self.build(contacts, active, masses, bodyLevels, groups, groupStarts, order, batches,
                                                       padding: padding)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What unused lanes hold: a contact on the ground with itself, without points, mass or impulse.
    static let padding = Contact(shapeA: 0, shapeB: 0, bodyA: 0, bodyB: 0)

    private static func grow<T>(_ array: inout [T], to count: Int, _ value: T) {
        if array.count < count { array.append(contentsOf: repeatElement(value, count: count - array.count)) }
    }

    private static func grow(_ array: inout [Int], to count: Int) { grow(&array, to: count, 0) }

    /// Returns the number of batches.
    private static func build(_ contacts: UnsafeBufferPointer<Contact>, _ active: UnsafeBufferPointer<Int>,
                              _ masses: UnsafeBufferPointer<SolverBodyMass>, _ bodyLevels: UnsafeMutableBufferPointer<Int>,
                              _ groups: UnsafeMutableBufferPointer<Int>, _ groupStarts: UnsafeMutableBufferPointer<Int>,
                              _ order: UnsafeMutableBufferPointer<Int>, _ batches: UnsafeMutableBufferPointer<WideContact>,
                              padding: UnsafePointer<Contact>) -> Int {
        for i in bodyLevels.indices { bodyLevels[i] = 0 }
        var levelCount = 0
        for (i, ci) in active.enumerated() {
            let a = contacts[ci].bodyA, b = contacts[ci].bodyB
            let movesA = masses[a].awake, movesB = masses[b].awake
            var level = 0
            if movesA { level = bodyLevels[a] }
            if movesB { level = max(level, bodyLevels[b]) }
            if movesA { bodyLevels[a] = level + 1 }
            if movesB { bodyLevels[b] = level + 1 }
            levelCount = max(levelCount, level + 1)
            groups[i] = level * kindCount + Int(WideContact.kind(of: contacts[ci]).rawValue)
        }

        // Counting sort by group, stable: within a group, contacts keep their order.
        let groupCount = levelCount * kindCount
        for g in 0...groupCount { groupStarts[g] = 0 }
        for i in active.indices { groupStarts[groups[i] + 1] += 1 }
        for g in 0..<groupCount { groupStarts[g + 1] += groupStarts[g] }
        for (i, ci) in active.enumerated() {
            order[groupStarts[groups[i]]] = ci
            groupStarts[groups[i]] += 1
        }
        // Each start has moved to the next group's start: shift back.
        for g in stride(from: groupCount, to: 0, by: -1) { groupStarts[g] = groupStarts[g - 1] }
        groupStarts[0] = 0

        var next = 0
        for g in 0..<groupCount {
            let start = groupStarts[g], end = groupStarts[g + 1]
            guard start < end, let kind = WideContact.Kind(rawValue: UInt8(g % kindCount)) else { continue }
            var first = start
            while first < end {
                let i0 = order[first], i1 = first + 1 < end ? order[first + 1] : -1
                if i1 >= 0 {
                    batches[next].load(kind: kind, contacts[i0], contacts[i1], index0: i0, index1: i1, masses: masses)
                } else {
                    batches[next].load(kind: kind, contacts[i0], padding.pointee, index0: i0, index1: i1, masses: masses)
                }
                next += 1
                first += Lanes.scalarCount
            }
        }
        return next
    }

    /// Runs `body` on the batches in place.
    mutating func withBatches<R>(_ body: (UnsafeMutableBufferPointer<WideContact>) throws -> R) rethrows -> R {
        let count = batchCount
        return try batches.withUnsafeMutableBufferPointer { try body(UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Writes the impulses back to the contacts (warm starting of the next step, restitution,
    /// sleeping and contact events read them there).
    static func storeImpulses(_ batches: UnsafeMutableBufferPointer<WideContact>, _ contacts: UnsafeMutableBufferPointer<Contact>) {
        for i in batches.indices {
            for lane in 0..<Lanes.scalarCount {
                let ci = Int(batches[i].contact[lane])
                guard ci >= 0 else { continue }
                batches[i].point1.store(&contacts[ci].point0, lane: lane)
                if batches[i].kind.twoPoints { batches[i].point2.store(&contacts[ci].point1, lane: lane) }
            }
        }
    }
}
