import LayoutSolver

/// One solve: a fresh solver, the constraints added in order (as written, or with the values fixed
/// beforehand folded in), and the diagnostics read off it.
struct LayoutRun {
    let engine: LayoutEngine
    /// The scenario solved; `resolve(for:)` moves the run to another one.
    var scenario: LayoutScenario
    var container: LayoutSize
    /// What the root container's guides and margins measure.
    var geometry: ScenarioGeometry
    let variables: [Variable]
    let intrinsicSizes: [LayoutSize?]
    /// The expression of each usable document constraint, in document order.
    var sums: [LayoutEngine.LinearSum?]
    /// The values the required equalities force, folded into every constraint before it is added;
    /// nil to add every constraint as written, or when the required equalities contradict each other.
    var fixed: FixedValues?
    let solver = Solver()
    /// What each added solver constraint stands for, in add order.
    var added: [(constraint: Constraint, origin: Origin)] = []
    /// The variables (indices) of each required equality that was added.
    var requiredEqualities: [[Int]] = []
    var conflicts: [LayoutConflict] = []
    /// Required constraints broken past the analysis limit, in the order they were met.
    var unanalyzed: [LayoutConstraint] = []
    /// Constraints waiting to reach the solver in one batch, in add order.
    var pending: [Pending] = []
    /// How many of `pending` are required.
    var pendingRequired = 0

    /// Where a solver constraint comes from.
    enum Origin {
        case document(Int)
        case contentSize(item: Int, axis: LayoutAxis, hugging: Bool)
    }

    /// A constraint not yet given to the solver.
    struct Pending {
        var constraint: Constraint
        var origin: Origin
        /// The variables (indices) of a required equality, recorded once it is added.
        var requiredEquality: [Int]?
    }

    /// A run of `engine` in `scenario`; `foldingFixedValues` prepares `solveIfComplete`.
    init(engine: LayoutEngine, scenario: LayoutScenario, foldingFixedValues: Bool) {
        let setting = Setting(engine: engine, scenario: scenario, foldingFixedValues: foldingFixedValues)
        let (container, geometry, sizes, sums, fixed) = (setting.container, setting.geometry, setting.intrinsicSizes,
                                                         setting.sums, setting.fixed)
        self.init(engine: engine, scenario: scenario, container: container, geometry: geometry, intrinsicSizes: sizes,
                  sums: sums, fixed: fixed)
    }

    private init(engine: LayoutEngine, scenario: LayoutScenario, container: LayoutSize, geometry: ScenarioGeometry,
                 intrinsicSizes: [LayoutSize?], sums: [LayoutEngine.LinearSum?], fixed: FixedValues?) {
        self.engine = engine
        self.geometry = geometry
        self.scenario = scenario
        self.container = container
        self.intrinsicSizes = intrinsicSizes
        self.sums = sums
        self.fixed = fixed
        solver.pivotLimit = engine.maxPivots
        // A fixed variable never reaches the solver: they all share one placeholder.
        let placeholder = Variable()
        variables = (0..<(4 * engine.document.items.count)).map { index in
            fixed?.isFixed[index] == true ? placeholder : Variable()
        }
    }

    /// A fresh run of the same layout with every constraint as written.
    func restartedWithoutFolding() -> LayoutRun {
        LayoutRun(engine: engine, scenario: scenario, container: container, geometry: geometry,
                  intrinsicSizes: intrinsicSizes, sums: sums, fixed: nil)
    }

    /// `fixed` plus the sizes that only their own content size constrains: a width or height that
    /// no constraint mentions takes its intrinsic value, where hugging and compression resistance
    /// both hold, as long as both count for ambiguity (stronger than weak) and neither is required.
    /// Nil when a position or size that is checked for ambiguity appears in no constraint at all:
    /// such a layout is incomplete, and only the full system gives its frames.
    static func completingUnconstrained(_ fixed: FixedValues, engine: LayoutEngine,
                                                sums: [LayoutEngine.LinearSum?],
                                                intrinsicSizes: [LayoutSize?]) -> FixedValues? {
        var fixed = fixed
        let items = engine.document.items
        var constrained = [Bool](repeating: false, count: 4 * items.count)
        for case let sum? in sums {
            for term in sum.terms where abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient {
                constrained[term.index] = true
            }
        }
        for (index, item) in items.enumerated() {
            for axis in LayoutAxis.allCases where engine.takesPart(index, in: axis) {
                let position = 4 * index + (axis == .horizontal ? 0 : 1)
                let size = position + 2
                guard constrained[position] else { return nil }
                guard !constrained[size] else { continue }
                guard let intrinsic = intrinsicSizes[index] else { return nil }
                let countsAndYields = { (priority: LayoutPriority) in
                    priority.value > Strength.weak.level && !priority.isRequired
                }
                if countsAndYields(item.hugging(axis)), countsAndYields(item.compressionResistance(axis)) {
                    fixed.fix(size, to: intrinsic[axis])
                }
            }
        }
        return fixed
    }

    /// Solves with the fixed values folded in; nil unless that gives a complete, conflict-free layout.
    mutating func solveIfComplete() -> LayoutResult? {
        guard fixed != nil, addConstraints() else { return nil }
        let result = result()
        return result.isComplete ? result : nil
    }

    /// Solves with every constraint as written.
    mutating func solve() -> LayoutResult {
        _ = addConstraints()
        return result()
    }

    /// Adds the content-size constraints, then the document's in order. With fixed values folded
    /// in, it stops at the first conflict it meets (false), which only the full system can explain.
    private mutating func addConstraints() -> Bool {
        // Room for every constraint the solver may get (two per content size and axis, one per
        // document constraint), so that the lists grow in place.
        let most = sums.count + 4 * intrinsicSizes.count
        pending.reserveCapacity(most)
        added.reserveCapacity(most)
        requiredEqualities.reserveCapacity(sums.count)
        guard addContentSizeConstraints() else { return false }
        for case let (index, sum?) in sums.enumerated() {
            add(sum, index: index)
            if fixed != nil, hasBrokenConstraints { return false }
        }
        flush()
        return fixed == nil || !hasBrokenConstraints
    }

    mutating func result() -> LayoutResult {
        if let first = unanalyzed.first {
            conflicts.append(LayoutConflict(constraints: unanalyzed, broken: first, isSummary: true,
                                            message: ConflictReport.summary(broken: unanalyzed,
                                                                            document: engine.document)))
        }
        solver.updateVariables()
        let frames = readFrames()
        var result = LayoutResult(scenario: scenario, containerSize: container, frames: frames, conflicts: conflicts,
                                  ambiguities: findAmbiguities(), warnings: warnings(frames: frames))
        result.pivots = solver.pivotCount
        result.reachedPivotLimit = solver.reachedPivotLimit
        return result
    }

    /// Adds the content hugging and compression resistance constraints, but not on fixed sizes,
    /// which they cannot move; false (nothing more added) where such a size has a required one,
    /// or, with fixed values, at the first conflict.
    private mutating func addContentSizeConstraints() -> Bool {
        for (index, item) in engine.document.items.enumerated() {
            guard let size = intrinsicSizes[index] else { continue }
            for axis in LayoutAxis.allCases {
                let compressionResistance = item.compressionResistance(axis), hugging = item.hugging(axis)
                let variableIndex = 4 * index + (axis == .horizontal ? 2 : 3)
                if let fixed, fixed.isFixed[variableIndex] {
                    guard !compressionResistance.isRequired, !hugging.isRequired else { return false }
                    continue
                }
                let variable = variables[variableIndex]
                let expression = Expression(terms: [Term(variable, 1)], constant: -size[axis])
                let compression = Constraint(expression, .greaterThanOrEqual,
                                             strength: .priority(compressionResistance.value))
                let hug = Constraint(expression, .lessThanOrEqual, strength: .priority(hugging.value))
                enqueue(compression, origin: .contentSize(item: index, axis: axis, hugging: false))
                enqueue(hug, origin: .contentSize(item: index, axis: axis, hugging: true))
                if fixed != nil, hasBrokenConstraints { return false }
            }
        }
        return true
    }

    private mutating func add(_ sum: LayoutEngine.LinearSum, index: Int) {
        let documentRelation = engine.shapes[index].relation
        let priority = engine.shapes[index].priority
        var terms: [Term] = []
        terms.reserveCapacity(sum.terms.count)
        var constant = sum.constant
        for term in sum.terms where abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient {
            if let fixed, fixed.isFixed[term.index] {
                constant += term.coefficient * fixed.values[term.index]
            } else {
                terms.append(Term(variables[term.index], term.coefficient))
            }
        }
        let relation: Relation = switch documentRelation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        if terms.isEmpty {
            // Nothing varies: the constraint holds or fails on its own.
            let value = constant
            let holds = switch documentRelation {
            case .equal: abs(value) < 1e-9
            case .lessThanOrEqual: value < 1e-9
            case .greaterThanOrEqual: value > -1e-9
            }
            if !holds, priority.isRequired {
                flush()
                let constraint = engine.document.constraints[index]
                if isPastAnalysisLimit {
                    unanalyzed.append(constraint)
                } else {
                    record(conflict: [constraint], broken: constraint)
                }
            }
            return
        }
        let isRequiredEquality = documentRelation == .equal && priority.isRequired
        enqueue(Constraint(Expression(terms: terms, constant: constant), relation, strength: .priority(priority.value)),
                origin: .document(index),
                requiredEquality: isRequiredEquality ? sum.terms.compactMap { term in
                    abs(term.coefficient) > LayoutEngine.LinearSum.negligibleCoefficient
                        && fixed?.isFixed[term.index] != true ? term.index : nil
                } : nil)
    }

    /// Queues a constraint for the solver, which gets constraints in batches and optimizes once
    /// per batch. A batch holds at most as many required constraints as conflicts may still be
    /// analyzed, so the solver's conflict analysis never runs past the limit; past it, required
    /// constraints are added one by one without analysis.
    private mutating func enqueue(_ constraint: Constraint, origin: Origin, requiredEquality: [Int]? = nil) {
        let entry = Pending(constraint: constraint, origin: origin, requiredEquality: requiredEquality)
        guard constraint.strength.isRequired else {
            pending.append(entry)
            return
        }
        if isPastAnalysisLimit {
            flush()
            insertUnanalyzed(entry)
            return
        }
        pending.append(entry)
        pendingRequired += 1
        if conflicts.count + pendingRequired >= engine.maxAnalyzedConflicts { flush() }
    }

    /// Adds the queued constraints, recording the conflicts of those the solver rejects.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        pendingRequired = 0
        let rejected = solver.add(contentsOf: batch.map(\.constraint))
        var nextRejected = 0
        for (position, entry) in batch.enumerated() {
            guard nextRejected < rejected.count, rejected[nextRejected].index == position else {
                accept(entry)
                continue
            }
            let error = rejected[nextRejected].error
            nextRejected += 1
            let members: [Constraint]
            if case .unsatisfiable(_, let conflicting) = error { members = conflicting } else { members = [entry.constraint] }
            let described = members.compactMap { member in
                member === entry.constraint
                    ? describe(entry.origin) : added.first { $0.constraint === member }.map { describe($0.origin) }
            }
            record(conflict: described, broken: describe(entry.origin))
        }
    }

    /// Records a constraint the solver accepted.
    private mutating func accept(_ entry: Pending) {
        added.append((entry.constraint, entry.origin))
        if let equality = entry.requiredEquality { requiredEqualities.append(equality) }
    }

    /// Whether a required constraint had to be broken so far.
    private var hasBrokenConstraints: Bool { !conflicts.isEmpty || !unanalyzed.isEmpty }

    /// Whether conflicts are no longer analyzed for their minimal set.
    private var isPastAnalysisLimit: Bool { conflicts.count >= engine.maxAnalyzedConflicts }

    /// Adds a required constraint if it can hold, without the solver's conflict analysis, else
    /// records it as broken.
    private mutating func insertUnanalyzed(_ entry: Pending) {
        if (try? solver.addIfSatisfiable(entry.constraint)) == true {
            accept(entry)
        } else {
            unanalyzed.append(describe(entry.origin))
        }
    }

    private mutating func record(conflict members: [LayoutConstraint], broken: LayoutConstraint) {
        conflicts.append(LayoutConflict(constraints: members, broken: broken, isSummary: false,
                                        message: ConflictReport.text(members: members, broken: broken,
                                                                     document: engine.document)))
    }

    /// The document constraint a solver constraint stands for; content-size constraints are described as UIKit shows them.
    private func describe(_ origin: Origin) -> LayoutConstraint {
        switch origin {
        case .document(let index):
            return engine.document.constraints[index]
        case .contentSize(let index, let axis, let hugging):
            let item = engine.document.items[index]
            let attribute = LayoutAttribute.size(axis)
            let value = intrinsicSizes[index]?[axis] ?? 0
            let priority = hugging ? item.hugging(axis) : item.compressionResistance(axis)
            let relation: LayoutRelation = hugging ? .lessThanOrEqual : .greaterThanOrEqual
            let constant = LayoutConstant(value: value, source: .literal, location: nil)
            return LayoutConstraint(firstItem: .item(index), firstAttribute: attribute, relation: relation,
                                    secondItem: nil, secondAttribute: nil, multiplier: 1, constant: constant,
                                    priority: priority, location: item.location, origin: .contentSize,
                                    source: "\(item.name).\(attribute.rawValue) \(relation.symbol) \(formatNumber(value)) "
                                        + "(content \(hugging ? "hugging" : "compression resistance") @\(priority.value))")
        }
    }

    private func readFrames() -> [ItemFrame] {
        let items = engine.document.items
        var local: [LayoutRect] = []
        local.reserveCapacity(items.count)
        for index in items.indices {
            if let guide = items[index].builtIn {
                local.append(geometry.frame(of: guide))
                continue
            }
            local.append(LayoutRect(x: value(4 * index), y: value(4 * index + 1), width: value(4 * index + 2),
                                    height: value(4 * index + 3)))
        }
        return items.indices.map { index in
            var root = local[index]
            for ancestor in engine.chains[index].dropFirst() {
                root.x += local[ancestor].x
                root.y += local[ancestor].y
            }
            return ItemFrame(item: .item(index), name: items[index].name, isGuide: items[index].isGuide,
                             frame: local[index], rootFrame: root)
        }
    }

    /// The value of a variable (by index), fixed beforehand or solved, cleaned.
    private func value(_ index: Int) -> Double {
        Self.clean(rawValue(index))
    }

    /// The value of a variable (by index), fixed beforehand or solved, as the solver left it.
    private func rawValue(_ index: Int) -> Double {
        if let fixed, fixed.isFixed[index] { return fixed.values[index] }
        return variables[index].value
    }

    /// Each item's horizontal position and width in its superview, before cleaning, as the last
    /// `result()` read them (the built-in guides' as the scenario gives them).
    func rawHorizontalFrames() -> [(x: Double, width: Double)] {
        engine.document.items.indices.map { index in
            if let guide = engine.builtIns[index] {
                let frame = geometry.frame(of: guide)
                return (frame.x, frame.width)
            }
            return (rawValue(4 * index), rawValue(4 * index + 2))
        }
    }

    /// Rounds away solver noise (1e-9) so frames print and compare cleanly; `-0` becomes `0`.
    static func clean(_ value: Double) -> Double {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    /// `determined` (indices of variables known to take one value) extended through the required
    /// equalities: an equality whose other variables are all determined determines its last one.
    private func propagatingRequiredEqualities(_ determined: [Bool]) -> [Bool] {
        var determined = determined
        // The equalities still open, by position; each pass keeps those with two or more open
        // variables, in order, and what one equality determines counts for the next in the pass.
        var pending = Array(requiredEqualities.indices)
        var changed = true
        while changed {
            changed = false
            var kept = 0
            for slot in pending.indices {
                let position = pending[slot]
                var open = 0
                var last = 0
                for index in requiredEqualities[position] where !determined[index] {
                    open += 1
                    last = index
                }
                if open == 1 {
                    determined[last] = true
                    changed = true
                }
                if open > 1 {
                    pending[kept] = position
                    kept += 1
                }
            }
            pending.removeLast(pending.count - kept)
        }
        return determined
    }

    /// Method: the required equalities alone fix some variables outright, cheaply. The solver's
    /// (costlier) check then looks at the remaining sizes first, and what they determine is
    /// propagated through the equalities again, so that it checks only the positions still open.
    private func findAmbiguities() -> [LayoutAmbiguity] {
        let items = engine.document.items
        var determined = propagatingRequiredEqualities(fixed?.isFixed ?? [Bool](repeating: false, count: variables.count))
        var ambiguous = [Bool](repeating: false, count: variables.count)
        for offset in [LayoutEngine.widthComponent, LayoutEngine.xComponent] {
            var candidates: [Int] = []
            for index in items.indices {
                for axis in LayoutAxis.allCases where engine.takesPart(index, in: axis) {
                    let variable = 4 * index + offset + (axis == .horizontal ? 0 : 1)
                    if !determined[variable] { candidates.append(variable) }
                }
            }
            guard !candidates.isEmpty else { continue }
            // The solver returns the undetermined candidates in the order given, and no two
            // candidates share a variable (only fixed ones do, and they are determined), so one
            // walk through both lists matches them without hashing.
            let found = solver.ambiguousVariables(among: candidates.map { variables[$0] })
            var next = 0
            for variable in candidates {
                if next < found.count, found[next] === variables[variable] {
                    ambiguous[variable] = true
                    next += 1
                } else {
                    determined[variable] = true
                }
            }
            determined = propagatingRequiredEqualities(determined)
        }
        var result: [LayoutAmbiguity] = []
        for index in items.indices {
            for axis in LayoutAxis.allCases where engine.takesPart(index, in: axis) {
                let base = 4 * index + (axis == .horizontal ? 0 : 1)
                let position = ambiguous[base]
                let size = ambiguous[base + 2]
                if position || size {
                    result.append(LayoutAmbiguity(item: .item(index), name: items[index].name, axis: axis,
                                                  position: position, size: size))
                }
            }
        }
        return result
    }

    private func warnings(frames: [ItemFrame]) -> [LayoutWarning] {
        var warnings = engine.staticWarnings
        let items = engine.document.items
        for (index, frame) in frames.enumerated() {
            guard let intrinsic = intrinsicSizes[index] else { continue }
            for axis in LayoutAxis.allCases {
                let size = frame.frame.size[axis]
                guard size < intrinsic[axis] - 1e-3 else { continue }
                let dimension = axis == .horizontal ? "width" : "height"
                warnings.append(LayoutWarning(
                    kind: .truncated(view: frame.name, axis: axis, size: size, intrinsicSize: intrinsic[axis]),
                    location: items[index].location,
                    message: "'\(frame.name)' is truncated: its \(dimension) is \(formatPoints(size)) "
                        + "but its content needs \(formatPoints(intrinsic[axis]))"))
            }
        }
        for override in scenario.intrinsicSizes where !items.contains(where: { $0.name == override.view && !$0.isGuide }) {
            warnings.append(LayoutWarning(kind: .unknownView(name: override.view), location: nil,
                                          message: "the scenario sets the content size of '\(override.view)', "
                                            + "which is not a declared view"))
        }
        return warnings
    }
}
