/// The solver's contact constraints for one step, built in `prepare` from the active contacts
/// and kept (with their capacity) from step to step.
///
/// Graph colouring by levels: each contact goes to the level after the latest level of the
/// contacts before it (in contact order) on either of its moving bodies. So the contacts of a
/// level share no moving body and can be solved side by side, as the contacts of one colour of
/// Box2D v3's constraint graph. Static and sleeping bodies never conflict: the solver does not
/// change them. Levels are solved in order, which keeps, for every body, the order in which its
/// contacts are solved: the result is bit for bit that of solving the contacts one after the
/// other in contact order, each in its batch's precision (Gauss–Seidel order depends only on the
/// order of constraints that share a body). Within a level, contacts are grouped by kind. The contacts of boxes that cannot turn
/// (the linear kind) are packed two to a batch in doubles (`WideContact`); those whose bodies may
/// turn four to a batch in floats (`QuadContact`). The schedule runs both in level order.
///
/// Box2D's greedy colouring (first colour free on both bodies) needs fewer colours, but it
/// changes that order; with it the 210-box pyramid whose boxes may turn drifted 1.6 pt sideways
/// instead of 0.26 pt and came to rest 28 steps later, and with points solved one after the other
/// (as Box2D does) 3.5 pt and 122 steps later. Running the colours backwards on every second pass
/// brings the drift down to 0.4 pt, but the pyramid still rests about 22 steps later
/// (docs/dynamics.md, "Measured and not kept").
struct ContactBatches {
    private static let kindCount = WideContact.Kind.allCases.count

    /// The batches of each form (the first `pairCount` and `quadCount` elements; the arrays only
    /// grow), and the order in which they are solved: an entry `i ≥ 0` is `pairs[i]`, `~i` is
    /// `quads[i]` (the first `batchCount` entries).
    private(set) var pairs: [WideContact] = []
    private(set) var quads: [QuadContact] = []
    private(set) var schedule: [Int32] = []
    private(set) var pairCount = 0, quadCount = 0
    var batchCount: Int { pairCount + quadCount }
    /// Per body: the level after its latest contact so far.
    private var bodyLevels: [Int] = []
    /// Per active contact: its group, level × kinds + kind.
    private var groups: [Int] = []
    /// Start of each group in `order`, then the active contacts ordered by group.
    private var groupStarts: [Int] = []
    private var order: [Int] = []
    /// What the levels and the batch assignment were built from, one entry per active contact in
    /// order: they are a function of these alone, so a step with the same inputs reuses them.
    /// (The first `layoutCount` elements; the array only grows.)
    private var layoutInputs: [LayoutInput] = []
    private var layoutCount = 0
    /// Whether a build whose layout inputs equal the previous build's keeps its levels and batch
    /// assignment and only reloads the batches' numbers. Off, every build lays out afresh (the
    /// differential tests compare both ways).
    var reusesLayout = true
    /// How many builds kept the previous layout (for tests and measurements).
    private(set) var reusedLayouts = 0

    /// What the layout reads of one active contact: its index, its bodies, whether the solver
    /// moves each of them, and its kind of batch, packed in two words.
    struct LayoutInput: Equatable {
        /// The contact index shifted by 8 bits, over the kind's raw value with bit 2 set when body
        /// A moves and bit 3 when body B moves.
        var contact: UInt64
        /// Body A over body B, 32 bits each (body indices are below shape indices, which contact
        /// keys hold in 32 bits).
        var bodies: UInt64

        @inline(__always)
        init(contact: Int, bodyA: Int, bodyB: Int, kind: WideContact.Kind, movesA: Bool, movesB: Bool) {
            self.contact = UInt64(truncatingIfNeeded: contact) << 8 | UInt64(kind.rawValue)
                | (movesA ? 4 : 0) | (movesB ? 8 : 0)
            bodies = UInt64(truncatingIfNeeded: bodyA) << 32 | UInt64(truncatingIfNeeded: bodyB)
        }

        @inline(__always)
        init(contact: Int, _ c: borrowing Contact, _ masses: UnsafeBufferPointer<SolverBodyMass>) {
            self.init(contact: contact, bodyA: c.bodyA, bodyB: c.bodyB, kind: WideContact.kind(of: c),
                      movesA: masses[c.bodyA].awake, movesB: masses[c.bodyB].awake)
        }
    }

    /// Levels the active contacts (in their order) and packs them into batches; when the layout
    /// inputs are those of the previous build (and `reusesLayout`), only reloads the batches.
    mutating func build(contacts: [Contact], active: [Int], masses: [SolverBodyMass]) {
        if reusesLayout && active.count == layoutCount && keepsLayout(contacts: contacts, active: active, masses: masses) {
            reusedLayouts += 1
            let pairCount = self.pairCount, quadCount = self.quadCount
            contacts.withUnsafeBufferPointer { contacts in
                masses.withUnsafeBufferPointer { masses in
                    pairs.withUnsafeMutableBufferPointer { pairs in
                        quads.withUnsafeMutableBufferPointer { quads in
                            withUnsafePointer(to: Self.padding) { padding in
                                Self.reload(contacts, masses, UnsafeMutableBufferPointer(rebasing: pairs[0..<pairCount]),
                                            UnsafeMutableBufferPointer(rebasing: quads[0..<quadCount]), padding: padding)
                            }
                        }
                    }
                }
            }
            return
        }
        Self.grow(&bodyLevels, to: masses.count)
        Self.grow(&groups, to: active.count)
        Self.grow(&order, to: active.count)
        // Levels: at most one per contact.
        Self.grow(&groupStarts, to: active.count * Self.kindCount + 1)
        // Batches: each group's last one may be partly padding.
        Self.grow(&pairs, to: active.count, WideContact(kind: .linear))
        Self.grow(&quads, to: active.count, QuadContact(kind: .onePoint))
        Self.grow(&schedule, to: active.count, 0)
        Self.grow(&layoutInputs, to: active.count, LayoutInput(contact: 0, bodyA: 0, bodyB: 0, kind: .onePoint, movesA: false, movesB: false))
        layoutCount = active.count
        (pairCount, quadCount) = contacts.withUnsafeBufferPointer { contacts in
            masses.withUnsafeBufferPointer { masses in
                active.withUnsafeBufferPointer { active in
                    bodyLevels.withUnsafeMutableBufferPointer { bodyLevels in
                        groups.withUnsafeMutableBufferPointer { groups in
                            groupStarts.withUnsafeMutableBufferPointer { groupStarts in
                                order.withUnsafeMutableBufferPointer { order in
                                    pairs.withUnsafeMutableBufferPointer { pairs in
                                        quads.withUnsafeMutableBufferPointer { quads in
                                            schedule.withUnsafeMutableBufferPointer { schedule in
                                                layoutInputs.withUnsafeMutableBufferPointer { inputs in
                                                    withUnsafePointer(to: Self.padding) { padding in
                                                        Self.build(contacts, active, masses, bodyLevels, groups, groupStarts, order,
                                                                   Output(pairs: pairs, quads: quads, schedule: schedule), inputs,
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
            }
        }
    }

    /// Where a full build writes its batches and their order.
    private struct Output {
        var pairs: UnsafeMutableBufferPointer<WideContact>
        var quads: UnsafeMutableBufferPointer<QuadContact>
        var schedule: UnsafeMutableBufferPointer<Int32>
    }

    /// Whether this build's layout inputs are those recorded by the last full build (as many
    /// active contacts as there were; checked until the first difference).
    private func keepsLayout(contacts: [Contact], active: [Int], masses: [SolverBodyMass]) -> Bool {
        contacts.withUnsafeBufferPointer { contacts in
            masses.withUnsafeBufferPointer { masses in
                layoutInputs.withUnsafeBufferPointer { inputs in
                    for (i, ci) in active.enumerated() where inputs[i] != LayoutInput(contact: ci, contacts[ci], masses) {
                        return false
                    }
                    return true
                }
            }
        }
    }

    /// Loads the batches of the kept layout again with this step's prepared contacts: each batch
    /// keeps its kind and its lanes' contacts, as the full build would give them.
    private static func reload(_ contacts: UnsafeBufferPointer<Contact>, _ masses: UnsafeBufferPointer<SolverBodyMass>,
                               _ pairs: UnsafeMutableBufferPointer<WideContact>, _ quads: UnsafeMutableBufferPointer<QuadContact>,
                               padding: UnsafePointer<Contact>) {
        guard let c = contacts.baseAddress else { return }
        for i in pairs.indices {
            let kind = pairs[i].kind
            let i0 = Int(pairs[i].contact[0]), i1 = Int(pairs[i].contact[1])
            if i1 >= 0 {
                pairs[i].load(kind: kind, c + i0, c + i1, index0: i0, index1: i1, masses: masses)
            } else {
                pairs[i].load(kind: kind, c + i0, padding, index0: i0, index1: i1, masses: masses)
            }
        }
        for i in quads.indices {
            quads[i].load(kind: quads[i].kind, c, quads[i].contact, padding: padding, masses: masses)
        }
    }

    /// What unused lanes hold: a contact on the ground with itself, without points, mass or impulse.
    static let padding = Contact(shapeA: 0, shapeB: 0, bodyA: 0, bodyB: 0)

    private static func grow<T>(_ array: inout [T], to count: Int, _ value: T) {
        if array.count < count { array.append(contentsOf: repeatElement(value, count: count - array.count)) }
    }

    private static func grow(_ array: inout [Int], to count: Int) { grow(&array, to: count, 0) }

    /// Returns the number of pair and quad batches; records the layout inputs in `inputs`.
    private static func build(_ contacts: UnsafeBufferPointer<Contact>, _ active: UnsafeBufferPointer<Int>,
                              _ masses: UnsafeBufferPointer<SolverBodyMass>, _ bodyLevels: UnsafeMutableBufferPointer<Int>,
                              _ groups: UnsafeMutableBufferPointer<Int>, _ groupStarts: UnsafeMutableBufferPointer<Int>,
                              _ order: UnsafeMutableBufferPointer<Int>, _ output: Output,
                              _ inputs: UnsafeMutableBufferPointer<LayoutInput>, padding: UnsafePointer<Contact>) -> (Int, Int) {
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
            let kind = WideContact.kind(of: contacts[ci])
            groups[i] = level * kindCount + Int(kind.rawValue)
            inputs[i] = LayoutInput(contact: ci, bodyA: a, bodyB: b, kind: kind, movesA: movesA, movesB: movesB)
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

        var pairCount = 0, quadCount = 0, scheduled = 0
        guard let c = contacts.baseAddress else { return (0, 0) }
        for g in 0..<groupCount {
            let start = groupStarts[g], end = groupStarts[g + 1]
            guard start < end, let kind = WideContact.Kind(rawValue: UInt8(g % kindCount)) else { continue }
            // Quads for the kinds that turn where the group fills more than two lanes. Smaller
            // groups stay in doubles: a column of blocks that may turn, one contact per level,
            // leans in floats (docs/dynamics.md).
            let inPairs = kind == .linear || end - start <= Lanes.scalarCount
            var first = start
            while first < end {
                if inPairs {
                    let i0 = order[first], i1 = first + 1 < end ? order[first + 1] : -1
                    output.pairs[pairCount].load(kind: kind, c + i0, i1 >= 0 ? c + i1 : padding, index0: i0, index1: i1,
                                                 masses: masses)
                    output.schedule[scheduled] = Int32(truncatingIfNeeded: pairCount)
                    pairCount += 1
                    first += Lanes.scalarCount
                } else {
                    var indices = QuadIndices(repeating: -1)
                    for lane in 0..<min(QuadLanes.scalarCount, end - first) {
                        indices[lane] = Int32(truncatingIfNeeded: order[first + lane])
                    }
                    output.quads[quadCount].load(kind: kind, c, indices, padding: padding, masses: masses)
                    output.schedule[scheduled] = ~Int32(truncatingIfNeeded: quadCount)
                    quadCount += 1
                    first += QuadLanes.scalarCount
                }
                scheduled += 1
            }
        }
        return (pairCount, quadCount)
    }

    /// Runs `body` on the batches in place.
    mutating func withBatches<R>(_ body: (SolverBatches) throws -> R) rethrows -> R {
        let count = batchCount, pairCount = self.pairCount, quadCount = self.quadCount
        return try schedule.withUnsafeBufferPointer { schedule in
            try pairs.withUnsafeMutableBufferPointer { pairs in
                try quads.withUnsafeMutableBufferPointer { quads in
                    try body(SolverBatches(schedule: UnsafeBufferPointer(rebasing: schedule[0..<count]),
                                           pairs: UnsafeMutableBufferPointer(rebasing: pairs[0..<pairCount]),
                                           quads: UnsafeMutableBufferPointer(rebasing: quads[0..<quadCount])))
                }
            }
        }
    }
}

/// The batches of a step in place, as the substeps run them: `schedule` in order, each entry
/// `i ≥ 0` naming `pairs[i]` and `~i` naming `quads[i]`.
struct SolverBatches {
    var schedule: UnsafeBufferPointer<Int32>
    var pairs: UnsafeMutableBufferPointer<WideContact>
    var quads: UnsafeMutableBufferPointer<QuadContact>

    /// Writes the impulses back to the contacts (warm starting of the next step, restitution,
    /// sleeping and contact events read them there).
    @inline(__always)
    func storeImpulses(_ contacts: UnsafeMutableBufferPointer<Contact>) {
        for i in pairs.indices {
            for lane in 0..<Lanes.scalarCount {
                let ci = Int(pairs[i].contact[lane])
                guard ci >= 0 else { continue }
                pairs[i].point1.store(&contacts[ci].point0, lane: lane)
                if pairs[i].kind.twoPoints { pairs[i].point2.store(&contacts[ci].point1, lane: lane) }
            }
        }
        for i in quads.indices { quads[i].storeImpulses(contacts) }
    }
}
