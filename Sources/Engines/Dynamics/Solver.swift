/// The hot state of a body while a step is solved (Box2D's body state): velocities and the
/// motion since the start of the step. Bodies keep their start-of-step pose until the step ends.
/// Every body has one, fixed and sleeping ones included: theirs stays at rest (zero velocity,
/// no motion) because the solver gives them no mass, so contacts need no branch for them.
/// 64 bytes, one cache line.
struct SolverBody {
    var velocity = Vector.zero
    var angularVelocity = 0.0
    /// The turn since the start of the step, in radians (for snaps and the final angle).
    var deltaAngle = 0.0
    var deltaPosition = Vector.zero
    var deltaRotation = Rotation.identity

    @inline(__always) func pointVelocity(_ r: Vector) -> Vector { velocity + cross(angularVelocity, r) }

    /// Byte offsets the quad batches read and write whole vectors at: velocity, angular velocity
    /// and turn from the start; translation and rotation from `motionOffset`. Constants, so that
    /// every gather does not first ask for them (`SolverBodyLayoutTests` checks them against the
    /// layout).
    static var angularVelocityOffset: Int { 16 }
    static var motionOffset: Int { 32 }
}

/// What the solver knows of a body besides its motion: inverse mass and inertia, zero for
/// bodies it holds static (the ground, anchored and sleeping items).
struct SolverBodyMass {
    var inverseMass = 0.0
    var inverseInertia = 0.0
    /// Integrated (awake). Sleeping bodies load as static: an island an awake body is about
    /// to push is woken before the solve (`wakeApproachedIslands`).
    var awake = false
}

/// In-place access to the solver bodies while solving.
typealias SolverBodies = UnsafeMutableBufferPointer<SolverBody>
/// Read access to the solver's body masses while solving.
typealias SolverBodyMasses = UnsafeBufferPointer<SolverBodyMass>

/// The soft-step solver: per step, contacts are prepared once and laid out as colour-ordered
/// wide batches (`ContactBatches`); each substep integrates velocities, warm starts, solves with
/// soft position bias, integrates positions and relaxes without bias; the impulses go back to the
/// contacts for warm starting, then a restitution pass and a position projection of deep
/// overlaps end the step.
extension World {
    mutating func solve(_ h: Double) {
        let hs = h / Double(substeps)
        let hertz = min(Tuning.contactHertz, 0.25 / hs)
        let contactSoftness = Softness(hertz: hertz, zeta: Tuning.contactDampingRatio, h: hs)
        let staticSoftness = Softness(hertz: 2 * hertz, zeta: Tuning.contactDampingRatio, h: hs)
        let jointSoftness = Softness(hertz: min(Tuning.jointHertz, 0.5 / hs), zeta: Tuning.jointDampingRatio, h: hs)

        loadSolverBodies()
        prepareContacts(contactSoftness: contactSoftness, staticSoftness: staticSoftness)
        for i in joints.indices { joints[i].prepare(h: hs, bodies: bodies, masses: solverMasses) }
        contactBatches.build(contacts: contacts, active: activeContacts, masses: solverMasses)

        do {
            // Work on the arrays in place through buffer pointers: no copies of bodies or contacts.
            var solverBodies: [SolverBody] = [], contacts: [Contact] = [], joints: [Joint] = []
            var batches = ContactBatches()
            var projection = ProjectionPasses()
            swap(&solverBodies, &self.solverBodies)
            swap(&contacts, &self.contacts)
            swap(&joints, &self.joints)
            swap(&batches, &self.contactBatches)
            swap(&projection, &self.projectionPasses)
            defer {
                swap(&solverBodies, &self.solverBodies)
                swap(&contacts, &self.contacts)
                swap(&joints, &self.joints)
                swap(&batches, &self.contactBatches)
                swap(&projection, &self.projectionPasses)
            }
            let active = activeContacts
            let substeps = self.substeps
            let inverseH = 1 / hs
            let forces = bodies
            let masses = solverMasses
            masses.withUnsafeBufferPointer { masses in
            solverBodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
            joints.withUnsafeMutableBufferPointer { joints in
            batches.withBatches { wide in
            forces.withUnsafeBufferPointer { forceList in
                for substep in 0..<substeps {
                    let elapsed = Double(substep) * hs
                    Self.integrateVelocities(bodies, masses, forceList, hs)
                    WideContactSolver.warmStart(wide, bodies)
                    for j in joints.indices { joints[j].warmStart(bodies: bodies, elapsed: elapsed) }
                    for j in joints.indices {
                        joints[j].solve(bodies: bodies, elapsed: elapsed, rigidSoftness: jointSoftness, useBias: true)
                    }
                    WideContactSolver.solve(wide, bodies, inverseH: inverseH, useBias: true)
                    Self.integratePositions(bodies, masses, hs)
                    for j in joints.indices {
                        joints[j].solve(bodies: bodies, elapsed: elapsed + hs, rigidSoftness: jointSoftness, useBias: false)
                    }
                    WideContactSolver.solve(wide, bodies, inverseH: inverseH, useBias: false)
                }
                wide.storeImpulses(contacts)
                for ci in active where contacts[ci].restitution > 0 {
                    ContactSolver.restitute(&contacts[ci], bodies, masses)
                }
                projection.run(active, contacts, bodies, masses, forces)
            }
            }
            }
            }
            }
            }
        }
        storeSolverBodies()
    }

    private mutating func loadSolverBodies() {
        bodies.withUnsafeBufferPointer { bodies in
            solverBodies.withUnsafeMutableBufferPointer { solverBodies in
                solverMasses.withUnsafeMutableBufferPointer { solverMasses in
                    for i in bodies.indices {
                        var s = SolverBody(), m = SolverBodyMass()
                        if bodies[i].state == .awake {
                            s.velocity = bodies[i].velocity
                            s.angularVelocity = bodies[i].angularVelocity
                            m.inverseMass = bodies[i].inverseMass
                            m.inverseInertia = bodies[i].inverseInertia
                            m.awake = true
                        }
                        solverBodies[i] = s
                        solverMasses[i] = m
                    }
                }
            }
        }
    }

    /// Moves the awake bodies by their motion over the step and keeps their velocities.
    private mutating func storeSolverBodies() {
        solverBodies.withUnsafeBufferPointer { solverBodies in
            solverMasses.withUnsafeBufferPointer { solverMasses in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    for i in bodies.indices where solverMasses[i].awake {
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
            }
        }
    }

    private static func integrateVelocities(_ bodies: SolverBodies, _ masses: SolverBodyMasses, _ forces: UnsafeBufferPointer<Body>,
                                            _ h: Double) {
        for i in bodies.indices where masses[i].awake {
            let inverseMass = masses[i].inverseMass, inverseInertia = masses[i].inverseInertia
            var v = bodies[i].velocity + h * (forces[i].gravity + inverseMass * forces[i].force)
            if forces[i].linearDamping > 0 { v = v * (1 / (1 + h * forces[i].linearDamping)) }
            let speed2 = v.lengthSquared
            if speed2 > Tuning.maxSpeed * Tuning.maxSpeed { v = v * (Tuning.maxSpeed / speed2.squareRoot()) }
            bodies[i].velocity = v
            if inverseInertia > 0 {
                let w = (bodies[i].angularVelocity + h * inverseInertia * forces[i].torque)
                    / (1 + h * forces[i].angularDamping)
                bodies[i].angularVelocity = min(max(w, -Tuning.maxSpeed), Tuning.maxSpeed)
            }
        }
    }

    /// Advances the motion since the start of the step; the rotation is integrated to first
    /// order and renormalized (no trigonometry per substep).
    private static func integratePositions(_ bodies: SolverBodies, _ masses: SolverBodyMasses, _ h: Double) {
        for i in bodies.indices where masses[i].awake {
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
    /// their anchors, effective masses, softness and approach speeds. The contacts and bodies
    /// are read and written in place.
    private mutating func prepareContacts(contactSoftness: Softness, staticSoftness: Softness) {
        // The active list gets room for every contact (kept from step to step) and is written
        // through a pointer, then cut to the contacts taken.
        var active: [Int] = []
        swap(&active, &activeContacts)
        defer { swap(&active, &activeContacts) }
        let room = contacts.count
        if active.count < room {
            active.append(contentsOf: repeatElement(0, count: room - active.count))
        }
        let taken = solverBodies.withUnsafeBufferPointer { solverBodies in
            solverMasses.withUnsafeBufferPointer { solverMasses in
                contacts.withUnsafeMutableBufferPointer { contacts in
                    active.withUnsafeMutableBufferPointer { active in
                        var taken = 0
                        for ci in contacts.indices {
                            let ia = contacts[ci].bodyA, ib = contacts[ci].bodyB
                            let a = solverMasses[ia], b = solverMasses[ib]
                            guard contacts[ci].count > 0, a.awake || b.awake else { continue }
                            active[taken] = ci
                            taken += 1
                            contacts[ci].prepare(a: solverBodies[ia], a, b: solverBodies[ib], b,
                                                 softness: a.inverseMass == 0 || b.inverseMass == 0 ? staticSoftness : contactSoftness)
                        }
                        return taken
                    }
                }
            }
        }
        active.removeLast(active.count - taken)
    }
}
