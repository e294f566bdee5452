/// Runs scenes: a deterministic 2D rigid-body engine with UIKit Dynamics semantics.
///
/// Units are points and seconds, y grows downward, positions are item centres. Gravity of
/// magnitude 1 is 1000 points/s²; an item's mass is density × area / 10,000 points².
///
/// The engine steps at the scene's fixed `step`, each step split into `substeps` (soft step):
/// speculative contacts with two-point manifolds, soft contact constraints with warm starting
/// and a relax pass, a restitution pass, rigid or springy attachments, snaps, and sleeping.
/// Contacts are solved in the order of their shape indices, so results never depend on hashing.
///
/// Conventions beyond UIKit's documentation:
/// - Friction between two items is the geometric mean of theirs, elasticity the larger one;
///   against a boundary the item's own values apply.
/// - Reference bounds collide as a boundary named `bounds` (contact partner "boundary:bounds").
/// - A contact begins when its shapes come within `0.5` pt of each other and ends when they part.
/// - Rest: see `RestDetection` (surface speed below 5 pt/s for 0.5 s). `restingAt` is when the
///   item's final calm period began; `pausedAt` is when the last item's rest was detected
///   (its `restingAt` + 0.5 s), or nil if some item was still moving at the end.
/// - A snap is a 3 Hz spring whose damping ratio is 0.1 + 0.9 × `damping`; it also turns the item
///   back to angle 0.
/// - Samples are taken at the first step boundary at or after each multiple of 1/fps.
///
/// Pure and deterministic: the same scene always gives bit-identical results.
public enum Simulation {
    /// Simulates `scene` with the default limits.
    public static func run(scene: Scene) throws(DynamicsError) -> SimulationResult {
        try run(scene: scene, limits: .default)
    }

    /// Simulates `scene`, refusing it before starting when it breaks `limits` or is inconsistent.
    public static func run(scene: Scene, limits: SimulationLimits) throws(DynamicsError) -> SimulationResult {
        var validator = SceneValidator(scene: scene, limits: limits)
        try validator.validate()
        var runner = SceneRunner(scene: scene, itemIndex: validator.itemIndex, maxContactEvents: limits.maxContactEvents)
        return runner.run(steps: validator.stepCount)
    }
}
