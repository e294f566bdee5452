/// What simulating a scene will cost, computed from the scene alone before anything is simulated,
/// in the engine's own unit: candidate shape pairs examined.
///
/// In every substep each item is checked against every shape (the items and the boundary shapes
/// of every collision behavior); in every step the broadphase also sweeps the pairs of boundary
/// shapes, which at worst all overlap. So
/// `units = steps × (substeps × items × (items + boundaryShapes) + boundaryShapes × (boundaryShapes − 1) / 2)`.
/// Each collision behavior that turns the reference bounds into a boundary adds four walls, and
/// each of its boundaries one shape, however many items it acts on.
public struct SimulationCost: Sendable, Equatable {
    /// Fixed steps the scene runs.
    public let steps: Int
    public let substeps: Int
    public let items: Int
    /// Behaviors in the tree and added by the script, composites included.
    public let behaviors: Int
    public let collisionBehaviors: Int
    /// Named boundaries over all collision behaviors.
    public let boundaries: Int
    /// Collision behaviors that turn the reference bounds into a boundary (four walls each).
    public let boundsBehaviors: Int

    /// Static shapes: four walls per reference-bounds boundary, one shape per named boundary.
    public var boundaryShapes: Int { 4 * boundsBehaviors + boundaries }

    /// Candidate pairs per step: items against every shape in each substep, plus boundary pairs.
    public var unitsPerStep: Int {
        substeps * items * (items + boundaryShapes) + boundaryShapes * max(0, boundaryShapes - 1) / 2
    }

    /// The whole run.
    public var units: Int { steps * unitsPerStep }

    /// The cost of simulating `scene` as it stands (its behavior tree and script).
    public init(scene: Scene) {
        var behaviors = 0, collisions = 0, boundaries = 0, bounds = 0
        func count(_ behavior: Behavior) {
            behaviors += 1
            switch behavior.kind {
            case .composite(let children):
                for child in children { count(child) }
            case .collision(let c):
                collisions += 1
                boundaries += c.boundaries.count
                if c.translatesReferenceBoundsIntoBoundary { bounds += 1 }
            default:
                break
            }
        }
        if let root = scene.behavior { count(root) }
        for event in scene.script {
            if case .addBehavior(let behavior) = event.action { count(behavior) }
        }
        let step = scene.step.isFinite && scene.step > 0 ? scene.step : 1
        let duration = scene.duration.isFinite ? max(0, min(scene.duration, 1e7)) : 0
        steps = Int(min(1e9, (duration / step - 1e-4).rounded(.up)).magnitude)
        substeps = max(1, min(scene.substeps, 64))
        items = scene.items.count
        self.behaviors = behaviors
        collisionBehaviors = collisions
        self.boundaries = boundaries
        boundsBehaviors = bounds
    }

    /// What makes the run expensive, in words: `63 collision behaviors × 15 boundaries each, 63 of
    /// them with the reference bounds as 4 walls, make 1,197 boundary shapes; 1,740 steps ×
    /// (2 substeps × 24 items × 1,221 shapes + 715,806 boundary pairs)`.
    public var explanation: String {
        var shapes: String
        if collisionBehaviors > 1, boundaries > 0, boundaries % collisionBehaviors == 0 {
            shapes = "\(Self.number(collisionBehaviors)) collision behaviors × \(Self.number(boundaries / collisionBehaviors)) boundaries each"
        } else {
            shapes = "\(Self.number(collisionBehaviors)) collision behavior\(collisionBehaviors == 1 ? "" : "s") with "
                + "\(Self.number(boundaries)) boundar\(boundaries == 1 ? "y" : "ies")"
        }
        if boundsBehaviors > 0 {
            shapes += ", \(Self.number(boundsBehaviors)) of them with the reference bounds as 4 walls,"
        }
        let pairs = boundaryShapes * max(0, boundaryShapes - 1) / 2
        return "\(shapes) make \(Self.number(boundaryShapes)) boundary shapes; "
            + "\(Self.number(steps)) steps × (\(substeps) substeps × \(Self.number(items)) items × "
            + "\(Self.number(items + boundaryShapes)) shapes + \(Self.number(pairs)) boundary pairs)"
    }

    /// `1,234,567`.
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
