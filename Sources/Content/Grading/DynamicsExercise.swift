import Dynamics
import JSON

/// A dynamics exercise: the scene (bounds, items, drop times, scripted gestures) into which a
/// student's behavior tree goes, the behavior types the student may use, and the data checks.
public struct DynamicsExercise: Sendable {
    /// The behavior types of the Dynamics scene format.
    public static let behaviorTypes = ["composite", "gravity", "collision", "itemBehavior", "attachment", "push", "snap"]

    /// The scene's JSON object, without `behavior`: the submission supplies it.
    public let scene: JSONObject
    /// The scene as parsed, without behavior.
    public let parsedScene: Scene
    /// Behavior types the submission may use, in the exercise's order.
    public let allowedBehaviors: [String]
    /// The data checks, in report order; their points add up to the exercise's.
    public let checks: [DynamicsCheck]
}

extension DynamicsExercise {
    /// Reads the dynamics part of `exercise.json`.
    static func load(_ node: JSONNode, points: Int) throws(ExerciseError) -> DynamicsExercise {
        let exercise: DynamicsExercise
        do {
            exercise = try read(node)
        } catch {
            throw ExerciseError("exercise.json \(error.path)", error.message)
        }
        let total = exercise.checks.reduce(0) { $0 + $1.points }
        guard total == points else {
            throw ExerciseError("exercise.json $.checks", "the checks' points add up to \(total), but the exercise is worth \(points)")
        }
        return exercise
    }

    private static func read(_ node: JSONNode) throws(JSONDecodingError) -> DynamicsExercise {
        let sceneNode = try node.required("scene")
        guard case .object(let scene) = sceneNode.value else { throw sceneNode.error("expected an object") }
        guard scene["behavior"] == nil else {
            throw sceneNode.error("the scene has no \"behavior\": the submission supplies the behavior tree")
        }
        let parsed: Scene
        do {
            parsed = try Scene.parse(json: JSONValue.object(scene).serialized())
        } catch {
            throw JSONDecodingError(path: error.location.replacingPrefix("$", with: sceneNode.path), message: error.message)
        }
        let allowedNode = try node.required("allowedBehaviors")
        let allowed = try allowedNode.strings()
        for (index, type) in allowed.enumerated() where !behaviorTypes.contains(type) {
            throw JSONDecodingError(path: "\(allowedNode.path)[\(index)]",
                                    message: "unknown behavior type \"\(type)\"; expected one of \(behaviorTypes.joined(separator: ", "))")
        }
        let itemIDs = parsed.items.map(\.id)
        var checks: [DynamicsCheck] = []
        let checkNodes = try node.required("checks").array()
        guard !checkNodes.isEmpty, checkNodes.count <= 32 else { throw node.error("expected 1 to 32 checks") }
        for checkNode in checkNodes {
            let check = try DynamicsCheck.read(checkNode, items: itemIDs)
            guard !checks.contains(where: { $0.name == check.name }) else {
                throw checkNode.error("duplicate check name \"\(check.name)\"")
            }
            checks.append(check)
        }
        return DynamicsExercise(scene: scene, parsedScene: parsed, allowedBehaviors: allowed, checks: checks)
    }
}

extension String {
    /// The string with `prefix` replaced by `replacement` when it starts with it.
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
