/// Simulation state of one rigid body. Body 0 of every world is the fixed ground that owns
/// the boundaries; an anchored item is fixed too (zero inverse mass and inertia).
struct Body {
    enum State: Equatable {
        /// Not in the world yet (an item whose appearance time has not come).
        case absent
        case awake
        case asleep
        /// Never moves: the ground or an anchored item.
        case fixed
    }

    var state: State
    var position: Vector
    var angle: Double
    var rotation: Rotation
    var velocity: Vector
    var angularVelocity: Double

    var mass: Double
    var inertia: Double
    var inverseMass: Double
    var inverseInertia: Double
    /// Area-based mass for a density of 1 and the matching rotational inertia.
    var unitMass: Double
    var unitInertia: Double

    /// Acceleration from gravity behaviors and force/torque from continuous pushes.
    var gravity: Vector
    var force: Vector
    var torque: Double
    /// Velocity multipliers per substep derived from `resistance` and `angularResistance`.
    var linearDamping: Double
    var angularDamping: Double
    var elasticity: Double
    var friction: Double
    var allowsRotation: Bool
    /// Collision behaviors (as bits) through which the item collides with items / boundaries.
    var itemMask: UInt64
    var boundaryMask: UInt64

    /// Largest distance from the centre to the surface, for motion bounds and rest detection.
    var extent: Double
    /// Time spent calm without interruption (for sleeping).
    var sleepTime: Double
    /// When the current calm period began, if the body is calm.
    var calmSince: Double?
    /// Largest |angle| seen so far.
    var maxAngle: Double
    /// Cannot fall asleep this step (pulled by a moving anchor).
    var keptAwake: Bool

    init(position: Vector, angle: Double, unitMass: Double, unitInertia: Double, extent: Double) {
        state = .absent
        self.position = position
        self.angle = angle
        rotation = Rotation(angle: angle)
        velocity = .zero
        angularVelocity = 0
        mass = unitMass
        inertia = unitInertia
        inverseMass = unitMass > 0 ? 1 / unitMass : 0
        inverseInertia = unitInertia > 0 ? 1 / unitInertia : 0
        self.unitMass = unitMass
        self.unitInertia = unitInertia
        gravity = .zero
        force = .zero
        torque = 0
        linearDamping = 0
        angularDamping = 0
        elasticity = 0
        friction = 0
        allowsRotation = true
        itemMask = 0
        boundaryMask = 0
        self.extent = extent
        sleepTime = 0
        calmSince = nil
        maxAngle = abs(angle)
        keptAwake = false
    }

    /// The fixed ground body.
    static var ground: Body {
        var body = Body(position: .zero, angle: 0, unitMass: 0, unitInertia: 0, extent: 0)
        body.state = .fixed
        return body
    }

    /// Whether the solver moves this body.
    var isDynamic: Bool { state == .awake || state == .asleep }

    /// World position of a point given in the body's own frame (offset from its centre).
    func worldPoint(_ local: Vector) -> Vector { position + rotation.apply(local) }

    /// Speed of the fastest surface point (linear speed or rim speed, whichever is larger).
    var surfaceSpeed: Double { max(velocity.length, abs(angularVelocity) * extent) }

    /// Sets density, anchoring and rotation freedom, recomputing the inverse mass and inertia.
    mutating func setMassProperties(density: Double, anchored: Bool, allowsRotation: Bool) {
        self.allowsRotation = allowsRotation
        mass = density * unitMass
        inertia = density * unitInertia
        if anchored {
            state = .fixed
            inverseMass = 0
            inverseInertia = 0
            velocity = .zero
            angularVelocity = 0
        } else {
            if state == .fixed { state = .awake }
            inverseMass = mass > 0 ? 1 / mass : 0
            inverseInertia = allowsRotation && inertia > 0 ? 1 / inertia : 0
            if !allowsRotation { angularVelocity = 0 }
        }
    }
}
