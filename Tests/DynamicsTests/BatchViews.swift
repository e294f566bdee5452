@testable import Dynamics

/// One batch of a `ContactBatches` layout as the tests read it, whatever its form: its kind and,
/// lane by lane, its contact (−1 for padding), bodies and a few loaded values, widened to doubles.
struct BatchView {
    var kind: WideContact.Kind
    /// Whether the batch is a quad (four lanes of floats) rather than a pair (two of doubles).
    var isQuad: Bool
    var contacts: [Int], bodyA: [Int], bodyB: [Int]
    var normalX: [Double], inverseMassA: [Double], inverseMassB: [Double]
    var normalMass: [Double], normalImpulse: [Double]

    /// One lane of a batch: its contact, bodies and values.
    private typealias Lane = (contact: Int, bodyA: Int, bodyB: Int, normalX: Double, inverseMassA: Double, inverseMassB: Double,
                              normalMass: Double, normalImpulse: Double)

    private init(kind: WideContact.Kind, isQuad: Bool, lanes: [Lane]) {
        self.kind = kind
        self.isQuad = isQuad
        contacts = lanes.map(\.contact)
        bodyA = lanes.map(\.bodyA)
        bodyB = lanes.map(\.bodyB)
        normalX = lanes.map(\.normalX)
        inverseMassA = lanes.map(\.inverseMassA)
        inverseMassB = lanes.map(\.inverseMassB)
        normalMass = lanes.map(\.normalMass)
        normalImpulse = lanes.map(\.normalImpulse)
    }

    init(_ c: WideContact) {
        self.init(kind: c.kind, isQuad: false, lanes: (0..<Lanes.scalarCount).map { (i: Int) -> Lane in
            let normalMass = c.point1.normalMass[i] + c.point2.normalMass[i]
            return (Int(c.contact[i]), Int(c.bodyA[i]), Int(c.bodyB[i]), c.normalX[i], c.inverseMassA[i], c.inverseMassB[i],
                    normalMass, c.point1.normalImpulse[i])
        })
    }

    init(_ c: QuadContact) {
        self.init(kind: c.kind, isQuad: true, lanes: (0..<QuadLanes.scalarCount).map { (i: Int) -> Lane in
            let normalX = Double(c.normalX[i]), inverseMassA = Double(c.inverseMassA[i]), inverseMassB = Double(c.inverseMassB[i])
            let normalMass = Double(c.point1.normalMass[i] + c.point2.normalMass[i]), impulse = Double(c.point1.normalImpulse[i])
            return (Int(c.contact[i]), Int(c.bodyA[i]), Int(c.bodyB[i]), normalX, inverseMassA, inverseMassB, normalMass, impulse)
        })
    }

    /// `value` as this batch's lanes hold it.
    func laneValue(_ value: Double) -> Double { isQuad ? Double(Float(value)) : value }
}

extension ContactBatches {
    /// The batches in schedule order.
    var views: [BatchView] {
        schedule.prefix(batchCount).map { $0 >= 0 ? BatchView(pairs[Int($0)]) : BatchView(quads[Int(~$0)]) }
    }
}

/// Batches to run through the substep passes: a schedule over pair and quad batches.
struct BatchRun {
    var schedule: [Int32] = []
    var pairs: [WideContact] = []
    var quads: [QuadContact] = []

    /// The batches of `built`, as laid out.
    init(_ built: ContactBatches) {
        schedule = Array(built.schedule.prefix(built.batchCount))
        pairs = Array(built.pairs.prefix(built.pairCount))
        quads = Array(built.quads.prefix(built.quadCount))
    }

    /// The same contacts one to a batch, in the form of the batch the layout put each in (or, with
    /// `inDoubles`, every one in a pair batch), in schedule order and, within a batch, lane order.
    init(oneContactPerBatchOf built: ContactBatches, contacts: [Contact], masses: [SolverBodyMass], inDoubles: Bool = false) {
        contacts.withUnsafeBufferPointer { contacts in
            masses.withUnsafeBufferPointer { masses in
                withUnsafePointer(to: ContactBatches.padding) { padding in
                    guard let base = contacts.baseAddress else { return }
                    for view in built.views {
                        for ci in view.contacts where ci >= 0 {
                            if view.isQuad && !inDoubles {
                                var batch = QuadContact(kind: view.kind)
                                batch.load(kind: view.kind, base, QuadIndices(Int32(ci), -1, -1, -1), padding: padding, masses: masses)
                                schedule.append(~Int32(quads.count))
                                quads.append(batch)
                            } else {
                                var batch = WideContact(kind: view.kind)
                                batch.load(kind: view.kind, base + ci, padding, index0: ci, index1: -1, masses: masses)
                                schedule.append(Int32(pairs.count))
                                pairs.append(batch)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` on the batches in place.
    mutating func withBatches<R>(_ body: (SolverBatches) -> R) -> R {
        schedule.withUnsafeBufferPointer { schedule in
            pairs.withUnsafeMutableBufferPointer { pairs in
                quads.withUnsafeMutableBufferPointer { quads in
                    body(SolverBatches(schedule: schedule, pairs: pairs, quads: quads))
                }
            }
        }
    }
}
