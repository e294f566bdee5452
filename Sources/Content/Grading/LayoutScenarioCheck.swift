import AutoLayout

/// Grades one scenario: the submission's frames against the reference's, with the message that
/// explains what is wrong and how to fix it.
struct LayoutScenarioCheck {
    /// Frames closer than this (in points, per component) count as equal.
    static let tolerance = 0.5
    /// Most misplaced views explained one by one in a message.
    static let maxExplainedViews = 3
    /// Most broken constraints named in a message (the diagnostics list them all).
    static let maxNamedConflicts = 3

    let scenario: LayoutExercise.Scenario
    let exercise: LayoutExercise
    let document: LayoutDocument
    let result: LayoutResult
    let reference: LayoutResult

    /// The check, and the diagnostics the scenario adds (conflict reports, missing constraints, truncation).
    func evaluate() -> (check: GradeCheck, diagnostics: [String], frames: ScenarioFrames) {
        let misplaced = misplacedViews()
        var problems: [String] = []
        if !result.conflicts.isEmpty {
            // Each analyzed conflict breaks one constraint; the summary past the analysis limit, all it lists.
            let constraints = result.conflicts.flatMap { $0.isSummary ? $0.constraints : [$0.broken] }
            var broken = constraints.prefix(Self.maxNamedConflicts).map { "line \($0.location.line) '\($0.source)'" }
            if constraints.count > Self.maxNamedConflicts {
                broken.append("\(constraints.count - Self.maxNamedConflicts) more")
            }
            problems.append("In \(scenario.title), the constraints conflict: UIKit would break \(NumberText.list(broken)) "
                            + "to recover. The full report is in the diagnostics.")
        }
        if !result.ambiguities.isEmpty {
            problems.append("In \(scenario.title), the layout is ambiguous: "
                            + result.ambiguities.map(\.message).joined(separator: "; ") + ".")
        }
        if problems.isEmpty, !misplaced.isEmpty {
            problems.append(explain(misplaced))
        }
        let passed = problems.isEmpty
        let message = passed ? "In \(scenario.title), every view is where it should be." : problems.joined(separator: " ")
        let check = GradeCheck(name: scenario.name, passed: passed, points: passed ? scenario.points : 0, message: message)
        return (check, diagnostics(), frames(misplaced: misplaced.map(\.index), passed: passed,
                                             verdict: passed ? "passed" : failure(misplaced: misplaced.count)))
    }

    // MARK: Comparing frames

    /// A view whose frame differs from the reference's, with the components that differ.
    struct Misplaced {
        let index: Int
        /// Differing components, in the order x, y, width, height.
        let components: [Component]
    }

    enum Component: CaseIterable {
        case x, y, width, height

        var axis: LayoutAxis { self == .x || self == .width ? .horizontal : .vertical }
        var isSize: Bool { self == .width || self == .height }

        func value(_ rect: LayoutRect) -> Double {
            switch self {
            case .x: rect.x
            case .y: rect.y
            case .width: rect.width
            case .height: rect.height
            }
        }
    }

    private func misplacedViews() -> [Misplaced] {
        var misplaced: [Misplaced] = []
        for index in 0..<exercise.declaredItemCount {
            let mine = result.frames[index].frame
            let wanted = reference.frames[index].frame
            let components = Component.allCases.filter { abs($0.value(mine) - $0.value(wanted)) > Self.tolerance }
            if !components.isEmpty { misplaced.append(Misplaced(index: index, components: components)) }
        }
        return misplaced
    }

    // MARK: Explaining

    /// One sentence per explained view (those whose own constraints show the cause or the fix,
    /// else the first one), then how many more are misplaced.
    private func explain(_ misplaced: [Misplaced]) -> String {
        let sentences = misplaced.map { (view: $0, sentence: sentence(for: $0)) }
        var shown = sentences.filter(\.sentence.explained).prefix(Self.maxExplainedViews).map { $0 }
        if shown.isEmpty, let first = sentences.first { shown = [first] }
        var text = shown.map(\.sentence.text).joined(separator: " ")
        let others = misplaced.count - shown.count
        if others > 0 {
            text += others == 1 ? " 1 other view is misplaced too." : " \(others) other views are misplaced too."
        }
        return text
    }

    private func sentence(for view: Misplaced) -> (text: String, explained: Bool) {
        let name = document.items[view.index].name
        let mine = result.frames[view.index].frame
        let wanted = reference.frames[view.index].frame
        var text = "In \(scenario.title), \(name) is \(describe(mine, view.components)) "
            + "but should be \(describe(wanted, view.components))"
        guard let first = view.components.first else { return (text + ".", false) }
        let (cause, hint) = causeAndHint(for: view.index, axis: first.axis, sizeMismatch: view.components.contains { $0.isSize && $0.axis == first.axis })
        if let cause { text += ": " + cause }
        text += "."
        if let hint { text += " " + hint }
        return (text, cause != nil || hint != nil)
    }

    /// `at x=121, y=273 and 325 wide`.
    private func describe(_ rect: LayoutRect, _ components: [Component]) -> String {
        var parts: [String] = []
        let positions = components.filter { !$0.isSize }.map { component in
            "\(component == .x ? "x" : "y")=\(NumberText.format(component.value(rect)))"
        }
        if !positions.isEmpty { parts.append("at " + positions.joined(separator: ", ")) }
        for component in components where component.isSize {
            parts.append("\(NumberText.format(component.value(rect))) \(component == .width ? "wide" : "high")")
        }
        return NumberText.list(parts)
    }

    /// What in the submission puts the view there, and what the reference does instead.
    private func causeAndHint(for index: Int, axis: LayoutAxis, sizeMismatch: Bool) -> (cause: String?, hint: String?) {
        let submitted = Tie.ties(of: index, along: axis, in: document)
        let wanted = Tie.ties(of: index, along: axis, in: exercise.referenceDocument)
        var cause: String?
        var hint: String?
        if let extra = submitted.first(where: { tie in !wanted.contains { $0.hasSameShape(as: tie) } }) {
            cause = extra.cause
        } else {
            for tie in submitted {
                guard let match = wanted.first(where: { $0.hasSameShape(as: tie) }),
                      abs(match.constant.value - tie.constant.value) > 1e-9 else { continue }
                cause = tie.cause
                if match.constant.source == .standard { hint = "Use the standard space instead." }
                break
            }
        }
        if hint == nil, let missing = wanted.first(where: { tie in !submitted.contains { $0.hasSameShape(as: tie) } }) {
            hint = missing.hint
        }
        let size = Tie.name(of: axis == .horizontal ? .width : .height)
        if hint == nil, sizeMismatch, !wanted.contains(where: { $0.partner == .constant }) {
            hint = document.items[index].intrinsicSize != nil
                ? "Let its content decide its \(size) instead."
                : "Let its neighbours and margins decide its \(size) instead."
        }
        if let stated = cause, let truncation = truncation(of: document.items[index].name, along: axis) {
            cause = stated + ", so its content (\(NumberText.format(truncation)) points) is cut off"
        }
        return (cause, hint)
    }

    /// The size the view's content needs when the submission cuts it off along `axis`.
    private func truncation(of name: String, along axis: LayoutAxis) -> Double? {
        for warning in result.warnings {
            if case .truncated(let view, let truncatedAxis, _, let intrinsic) = warning.kind, view == name, truncatedAxis == axis {
                return intrinsic
            }
        }
        return nil
    }

    // MARK: Diagnostics and frames

    private func diagnostics() -> [String] {
        var lines: [String] = []
        for conflict in result.conflicts { lines.append("In \(scenario.title):\n\(conflict.message)") }
        for ambiguity in result.ambiguities { lines.append("In \(scenario.title): \(ambiguity.message)") }
        for warning in result.warnings {
            if case .truncated = warning.kind { lines.append("In \(scenario.title): \(warning.message)") }
        }
        return lines
    }

    /// Why the scenario failed, in a few words: a conflict and an ambiguity first, as in the message.
    private func failure(misplaced: Int) -> String {
        var reasons: [String] = []
        if !result.conflicts.isEmpty { reasons.append("the constraints conflict") }
        if !result.ambiguities.isEmpty { reasons.append("the layout is ambiguous") }
        if reasons.isEmpty { reasons.append(misplaced == 1 ? "1 view misplaced" : "\(misplaced) views misplaced") }
        return "failed: " + reasons.joined(separator: ", ")
    }

    private func frames(misplaced: [Int], passed: Bool, verdict: String) -> ScenarioFrames {
        var views: [ScenarioFrames.View] = []
        for (index, frame) in result.frames.enumerated() {
            let declared = index < exercise.declaredItemCount
            views.append(ScenarioFrames.View(name: frame.name, isGuide: frame.isGuide,
                                             reference: declared ? reference.frames[index].rootFrame : nil,
                                             submission: frame.rootFrame, matches: !misplaced.contains(index)))
        }
        return ScenarioFrames(name: scenario.name, title: scenario.title, containerSize: result.containerSize,
                              direction: scenario.layout.direction, views: views, passed: passed, verdict: verdict)
    }
}
