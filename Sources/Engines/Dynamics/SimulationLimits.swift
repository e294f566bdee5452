/// Bounds on what a scene may ask for; a scene beyond them is refused before simulating.
public struct SimulationLimits: Sendable, Equatable {
    public var maxItems: Int
    /// Simulated seconds.
    public var maxDuration: Double
    public var maxSteps: Int
    /// Behaviors in the tree and in the script, composites included.
    public var maxBehaviors: Int
    public var maxScriptEvents: Int
    /// Named boundaries over all collision behaviors.
    public var maxBoundaries: Int
    /// Sampled frames × items.
    public var maxSampledPoses: Int
    /// Contact events recorded; later ones are counted in `SimulationResult.droppedContactEvents`.
    public var maxContactEvents: Int

    public init(maxItems: Int = 500, maxDuration: Double = 60, maxSteps: Int = 120_000, maxBehaviors: Int = 1_000,
                maxScriptEvents: Int = 1_000, maxBoundaries: Int = 1_000, maxSampledPoses: Int = 2_000_000,
                maxContactEvents: Int = 100_000) {
        self.maxItems = maxItems
        self.maxDuration = maxDuration
        self.maxSteps = maxSteps
        self.maxBehaviors = maxBehaviors
        self.maxScriptEvents = maxScriptEvents
        self.maxBoundaries = maxBoundaries
        self.maxSampledPoses = maxSampledPoses
        self.maxContactEvents = maxContactEvents
    }

    /// 500 items, 60 simulated seconds, 120,000 steps, 1,000 behaviors, script events and boundaries,
    /// 2,000,000 sampled poses, 100,000 contact events.
    public static let `default` = SimulationLimits()

    /// At most this many collision behaviors (each owns one bit of a collision mask).
    static let maxCollisionBehaviors = 64
}
