/// Engine constants, in points and seconds (100 points play the role of one metre, so
/// UIKit's 1000 points/s² of gravity is Earth's 10 m/s²).
enum Tuning {
    /// Points per metre: UIKit's gravity of 1000 points/s² is Earth's 10 m/s² at this scale, and
    /// Box2D's lengths (given in metres) are this many points.
    static let pointsPerMetre = 100.0
    /// Overlap tolerated between touching shapes (Box2D's linear slop, 0.005 m, is 0.5 pt); also
    /// the distance below which two shapes count as touching for contact events.
    static let linearSlop = 0.005 * pointsPerMetre
    /// Contact points are created this far before the shapes touch (speculative contacts).
    static let speculativeDistance = 4 * linearSlop
    /// Fastest speed at which soft contacts push overlapping shapes apart (points/s).
    static let maxPushout = 300.0
    /// Stiffness of contacts (Hz, capped at a quarter of the substep rate) and their damping
    /// ratio; contacts with fixed bodies are twice as stiff. 45 Hz keeps tall stacks within a
    /// few points of their height without jitter.
    static let contactHertz = 45.0
    static let contactDampingRatio = 10.0
    /// Overlap beyond which the end-of-step position projection pushes contact points apart
    /// (0.3 pt, 60% of the linear slop), and its passes over the contacts. Soft contacts alone yield in
    /// proportion to their load; the projection keeps every resting overlap near this.
    static let allowedOverlap = 0.6 * linearSlop
    static let projectionIterations = 4
    /// Stiffness and damping ratio of rigid attachments.
    static let jointHertz = 60.0
    static let jointDampingRatio = 2.0
    /// Approach speeds below this do not bounce (points/s).
    static let restitutionThreshold = 100.0
    /// Speed limit that keeps bad input from producing non-finite numbers (points/s, and
    /// radians/s for turning), applied when forces are integrated.
    static let maxSpeed = 100_000.0
    /// Stiffness (Hz) of a snap; its damping ratio is derived from the behavior's damping.
    static let snapHertz = 3.0
}

/// Rest detection: an item is calm while the fastest point of its surface moves slower than
/// `speedThreshold` points/s (linear speed, or angular speed times the item's extent); it is
/// at rest once it has stayed calm for `duration` seconds. Islands of touching items whose
/// members are all at rest fall asleep (when sleeping is enabled).
public enum RestDetection {
    /// Points per second.
    public static let speedThreshold = 5.0
    /// Seconds.
    public static let duration = 0.5
}

/// Soft constraint coefficients (Box2D v3's "soft step" formulation) for a spring of
/// frequency `hertz` and damping ratio `zeta` solved with time step `h`.
struct Softness {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Double, zeta: Double, h: Double) {
        if hertz == 0 {
            self = .rigid
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }
}
