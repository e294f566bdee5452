import AutoLayout
import JSON

/// A submission reduced to what it means, for comparing students' work: the canonical
/// constraint set of a layout, or the canonical behavior tree of a dynamics submission, as a
/// sorted multiset of elements. Two submissions that differ only in the names of their own guides
/// and metrics, the order of their lines, their formatting, the form they were written in
/// (text, storyboard, code), or the ids of their behaviors have the same fingerprint.
public struct SubmissionFingerprint: Sendable, Equatable {
    /// The canonical elements, sorted (a multiset).
    public let elements: [String]

    /// How many elements: constraints, or behaviors.
    public var size: Int { elements.count }

    /// The fingerprint of `text` for `exercise`, or nil when it cannot be read.
    public static func make(_ exercise: Exercise, text: String) -> SubmissionFingerprint? {
        let form = SubmissionForm.detect(text)
        var own = text
        if form != .text {
            guard case .success(let converted) = Grader.convert(text, form: form, for: exercise) else { return nil }
            own = converted.text
        }
        switch exercise.definition {
        case .layout(let layout): return layoutFingerprint(own, layout: layout)
        case .dynamics(let dynamics): return behaviorFingerprint(own, dynamics: dynamics)
        }
    }

    /// The Jaccard similarity of the two multisets: shared elements over all elements, 0…1
    /// (1 for two empty fingerprints).
    public func similarity(to other: SubmissionFingerprint) -> Double {
        var i = 0, j = 0, shared = 0
        while i < elements.count, j < other.elements.count {
            if elements[i] == other.elements[j] {
                shared += 1; i += 1; j += 1
            } else if elements[i] < other.elements[j] {
                i += 1
            } else {
                j += 1
            }
        }
        let union = elements.count + other.elements.count - shared
        return union == 0 ? 1 : Double(shared) / Double(union)
    }

    // MARK: Layout

    private static func layoutFingerprint(_ text: String, layout: LayoutExercise) -> SubmissionFingerprint? {
        guard case .success(let document) = LayoutSubmission.parse(text, views: layout.views) else { return nil }
        let constraints = document.constraints
        let guides = document.items.indices.filter { $0 >= layout.declaredItemCount && document.items[$0].isGuide
            && document.items[$0].builtIn == nil }
        // A guide is named by what ties it (with itself as SELF and other guides as G), so renaming guides changes nothing.
        func name(_ id: ItemID, guideNames: [Int: String]) -> String {
            guard case .item(let index) = id else { return LayoutDocument.containerName }
            if let named = guideNames[index] { return named }
            return document.name(of: id)
        }
        let anonymous = Dictionary(uniqueKeysWithValues: guides.map { ($0, "G") })
        let signatures = guides.map { guide -> (Int, String) in
            var names = anonymous
            names[guide] = "SELF"
            let lines = constraints.filter { $0.firstItem == .item(guide) || $0.secondItem == .item(guide) }
                .map { canonical($0, name: { name($0, guideNames: names) }) }.sorted()
            return (guide, lines.joined(separator: "|"))
        }
        var guideNames: [Int: String] = [:]
        for (rank, entry) in signatures.sorted(by: { $0.1 != $1.1 ? $0.1 < $1.1 : false }).enumerated() {
            guideNames[entry.0] = "guide\(rank + 1)"
        }
        let elements = constraints.map { canonical($0, name: { name($0, guideNames: guideNames) }) }.sorted()
        return SubmissionFingerprint(elements: elements)
    }

    /// One constraint in one direction chosen from both, with numbers rounded to a thousandth.
    private static func canonical(_ constraint: LayoutConstraint, name: (ItemID) -> String) -> String {
        let first = "\(name(constraint.firstItem)).\(constraint.firstAttribute.rawValue)"
        let priority = constraint.priority.value
        guard let secondItem = constraint.secondItem, let secondAttribute = constraint.secondAttribute else {
            return "\(first) \(constraint.relation.rawValue) \(number(constraint.constant.value)) @\(priority)"
        }
        let second = "\(name(secondItem)).\(secondAttribute.rawValue)"
        let forward = "\(first) \(constraint.relation.rawValue) \(second) * \(number(constraint.multiplier)) + "
            + "\(number(constraint.constant.value)) @\(priority)"
        guard constraint.multiplier != 0 else { return forward }
        let flipped: String
        switch constraint.relation {
        case .equal: flipped = "=="
        case .lessThanOrEqual: flipped = ">="
        case .greaterThanOrEqual: flipped = "<="
        }
        let backward = "\(second) \(flipped) \(first) * \(number(1 / constraint.multiplier)) + "
            + "\(number(-constraint.constant.value / constraint.multiplier)) @\(priority)"
        return min(forward, backward)
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == 0 ? "0" : NumberText.format(rounded)
    }

    // MARK: Dynamics

    private static func behaviorFingerprint(_ text: String, dynamics: DynamicsExercise) -> SubmissionFingerprint? {
        guard let tree = try? JSONParser.parse(text, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 48, maxStringBytes: 4096,
                                                                        maxElements: 50_000)) else { return nil }
        var kept = Set<String>()
        if case .array(let steps)? = dynamics.scene["script"] {
            for step in steps {
                for key in ["moveAnchor", "removeBehavior"] { if let id = step[key]?.stringValue { kept.insert(id) } }
            }
        }
        var elements: [String] = []
        var budget = 2_000
        _ = canonical(tree, parent: "root", kept: kept, elements: &elements, budget: &budget)
        guard budget >= 0 else { return nil }
        return SubmissionFingerprint(elements: elements.sorted())
    }

    /// The canonical text of a behavior (keys sorted, ids the script does not name dropped,
    /// children sorted); every behavior adds its own properties, under its parent's type, to `elements`.
    private static func canonical(_ node: JSONValue, parent: String, kept: Set<String>, elements: inout [String],
                                  budget: inout Int) -> String {
        budget -= 1
        guard budget >= 0 else { return "" }
        switch node {
        case .object(let object):
            let type = object["type"]?.stringValue ?? "?"
            var own: [String] = []
            var children: [String] = []
            for (key, value) in object {
                if key == "id", let id = value.stringValue, !kept.contains(id) { continue }
                if key == "children", case .array(let items) = value {
                    children = items.map { canonical($0, parent: type, kept: kept, elements: &elements, budget: &budget) }.sorted()
                    continue
                }
                own.append("\(key)=\(canonical(value, parent: type, kept: kept, elements: &elements, budget: &budget))")
            }
            own.sort()
            elements.append(parent + ">" + own.joined(separator: ","))
            return "{" + own.joined(separator: ",") + (children.isEmpty ? "" : ",children=[" + children.joined(separator: ",") + "]") + "}"
        case .array(let items):
            return "[" + items.map { scalar($0) }.joined(separator: ",") + "]"
        default:
            return scalar(node)
        }
    }

    private static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): return Self.number(number)
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(scalar).joined(separator: ",") + "]"
        case .object: return "{…}"
        }
    }
}
