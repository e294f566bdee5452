/// The hot part of a body while a step is solved: velocities, inverse mass properties and the
/// motion since the start of the step. Bodies keep their start-of-step pose until the step ends.
struct SolverBody {
    var velocity = Vector.zero
    var angularVelocity = 0.0
    var inverseMass = 0.0
    var inverseInertia = 0.0
    var deltaPosition = Vector.zero
    var deltaAngle = 0.0
    var deltaRotation = Rotation.identity
    /// Integrated (awake). Sleeping bodies load as static: an island an awake body is about
    /// to push is woken before the solve (`wakeApproachedIslands`).
    var awake = false

    @inline(__always) func pointVelocity(_ r: Vector) -> Vector { velocity + cross(angularVelocity, r) }
}

/// In-place access to the solver bodies while solving.
typealias SolverBodies = UnsafeMutableBufferPointer<SolverBody>

/// The soft-step solver: per step, contacts are prepared once; each substep integrates
/// velocities, warm starts, solves with soft position bias, integrates positions and relaxes
/// without bias; a restitution pass and a position projection of deep overlaps end the step.
extension World {
    mutating func solve(_ h: Double) {
        let hs = h / Double(substeps)
        let hertz = min(Tuning.contactHertz, 0.25 / hs)
        let contactSoftness = Softness(hertz: hertz, zeta: Tuning.contactDampingRatio, h: hs)
        let staticSoftness = Softness(hertz: 2 * hertz, zeta: Tuning.contactDampingRatio, h: hs)
        let jointSoftness = Softness(hertz: min(Tuning.jointHertz, 0.5 / hs), zeta: Tuning.jointDampingRatio, h: hs)

        loadSolverBodies()
        prepareContacts(contactSoftness: contactSoftness, staticSoftness: staticSoftness)
        for i in joints.indices { joints[i].prepare(h: hs, bodies: bodies) }

        do {
            // Work on the arrays in place through buffer pointers: no copies of bodies or contacts.
            var solverBodies: [SolverBody] = [], contacts: [Contact] = [], joints: [Joint] = []
            swap(&solverBodies, &self.solverBodies)
            swap(&contacts, &self.contacts)
            swap(&joints, &self.joints)
            defer {
                swap(&solverBodies, &self.solverBodies)
                swap(&contacts, &self.contacts)
                swap(&joints, &self.joints)
            }
            let active = activeContacts
            let substeps = self.substeps
            let inverseH = 1 / hs
            let forces = bodies
            solverBodies.withUnsafeMutableBufferPointer { bodies in
                contacts.withUnsafeMutableBufferPointer { contacts in
                    joints.withUnsafeMutableBufferPointer { joints in
                        for substep in 0..<substeps {
                            let elapsed = Double(substep) * hs
                            Self.integrateVelocities(bodies, forces, hs)
                            for ci in active { ContactSolver.warmStart(&contacts[ci], bodies) }
                            for j in joints.indices { joints[j].warmStart(bodies: bodies, elapsed: elapsed) }
                            for j in joints.indices {
                                joints[j].solve(bodies: bodies, elapsed: elapsed, rigidSoftness: jointSoftness, useBias: true)
                            }
                            for ci in active { ContactSolver.solve(&contacts[ci], bodies, inverseH: inverseH, useBias: true) }
                            Self.integratePositions(bodies, hs)
                            for j in joints.indices {
                                joints[j].solve(bodies: bodies, elapsed: elapsed + hs, rigidSoftness: jointSoftness, useBias: false)
                            }
                            for ci in active { ContactSolver.solve(&contacts[ci], bodies, inverseH: inverseH, useBias: false) }
                        }
                        for ci in active where contacts[ci].restitution > 0 { ContactSolver.restitute(&contacts[ci], bodies) }
                        // A pass that moves nothing ends the projection: the next ones would not either.
                        for _ in 0..<Tuning.projectionIterations {
                            var moved = false
                            for ci in active where ContactSolver.project(&contacts[ci], bodies, forces, allowed: Tuning.allowedOverlap) {
                                moved = true
                            }
                            if !moved { break }
                        }
                    }
                }
            }
        }
        storeSolverBodies()
    }

    private mutating func loadSolverBodies() {
        for i in bodies.indices {
            var s = SolverBody()
            if bodies[i].state == .awake {
                s.velocity = bodies[i].velocity
                s.angularVelocity = bodies[i].angularVelocity
                s.inverseMass = bodies[i].inverseMass
                s.inverseInertia = bodies[i].inverseInertia
                s.awake = true
            }
            solverBodies[i] = s
        }
    }

    /// Moves the awake bodies by their motion over the step and keeps their velocities.
    private mutating func storeSolverBodies() {
        for i in bodies.indices where solverBodies[i].awake {
            let s = solverBodies[i]
            bodies[i].velocity = s.velocity
            bodies[i].angularVelocity = s.angularVelocity
            bodies[i].position += s.deltaPosition
            if s.deltaAngle != 0 {
                bodies[i].angle += s.deltaAngle
                bodies[i].rotation = Rotation(angle: bodies[i].angle)
            }
        }
    }

    private static func integrateVelocities(_ bodies: SolverBodies, _ forces: [Body], _ h: Double) {
        for i in bodies.indices where bodies[i].awake {
            var v = bodies[i].velocity + h * (forces[i].gravity + bodies[i].inverseMass * forces[i].force)
            if forces[i].linearDamping > 0 { v = v * (1 / (1 + h * forces[i].linearDamping)) }
            let speed2 = v.lengthSquared
            if speed2 > Tuning.maxSpeed * Tuning.maxSpeed { v = v * (Tuning.maxSpeed / speed2.squareRoot()) }
            bodies[i].velocity = v
            if bodies[i].inverseInertia > 0 {
                let w = (bodies[i].angularVelocity + h * bodies[i].inverseInertia * forces[i].torque)
                    / (1 + h * forces[i].angularDamping)
                bodies[i].angularVelocity = min(max(w, -Tuning.maxSpeed), Tuning.maxSpeed)
            }
        }
    }

    /// Advances the motion since the start of the step; the rotation is integrated to first
    /// order and renormalized (no trigonometry per substep).
    private static func integratePositions(_ bodies: SolverBodies, _ h: Double) {
        for i in bodies.indices where bodies[i].awake {
            bodies[i].deltaPosition += h * bodies[i].velocity
            let turn = h * bodies[i].angularVelocity
            if turn != 0 {
                bodies[i].deltaAngle += turn
                let q = bodies[i].deltaRotation
                let c = q.c - turn * q.s, s = q.s + turn * q.c
                let inverseLength = 1 / (c * c + s * s).squareRoot()
                bodies[i].deltaRotation = Rotation(c: c * inverseLength, s: s * inverseLength)
            }
        }
    }

    /// Selects the contacts to solve this step (with points and an awake body) and computes
    /// their anchors, effective masses, softness and approach speeds.
    private mutating func prepareContacts(contactSoftness: Softness, staticSoftness: Softness) {
        activeContacts.removeAll(keepingCapacity: true)
        for ci in contacts.indices {
            let ia = contacts[ci].bodyA, ib = contacts[ci].bodyB
            guard contacts[ci].count > 0, solverBodies[ia].awake || solverBodies[ib].awake else { continue }
            activeContacts.append(ci)
            let a = solverBodies[ia], b = solverBodies[ib]
            contacts[ci].prepare(a: a, b: b, softness: a.inverseMass == 0 || b.inverseMass == 0 ? staticSoftness : contactSoftness)
        }
    }
}
