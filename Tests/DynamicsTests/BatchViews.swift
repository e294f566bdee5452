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

    init(_ c: WideContact) {
        let lanes = 0..<Lanes.scalarCount
        kind = c.kind
        isQuad = false
        contacts = lanes.map { Int(c.contact[$0]) }
        bodyA = lanes.map { Int(c.bodyA[$0]) }
        bodyB = lanes.map { Int(c.bodyB[$0]) }
        normalX = lanes.map { c.normalX[$0] }
        inverseMassA = lanes.map { c.inverseMassA[$0] }
        inverseMassB = lanes.map { c.inverseMassB[$0] }
        normalMass = lanes.map { c.point1.normalMass[$0] + c.point2.normalMass[$0] }
        normalImpulse = lanes.map { c.point1.normalImpulse[$0] }
    }

    init(_ c: QuadContact) {
        let lanes = 0..<QuadLanes.scalarCount
        kind = c.kind
        isQuad = true
        contacts = lanes.map { Int(c.contact[$0]) }
        bodyA = lanes.map { Int(c.bodyA[$0]) }
        bodyB = lanes.map { Int(c.bodyB[$0]) }
        normalX = lanes.map { Double(c.normalX[$0]) }
        inverseMassA = lanes.map { Double(c.inverseMassA[$0]) }
        inverseMassB = lanes.map { Double(c.inverseMassB[$0]) }
        normalMass = lanes.map { Double(c.point1.normalMass[$0] + c.point2.normalMass[$0]) }
        normalImpulse = lanes.map { Double(c.point1.normalImpulse[$0]) }
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
