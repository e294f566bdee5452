/// Position projection: the end of each step pushes apart, by positions alone, contacts whose
/// points overlap by more than `Tuning.allowedOverlap`.
///
/// A soft contact holds its load like a stiff spring, so it yields in proportion to the weight
/// on it: about 0.025 pt per 40-pt block above it, which puts the bottom contacts of a column of
/// 40 blocks a point deep. The projection takes that back without touching velocities, so it
/// adds no energy (nothing bounces), and contacts carrying a light load (overlaps under half the
/// slop) are left exactly as the soft solve leaves them.
///
/// The projection translates and never turns: it moves by the deeper point of a contact. (Turning bodies to close both points, as a rigid position solver would,
/// toppled tall columns whose blocks may rotate: the turns it makes out of rounding errors add up.)
/// Where one body rests on the other (the normal runs against the upper body's gravity), only
/// the upper body moves, straight up against its gravity, as in shock propagation: lifting a block never pushes the one beneath
/// it further into its own support, so a column is corrected from the bottom up instead of the
/// correction spreading down and back up over many passes.
extension ContactSolver {
    /// Moves the bodies of `c` apart where it overlaps by more than `allowed`; returns whether
    /// anything moved.
    @discardableResult
    static func project(_ c: inout Contact, _ bodies: SolverBodies, _ masses: SolverBodyMasses, _ forces: [Body],
                        allowed: Double) -> Bool {
        let ia = c.bodyA, ib = c.bodyB
        let mA = masses[ia].inverseMass, mB = masses[ib].inverseMass
        guard mA + mB > 0 else { return false }
        let n = c.normal
        let d = bodies[ib].deltaPosition - bodies[ia].deltaPosition
        func error(_ p: ContactPoint) -> Double {
            let rA = c.linearOnly ? p.anchorA : bodies[ia].deltaRotation.apply(p.anchorA)
            let rB = c.linearOnly ? p.anchorB : bodies[ib].deltaRotation.apply(p.anchorB)
            return dot(d + rB - rA, n) + p.baseSeparation + allowed
        }
        var deepest = error(c.point0)
        if c.count > 1 && !c.linearOnly { deepest = min(deepest, error(c.point1)) }
        guard deepest < 0 else { return false }
        // A body resting on the other is lifted straight against its gravity (a slightly tilted
        // normal would also push it sideways, step after step); otherwise both move along the normal.
        let gA = forces[ia].gravity, gB = forces[ib].gravity
        let lengthA = gA.length, lengthB = gB.length
        if mB > 0 && dot(n, gB) < -0.5 * lengthB {
            let up = gB * (-1 / lengthB)
            bodies[ib].deltaPosition += (-deepest / dot(up, n)) * up
        } else if mA > 0 && dot(n, gA) > 0.5 * lengthA {
            let up = gA * (-1 / lengthA)
            bodies[ia].deltaPosition += (deepest / dot(up, n)) * up
        } else {
            let push = (-deepest / (mA + mB)) * n
            if mA > 0 { bodies[ia].deltaPosition -= mA * push }
            if mB > 0 { bodies[ib].deltaPosition += mB * push }
        }
        return true
    }
}

/// The passes of the position projection over the active contacts, in contact order, up to
/// `Tuning.projectionIterations`; a pass that moves nothing ends them (the next would not either).
///
/// A contact's projection depends only on its bodies' motion since the start of the step, which
/// only the projection itself changes. So after the first pass, a contact that moved nothing
/// when it was last looked at, and neither of whose bodies has moved since, would move nothing
/// again: it is skipped, with exactly the same result. Moves and looks are ordered by a clock
/// that runs on from step to step, so nothing needs clearing.
struct ProjectionPasses {
    /// Per body: the clock of its last move.
    private var bodyMovedAt: [UInt64] = []
    /// Per contact: the clock when it was last looked at.
    private var contactCheckedAt: [UInt64] = []
    private var clock: UInt64 = 0

    /// Projects the `active` contacts (indices into `contacts`, in contact order), moving `bodies`.
    mutating func run(_ active: [Int], _ contacts: UnsafeMutableBufferPointer<Contact>, _ bodies: SolverBodies,
                      _ masses: SolverBodyMasses, _ forces: [Body]) {
        if bodyMovedAt.count < bodies.count {
            bodyMovedAt.append(contentsOf: repeatElement(0, count: bodies.count - bodyMovedAt.count))
        }
        if contactCheckedAt.count < contacts.count {
            contactCheckedAt.append(contentsOf: repeatElement(0, count: contacts.count - contactCheckedAt.count))
        }
        var clock = self.clock
        defer { self.clock = clock }
        bodyMovedAt.withUnsafeMutableBufferPointer { bodyMovedAt in
            contactCheckedAt.withUnsafeMutableBufferPointer { contactCheckedAt in
                for pass in 0..<Tuning.projectionIterations {
                    var moved = false
                    for ci in active {
                        let a = contacts[ci].bodyA, b = contacts[ci].bodyB
                        let checked = contactCheckedAt[ci]
                        if pass > 0 && bodyMovedAt[a] < checked && bodyMovedAt[b] < checked { continue }
                        clock &+= 1
                        contactCheckedAt[ci] = clock
                        if ContactSolver.project(&contacts[ci], bodies, masses, forces, allowed: Tuning.allowedOverlap) {
                            moved = true
                            bodyMovedAt[a] = clock
                            bodyMovedAt[b] = clock
                        }
                    }
                    if !moved { break }
                }
            }
        }
    }
}
