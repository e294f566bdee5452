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
            let count = batchCount
            contacts.withUnsafeBufferPointer { contacts in
                masses.withUnsafeBufferPointer { masses in
                    batches.withUnsafeMutableBufferPointer { batches in
                        withUnsafePointer(to: Self.padding) { padding in
                            Self.reload(contacts, masses, UnsafeMutableBufferPointer(rebasing: batches[0..<count]),
                                        padding: padding)
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
        Self.grow(&batches, to: active.count, WideContact(kind: .onePoint))
        Self.grow(&layoutInputs, to: active.count, LayoutInput(contact: 0, bodyA: 0, bodyB: 0, kind: .onePoint, movesA: false, movesB: false))
        layoutCount = active.count
        batchCount = contacts.withUnsafeBufferPointer { contacts in
            masses.withUnsafeBufferPointer { masses in
                active.withUnsafeBufferPointer { active in
                    bodyLevels.withUnsafeMutableBufferPointer { bodyLevels in
                        groups.withUnsafeMutableBufferPointer { groups in
                            groupStarts.withUnsafeMutableBufferPointer { groupStarts in
                                order.withUnsafeMutableBufferPointer { order in
                                    batches.withUnsafeMutableBufferPointer { batches in
                                        layoutInputs.withUnsafeMutableBufferPointer { inputs in
                                            withUnsafePointer(to: Self.padding) { padding in
                                                Self.build(contacts, active, masses, bodyLevels, groups, groupStarts, order, batches,
                                                           inputs, padding: padding)
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
                               _ batches: UnsafeMutableBufferPointer<WideContact>, padding: UnsafePointer<Contact>) {
        guard let c = contacts.baseAddress else { return }
        for i in batches.indices {
            let kind = batches[i].kind
            let i0 = Int(batches[i].contact[0]), i1 = Int(batches[i].contact[1])
            if i1 >= 0 {
                batches[i].load(kind: kind, c + i0, c + i1, index0: i0, index1: i1, masses: masses)
            } else {
                batches[i].load(kind: kind, c + i0, padding, index0: i0, index1: i1, masses: masses)
            }
        }
    }

    /// What unused lanes hold: a contact on the ground with itself, without points, mass or impulse.
    static let padding = Contact(shapeA: 0, shapeB: 0, bodyA: 0, bodyB: 0)

    private static func grow<T>(_ array: inout [T], to count: Int, _ value: T) {
        if array.count < count { array.append(contentsOf: repeatElement(value, count: count - array.count)) }
    }

    private static func grow(_ array: inout [Int], to count: Int) { grow(&array, to: count, 0) }

    /// Returns the number of batches; records the layout inputs in `inputs`.
    private static func build(_ contacts: UnsafeBufferPointer<Contact>, _ active: UnsafeBufferPointer<Int>,
                              _ masses: UnsafeBufferPointer<SolverBodyMass>, _ bodyLevels: UnsafeMutableBufferPointer<Int>,
                              _ groups: UnsafeMutableBufferPointer<Int>, _ groupStarts: UnsafeMutableBufferPointer<Int>,
                              _ order: UnsafeMutableBufferPointer<Int>, _ batches: UnsafeMutableBufferPointer<WideContact>,
                              _ inputs: UnsafeMutableBufferPointer<LayoutInput>, padding: UnsafePointer<Contact>) -> Int {
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

        var next = 0
        guard let c = contacts.baseAddress else { return next }
        for g in 0..<groupCount {
            let start = groupStarts[g], end = groupStarts[g + 1]
            guard start < end, let kind = WideContact.Kind(rawValue: UInt8(g % kindCount)) else { continue }
            var first = start
            while first < end {
                let i0 = order[first], i1 = first + 1 < end ? order[first + 1] : -1
                if i1 >= 0 {
                    batches[next].load(kind: kind, c + i0, c + i1, index0: i0, index1: i1, masses: masses)
                } else {
                    batches[next].load(kind: kind, c + i0, padding, index0: i0, index1: i1, masses: masses)
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
