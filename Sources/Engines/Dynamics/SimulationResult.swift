/// What a simulation produced: final item states, rest and pause times, contact events and,
/// when asked for, sampled trajectories.
public struct SimulationResult: Sendable, Equatable {
    /// Final state of one item.
    public struct ItemState: Sendable, Equatable {
        public var id: String
        public var center: Vector
        public var angle: Double
        public var velocity: Vector
        public var angularVelocity: Double
        /// When the item's final rest began (see `RestDetection`), or nil if it is not at rest.
        public var restingAt: Double?
        /// Largest |angle| the item reached, in radians.
        public var maxAngle: Double
        /// Whether the item entered the world before the end of the simulation.
        public var appeared: Bool
    }

    /// The other party of a contact: an item or a named boundary.
    public enum ContactPartner: Sendable, Equatable, CustomStringConvertible {
        case item(String)
        /// A boundary by id; the reference bounds are named "bounds".
        case boundary(String)

        /// The item id, or "boundary:NAME".
        public var description: String {
            switch self {
            case .item(let id): id
            case .boundary(let name): "boundary:\(name)"
            }
        }
    }

    /// Two shapes started (`began`) or stopped touching at time `at`.
    public struct ContactEvent: Sendable, Equatable {
        public var at: Double
        public var began: Bool
        /// Always an item id.
        public var a: String
        public var b: ContactPartner
    }

    /// An item's pose in a sampled frame.
    public struct Pose: Sendable, Equatable {
        public var id: String
        public var center: Vector
        public var angle: Double
    }

    /// The poses of the items present at time `t`.
    public struct Frame: Sendable, Equatable {
        public var t: Double
        public var items: [Pose]
    }

    /// A point of one item's sampled trajectory.
    public struct TrajectoryPoint: Sendable, Equatable {
        public var t: Double
        public var center: Vector
        public var angle: Double
    }

    /// How well an attachment held its length, measured at the end of every step in which it acted.
    public struct AttachmentRecord: Sendable, Equatable {
        /// The attachment behavior's id.
        public var id: String
        /// The length it holds: the one given, or the distance between its points when it first acted.
        public var length: Double
        /// Smallest and largest actual distance between its two points over the steps it was active.
        public var minLength: Double
        public var maxLength: Double
    }

    /// Items in scene order.
    public var items: [ItemState]
    /// When every item had come to rest for good (the animator's pause), or nil.
    public var pausedAt: Double?
    /// Begin and end of touching, in time order.
    public var contacts: [ContactEvent]
    /// Contact events beyond `SimulationLimits.maxContactEvents`, left out of `contacts`.
    public var droppedContactEvents: Int
    /// Sampling rate of `frames`, or nil when the scene asked for no samples.
    public var samplesPerSecond: Int?
    public var frames: [Frame]
    /// Attachment behaviors with an id that acted for at least one step, in tree order, then those
    /// the script adds in script order.
    public var attachments: [AttachmentRecord]

    /// The final state of the item with this id.
    public func item(_ id: String) -> ItemState? {
        items.first { $0.id == id }
    }

    /// The sampled trajectory of one item (empty without samples or before it appears).
    public func trajectory(of id: String) -> [TrajectoryPoint] {
        frames.compactMap { frame in
            frame.items.first { $0.id == id }.map { TrajectoryPoint(t: frame.t, center: $0.center, angle: $0.angle) }
        }
    }
}
