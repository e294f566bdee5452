import Dynamics
import JSON

/// Checks a submitted behavior tree before it is simulated: its size, and that it only uses the
/// behavior types the exercise allows.
enum BehaviorSurvey {
    /// The first problem, located by JSON path, or nil when the tree is acceptable.
    static func problem(in tree: JSONValue, allowed: [String], maxBehaviors: Int) -> String? {
        guard case .object = tree else { return "$: expected a behavior object such as {\"type\": \"composite\", \"children\": [...]}" }
        var count = 0
        var pending: [(value: JSONValue, path: String)] = [(tree, "$")]
        while let (value, path) = pending.popLast() {
            guard case .object(let object) = value else { continue }
            count += 1
            if count > maxBehaviors {
                return "\(path): the behavior tree has more than \(maxBehaviors) behaviors; at most \(maxBehaviors) are accepted"
            }
            if case .string(let type)? = object["type"], DynamicsExercise.behaviorTypes.contains(type), !allowed.contains(type) {
                return "\(path).type: \"\(type)\" is not allowed in this exercise; use \(NumberText.list(allowed.map { "\"\($0)\"" }))"
            }
            if case .array(let children)? = object["children"] {
                for (index, child) in children.enumerated().reversed() {
                    pending.append((child, "\(path).children[\(index)]"))
                }
            }
        }
        return nil
    }

    /// Behaviors of a parsed tree, in pre-order.
    static func behaviors(in root: Behavior) -> [Behavior] {
        var list: [Behavior] = []
        var pending = [root]
        while let behavior = pending.popLast() {
            list.append(behavior)
            if case .composite(let children) = behavior.kind { pending.append(contentsOf: children.reversed()) }
        }
        return list
    }

    /// What the exercise's script needs from the tree (the attachments it moves, the behaviors it
    /// removes) and the tree lacks, in script order.
    static func missingScriptTargets(in root: Behavior, script: [Scene.ScriptEvent]) -> String? {
        let all = behaviors(in: root)
        for event in script {
            let time = NumberText.format(event.at, decimals: 2)
            switch event.action {
            case .moveAnchor(let id, _):
                let found = all.contains { behavior in
                    guard behavior.id == id, case .attachment(let attachment) = behavior.kind,
                          case .anchor = attachment.target else { return false }
                    return true
                }
                if !found {
                    return "$: the exercise moves the anchor of the attachment \"\(id)\" at \(time) s; "
                        + "include an attachment to an anchor with \"id\": \"\(id)\""
                }
            case .removeBehavior(let id):
                if !all.contains(where: { $0.id == id }) {
                    return "$: the exercise removes the behavior \"\(id)\" at \(time) s; include a behavior with \"id\": \"\(id)\""
                }
            case .addBehavior:
                continue
            }
        }
        return nil
    }
}
