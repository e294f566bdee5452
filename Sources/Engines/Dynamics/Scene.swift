/// A scene to simulate: reference bounds, items, a behavior tree and a script of timed events.
/// Parse one from JSON with `Scene.parse(json:)` or build it in code.
public struct Scene: Sendable, Equatable {
    /// Size of the reference view; its top-left corner is the origin.
    public var width: Double
    public var height: Double
    /// Simulated seconds.
    public var duration: Double
    /// Fixed time step in seconds.
    public var step: Double
    /// Solver substeps per step.
    public var substeps: Int
    /// Whether islands of resting items stop being simulated until disturbed.
    public var sleeping: Bool
    public var items: [Item]
    /// Root of the behavior tree, if any.
    public var behavior: Behavior?
    public var script: [ScriptEvent]
    /// Frames per second of the sampled trajectories, or nil for none.
    public var samplesPerSecond: Int?

    /// Creates a scene; defaults mirror the JSON format's.
    public init(width: Double, height: Double, duration: Double = 6, step: Double = 1.0 / 120,
                substeps: Int = 4, sleeping: Bool = true, items: [Item] = [], behavior: Behavior? = nil,
                script: [ScriptEvent] = [], samplesPerSecond: Int? = nil) {
        self.width = width
        self.height = height
        self.duration = duration
        self.step = step
        self.substeps = substeps
        self.sleeping = sleeping
        self.items = items
        self.behavior = behavior
        self.script = script
        self.samplesPerSecond = samplesPerSecond
    }

    /// An item (a dynamic view in UIKit terms).
    public struct Item: Sendable, Equatable {
        public enum Shape: Sendable, Equatable {
            case rectangle(width: Double, height: Double)
            case circle(radius: Double)
        }

        public var id: String
        public var center: Vector
        public var shape: Shape
        /// Radians, clockwise on screen (y grows downward).
        public var angle: Double
        public var velocity: Vector
        public var angularVelocity: Double
        /// Seconds after the start at which the item enters the world.
        public var appearsAt: Double

        public init(id: String, center: Vector, shape: Shape, angle: Double = 0, velocity: Vector = .zero,
                    angularVelocity: Double = 0, appearsAt: Double = 0) {
            self.id = id
            self.center = center
            self.shape = shape
            self.angle = angle
            self.velocity = velocity
            self.angularVelocity = angularVelocity
            self.appearsAt = appearsAt
        }
    }

    /// A timed change: move an attachment's anchor, or add or remove a behavior.
    public struct ScriptEvent: Sendable, Equatable {
        public enum Action: Sendable, Equatable {
            /// The anchor of the attachment with this id travels in a straight line from where it
            /// was at the previous keyframe (or its start) to `to`, arriving at the event time.
            case moveAnchor(attachment: String, to: Vector)
            /// Appends a behavior to the root of the tree.
            case addBehavior(Behavior)
            /// Removes the behavior with this id (with its children).
            case removeBehavior(String)
        }

        public var at: Double
        public var action: Action

        public init(at: Double, action: Action) {
            self.at = at
            self.action = action
        }
    }
}

/// A behavior of the tree, UIKit Dynamics style. Unless `items` lists item ids, a behavior
/// applies to every item (attachments and snaps name their items themselves).
public struct Behavior: Sendable, Equatable {
    public var id: String?
    public var items: [String]?
    public var kind: Kind

    public init(id: String? = nil, items: [String]? = nil, _ kind: Kind) {
        self.id = id
        self.items = items
        self.kind = kind
    }

    public enum Kind: Sendable, Equatable {
        /// Children applied in order.
        case composite([Behavior])
        /// `magnitude` 1 is 1000 points/s²; angle π/2 points down.
        case gravity(angle: Double, magnitude: Double)
        case collision(Collision)
        case itemProperties(ItemProperties)
        case attachment(Attachment)
        case push(Push)
        case snap(Snap)
    }

    public enum CollisionMode: String, Sendable, Equatable {
        case items, boundaries, everything
    }

    /// A named boundary: a segment or an axis-aligned rectangle (origin at its top-left corner).
    public struct Boundary: Sendable, Equatable {
        public enum Shape: Sendable, Equatable {
            case segment(from: Vector, to: Vector)
            case rectangle(x: Double, y: Double, width: Double, height: Double)
        }

        public var id: String
        public var shape: Shape

        public init(id: String, shape: Shape) {
            self.id = id
            self.shape = shape
        }
    }

    public struct Collision: Sendable, Equatable {
        public var mode: CollisionMode
        /// Turns the edges of the reference bounds, inset by `insets`, into a boundary named `bounds`.
        public var translatesReferenceBoundsIntoBoundary: Bool
        public var insets: Insets
        public var boundaries: [Boundary]

        public init(mode: CollisionMode = .everything, translatesReferenceBoundsIntoBoundary: Bool = false,
                    insets: Insets = Insets(), boundaries: [Boundary] = []) {
            self.mode = mode
            self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
            self.insets = insets
            self.boundaries = boundaries
        }
    }

    public struct Insets: Sendable, Equatable {
        public var top, left, bottom, right: Double

        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// Item properties; nil leaves a property to earlier behaviors (or the default). Where
    /// several behaviors set a property of an item, the last one in tree order wins.
    public struct ItemProperties: Sendable, Equatable {
        /// 0…1; default 0.
        public var elasticity: Double?
        /// Default 0.
        public var friction: Double?
        /// Default 1; mass is density × area / 10,000 points².
        public var density: Double?
        /// Linear damping per second; default 0.
        public var resistance: Double?
        /// Angular damping per second; default 0.
        public var angularResistance: Double?
        /// Default true; false gives infinite rotational inertia (the angle never changes).
        public var allowsRotation: Bool?
        /// Default false; an anchored item never moves but others collide with it.
        public var anchored: Bool?

        public init(elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
                    resistance: Double? = nil, angularResistance: Double? = nil,
                    allowsRotation: Bool? = nil, anchored: Bool? = nil) {
            self.elasticity = elasticity
            self.friction = friction
            self.density = density
            self.resistance = resistance
            self.angularResistance = angularResistance
            self.allowsRotation = allowsRotation
            self.anchored = anchored
        }
    }

    /// Ties a point of `item` (at `offset` from its centre, in its own frame) to a world anchor
    /// or to a point of another item. Frequency 0 is a rigid bar; otherwise a spring.
    public struct Attachment: Sendable, Equatable {
        public enum Target: Sendable, Equatable {
            case anchor(Vector)
            case item(String, offset: Vector)
        }

        public var item: String
        public var offset: Vector
        public var target: Target
        /// Default: the distance when the attachment starts acting.
        public var length: Double?
        public var damping: Double
        public var frequency: Double

        public init(item: String, offset: Vector = .zero, target: Target, length: Double? = nil,
                    damping: Double = 0, frequency: Double = 0) {
            self.item = item
            self.offset = offset
            self.target = target
            self.length = length
            self.damping = damping
            self.frequency = frequency
        }
    }

    /// A push through the item's centre: on a 100×100-point item of density 1, magnitude 1 gives 100 points/s of velocity
    /// (instantaneous) or 100 points/s² of acceleration (continuous).
    public struct Push: Sendable, Equatable {
        public enum Mode: String, Sendable, Equatable { case instantaneous, continuous }

        public var mode: Mode
        public var angle: Double
        public var magnitude: Double

        public init(mode: Mode, angle: Double = 0, magnitude: Double) {
            self.mode = mode
            self.angle = angle
            self.magnitude = magnitude
        }
    }

    /// Pulls an item's centre to `point` (and its angle to 0) with a spring; `damping` 0…1
    /// goes from lively oscillation to none.
    public struct Snap: Sendable, Equatable {
        public var item: String
        public var point: Vector
        public var damping: Double

        public init(item: String, point: Vector, damping: Double = 0.5) {
            self.item = item
            self.point = point
            self.damping = damping
        }
    }
}
