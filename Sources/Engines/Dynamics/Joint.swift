/// A constraint from an attachment or a snap behavior.
///
/// - `distance`: keeps the distance between a point of body A and a point of body B (or a
///   world anchor when B is the ground) at `length`: rigidly when `hertz` is 0, otherwise
///   as a spring of that frequency and damping ratio.
/// - `snap`: a spring pulling body A's centre to a world point and its angle to 0.
struct Joint {
    enum Kind { case distance, snap }

    var kind: Kind
    var bodyA: Int
    var bodyB: Int
    /// Attachment point in body A's frame.
    var localA: Vector
    /// Attachment point in body B's frame; for the ground, the anchor's position at the start
    /// of the step (the snap point for a snap).
    var localB: Vector
    /// Velocity of a ground anchor during the step.
    var anchorVelocity = Vector.zero
    var length: Double
    var hertz: Double
    var dampingRatio: Double
    var impulse = 0.0
    var linearImpulse = Vector.zero
    var angularImpulse = 0.0
    /// Spring coefficients for the current substep length.
    var spring = Softness.rigid
    /// Start-of-step state: attachment points and offsets from the centres, A's mass and angle.
    private var startA = Vector.zero
    private var startB = Vector.zero
    private var offsetA = Vector.zero
    private var offsetB = Vector.zero
    private var massA = 0.0
    private var inertiaA = 0.0
    private var angleA = 0.0
    /// The solver's inverse masses and inertias of the two bodies this step (zero when held static).
    private var inverseMassA = 0.0
    private var inverseInertiaA = 0.0
    private var inverseMassB = 0.0
    private var inverseInertiaB = 0.0

    init(kind: Kind, bodyA: Int, bodyB: Int, localA: Vector, localB: Vector,
         length: Double, hertz: Double, dampingRatio: Double) {
        self.kind = kind
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.length = length
        self.hertz = hertz
        self.dampingRatio = dampingRatio
    }

    mutating func prepare(h: Double, bodies: [Body], masses: [SolverBodyMass]) {
        spring = Softness(hertz: hertz, zeta: dampingRatio, h: h)
        let a = bodyA, b = bodyB
        inverseMassA = masses[a].inverseMass
        inverseInertiaA = masses[a].inverseInertia
        inverseMassB = masses[b].inverseMass
        inverseInertiaB = masses[b].inverseInertia
        offsetA = bodies[a].rotation.apply(localA)
        startA = bodies[a].position + offsetA
        massA = bodies[a].mass
        inertiaA = bodies[a].inertia
        angleA = bodies[a].angle
        if b == 0 {
            offsetB = .zero
            startB = localB
        } else {
            offsetB = bodies[b].rotation.apply(localB)
            startB = bodies[b].position + offsetB
        }
    }

    /// World positions and velocities of the two attachment points `elapsed` seconds into the step,
    /// with their offsets from the body centres.
    private func anchors(_ bodies: SolverBodies, elapsed: Double)
        -> (pA: Vector, rA: Vector, vA: Vector, pB: Vector, rB: Vector, vB: Vector) {
        let a = bodies[bodyA]
        let rA = a.deltaRotation.apply(offsetA)
        let pA = startA - offsetA + a.deltaPosition + rA
        if bodyB == 0 {
            return (pA, rA, a.pointVelocity(rA), startB + elapsed * anchorVelocity, .zero, anchorVelocity)
        }
        let b = bodies[bodyB]
        let rB = b.deltaRotation.apply(offsetB)
        return (pA, rA, a.pointVelocity(rA), startB - offsetB + b.deltaPosition + rB, rB, b.pointVelocity(rB))
    }

    private func apply(_ impulse: Vector, _ rA: Vector, _ rB: Vector, to bodies: SolverBodies) {
        bodies[bodyA].velocity -= inverseMassA * impulse
        bodies[bodyA].angularVelocity -= inverseInertiaA * cross(rA, impulse)
        if bodyB != 0 {
            bodies[bodyB].velocity += inverseMassB * impulse
            bodies[bodyB].angularVelocity += inverseInertiaB * cross(rB, impulse)
        }
    }

    func warmStart(bodies: SolverBodies, elapsed: Double) {
        switch kind {
        case .distance:
            let k = anchors(bodies, elapsed: elapsed)
            let d = k.pB - k.pA
            let l = d.length
            guard l > 1e-9 else { return }
            apply(impulse / l * d, k.rA, k.rB, to: bodies)
        case .snap:
            bodies[bodyA].velocity += inverseMassA * linearImpulse
            bodies[bodyA].angularVelocity += inverseInertiaA * angularImpulse
        }
    }

    mutating func solve(bodies: SolverBodies, elapsed: Double, rigidSoftness: Softness, useBias: Bool) {
        switch kind {
        case .distance: solveDistance(bodies: bodies, elapsed: elapsed, rigidSoftness: rigidSoftness, useBias: useBias)
        case .snap: solveSnap(bodies: bodies)
        }
    }

    private mutating func solveDistance(bodies: SolverBodies, elapsed: Double, rigidSoftness: Softness, useBias: Bool) {
        let k = anchors(bodies, elapsed: elapsed)
        let d = k.pB - k.pA
        let l = d.length
        guard l > 1e-9 else { return }
        let axis = (1 / l) * d
        let crA = cross(k.rA, axis)
        var kMass = inverseMassA + inverseInertiaA * crA * crA
        if bodyB != 0 {
            let crB = cross(k.rB, axis)
            kMass += inverseMassB + inverseInertiaB * crB * crB
        }
        guard kMass > 0 else { return }
        let mass = 1 / kMass
        let c = l - length
        let cdot = dot(axis, k.vB - k.vA)
        let softness = hertz > 0 ? spring : (useBias ? rigidSoftness : .rigid)
        let bias = hertz > 0 || useBias ? softness.biasRate * c : 0
        let delta = -softness.massScale * mass * (cdot + bias) - softness.impulseScale * impulse
        impulse += delta
        apply(delta * axis, k.rA, k.rB, to: bodies)
    }

    private mutating func solveSnap(bodies: SolverBodies) {
        let a = bodies[bodyA]
        guard inverseMassA > 0 else { return }
        let c = startA + a.deltaPosition - localB
        let delta = -spring.massScale * massA * (a.velocity + spring.biasRate * c) - spring.impulseScale * linearImpulse
        linearImpulse += delta
        bodies[bodyA].velocity += inverseMassA * delta
        if inverseInertiaA > 0 {
            let angular = -spring.massScale * inertiaA * (a.angularVelocity + spring.biasRate * (angleA + a.deltaAngle))
                - spring.impulseScale * angularImpulse
            angularImpulse += angular
            bodies[bodyA].angularVelocity += inverseInertiaA * angular
        }
    }
}
