import LayoutSolver

/// Lays out a document in scenarios and diagnoses it, as UIKit's Auto Layout engine and Xcode do.
///
/// Each item has four solver variables, its frame in its superview's coordinates (so that an
/// item fully constrained to its superview is determined even where the superview is not, as
/// Xcode reports it). A constraint's attributes are measured in the coordinates of the nearest
/// common ancestor of its items (an item counts as its own ancestor), which matters only with
/// multipliers. In right-to-left, a constraint that involves leading or trailing measures its
/// positions from the container's right edge leftwards, so its constants run in reading direction.
///
/// The engine is immutable; `solve` builds a fresh solver each time, so one engine may be shared.
public struct LayoutEngine: Sendable {
    public let document: LayoutDocument
    /// For each constraint, the item whose coordinates it is measured in.
    private let frames: [ItemID]
    /// For each item, itself and its ancestors below the root container.
    fileprivate let chains: [[Int]]
    /// For each item, whether it takes part in the horizontal and vertical axes.
    private let participation: [(horizontal: Bool, vertical: Bool)]
    /// Magic numbers and fixed sizes: the same in every scenario.
    fileprivate let staticWarnings: [LayoutWarning]

    /// For each constraint, whether it can be laid out: its items are declared and share an
    /// ancestor. Always true in a parsed document; a document built by hand may break it, and
    /// such constraints are left out.
    private let usable: [Bool]

    public init(document: LayoutDocument) {
        self.document = document
        frames = document.constraints.map { constraint in
            constraint.secondItem.flatMap { document.commonAncestor(constraint.firstItem, $0) } ?? .container
        }
        usable = document.constraints.map { constraint in
            guard document.isValid(constraint.firstItem) else { return false }
            guard let second = constraint.secondItem else { return true }
            return document.commonAncestor(constraint.firstItem, second) != nil
        }
        chains = document.items.indices.map { index in
            document.lineage(of: .item(index)).compactMap { id in
                if case .item(let i) = id { return i }
                return nil
            }
        }
        var participation = document.items.map { item in (horizontal: !item.isGuide, vertical: !item.isGuide) }
        for constraint in document.constraints {
            for case .item(let index) in [constraint.firstItem, constraint.secondItem ?? .container]
            where participation.indices.contains(index) {
                for axis in constraint.axes {
                    if axis == .horizontal { participation[index].horizontal = true } else { participation[index].vertical = true }
                }
            }
        }
        self.participation = participation
        staticWarnings = (document.magicNumbers + document.fixedSizeWarnings).sorted { lhs, rhs in
            (lhs.location ?? SourceLocation(line: 0, column: 0)) < (rhs.location ?? SourceLocation(line: 0, column: 0))
        }
    }

    /// Solves the layout in a scenario: frames, conflicts, ambiguity and warnings.
    public func solve(_ scenario: LayoutScenario = LayoutScenario()) -> LayoutResult {
        var run = LayoutRun(engine: self, scenario: scenario)
        return run.solve()
    }

    // MARK: Building solver expressions

    /// A linear sum over item variables (index `4 × item + component`) plus a constant.
    fileprivate struct LinearSum {
        var terms: [(index: Int, coefficient: Double)] = []
        var constant = 0.0

        mutating func add(_ index: Int, _ coefficient: Double) {
            if let position = terms.firstIndex(where: { $0.index == index }) {
                terms[position].coefficient += coefficient
            } else {
                terms.append((index, coefficient))
            }
        }
    }

    fileprivate static let xComponent = 0, yComponent = 1, widthComponent = 2, heightComponent = 3

    /// Adds `scale ×` the item's size along `axis`.
    fileprivate func addSize(of item: ItemID, _ axis: LayoutAxis, scale: Double, container: LayoutSize,
                             into sum: inout LinearSum) {
        guard scale != 0 else { return }
        switch item {
        case .container: sum.constant += scale * container[axis]
        case .item(let index): sum.add(4 * index + (axis == .horizontal ? Self.widthComponent : Self.heightComponent), scale)
        }
    }

    /// Adds `scale ×` the item's origin along `axis`, measured in `frame`'s coordinates.
    fileprivate func addOrigin(of item: ItemID, _ axis: LayoutAxis, in frame: ItemID, scale: Double,
                               into sum: inout LinearSum) {
        guard case .item(let index) = item else { return }
        let component = axis == .horizontal ? Self.xComponent : Self.yComponent
        for node in chains[index] {
            if case .item(let stop) = frame, stop == node { return }
            sum.add(4 * node + component, scale)
        }
    }

    /// Adds `scale ×` the attribute's value, measured in `frame`'s coordinates (mirrored: from its right edge leftwards).
    fileprivate func addAttribute(_ attribute: LayoutAttribute, of item: ItemID, in frame: ItemID, mirrored: Bool,
                                  direction: LayoutDirection, scale: Double, container: LayoutSize,
                                  into sum: inout LinearSum) {
        if attribute.isSize {
            addSize(of: item, attribute.axis, scale: scale, container: container, into: &sum)
            return
        }
        let rightToLeft = direction == .rightToLeft
        let fraction: Double = switch attribute {
        case .left, .top: 0
        case .right, .bottom: 1
        case .centerX, .centerY: 0.5
        case .leading: rightToLeft ? 1 : 0
        case .trailing: rightToLeft ? 0 : 1
        case .width, .height: 0
        }
        let axis = attribute.axis
        if mirrored {
            addSize(of: frame, axis, scale: scale, container: container, into: &sum)
            addOrigin(of: item, axis, in: frame, scale: -scale, into: &sum)
            addSize(of: item, axis, scale: -fraction * scale, container: container, into: &sum)
        } else {
            addOrigin(of: item, axis, in: frame, scale: scale, into: &sum)
            addSize(of: item, axis, scale: fraction * scale, container: container, into: &sum)
        }
    }

    /// `first − multiplier × second − constant`, the expression that the relation compares with 0.
    fileprivate func sum(for index: Int, direction: LayoutDirection, container: LayoutSize) -> LinearSum {
        let constraint = document.constraints[index]
        let frame = frames[index]
        let mirrored = direction == .rightToLeft && constraint.isDirectional
        var sum = LinearSum()
        addAttribute(constraint.firstAttribute, of: constraint.firstItem, in: frame, mirrored: mirrored,
                     direction: direction, scale: 1, container: container, into: &sum)
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            addAttribute(attribute, of: second, in: frame, mirrored: mirrored, direction: direction,
                         scale: -constraint.multiplier, container: container, into: &sum)
        }
        sum.constant -= constraint.constant.value
        return sum
    }

    fileprivate func isUsable(_ index: Int) -> Bool { usable[index] }

    fileprivate func takesPart(_ index: Int, in axis: LayoutAxis) -> Bool {
        axis == .horizontal ? participation[index].horizontal : participation[index].vertical
    }
}

extension LayoutDocument {
    /// Solves the document in a scenario (see `LayoutEngine`; build an engine once to solve many scenarios).
    public func solve(_ scenario: LayoutScenario = LayoutScenario()) -> LayoutResult {
        LayoutEngine(document: self).solve(scenario)
    }
}

/// One solve: a fresh solver, the constraints added in order, and the diagnostics read off it.
private struct LayoutRun {
    let engine: LayoutEngine
    let scenario: LayoutScenario
    let container: LayoutSize
    let variables: [Variable]
    let intrinsicSizes: [LayoutSize?]
    let solver = Solver()
    /// What each added solver constraint stands for, in add order.
    var added: [(constraint: Constraint, origin: Origin)] = []
    /// The variables (indices) of each required equality that was added.
    var requiredEqualities: [[Int]] = []
    var conflicts: [LayoutConflict] = []

    /// Where a solver constraint comes from.
    enum Origin {
        case document(Int)
        case contentSize(item: Int, axis: LayoutAxis, hugging: Bool)
    }

    init(engine: LayoutEngine, scenario: LayoutScenario) {
        self.engine = engine
        self.scenario = scenario
        let document = engine.document
        container = scenario.containerSize ?? document.containerSize ?? LayoutScenario.defaultContainerSize
        variables = (0..<(4 * document.items.count)).map { _ in Variable() }
        var sizes = document.items.map(\.intrinsicSize)
        for override in scenario.intrinsicSizes {
            if let index = document.items.firstIndex(where: { $0.name == override.view && !$0.isGuide }) {
                sizes[index] = override.size
            }
        }
        intrinsicSizes = sizes
    }

    mutating func solve() -> LayoutResult {
        addContentSizeConstraints()
        for index in engine.document.constraints.indices where engine.isUsable(index) {
            add(engine.sum(for: index, direction: scenario.direction, container: container), index: index)
        }
        solver.updateVariables()
        let frames = readFrames()
        return LayoutResult(scenario: scenario, containerSize: container, frames: frames, conflicts: conflicts,
                            ambiguities: findAmbiguities(), warnings: warnings(frames: frames))
    }

    private mutating func addContentSizeConstraints() {
        for (index, item) in engine.document.items.enumerated() {
            guard let size = intrinsicSizes[index] else { continue }
            for axis in LayoutAxis.allCases {
                let variable = variables[4 * index + (axis == .horizontal ? 2 : 3)]
                let expression = Expression(terms: [Term(variable, 1)], constant: -size[axis])
                let compression = Constraint(expression, .greaterThanOrEqual,
                                             strength: .priority(item.compressionResistance(axis).value))
                let hugging = Constraint(expression, .lessThanOrEqual, strength: .priority(item.hugging(axis).value))
                insert(compression, origin: .contentSize(item: index, axis: axis, hugging: false))
                insert(hugging, origin: .contentSize(item: index, axis: axis, hugging: true))
            }
        }
    }

    private mutating func add(_ sum: LayoutEngine.LinearSum, index: Int) {
        let constraint = engine.document.constraints[index]
        let terms = sum.terms.compactMap { term in
            abs(term.coefficient) > 1e-12 ? Term(variables[term.index], term.coefficient) : nil
        }
        let relation: Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        if terms.isEmpty {
            // Nothing varies: the constraint holds or fails on its own.
            let value = sum.constant
            let holds = switch constraint.relation {
            case .equal: abs(value) < 1e-9
            case .lessThanOrEqual: value < 1e-9
            case .greaterThanOrEqual: value > -1e-9
            }
            if !holds, constraint.priority.isRequired {
                record(conflict: [constraint], broken: constraint)
            }
            return
        }
        let inserted = insert(Constraint(Expression(terms: terms, constant: sum.constant), relation,
                                         strength: .priority(constraint.priority.value)), origin: .document(index))
        if inserted, constraint.relation == .equal, constraint.priority.isRequired {
            requiredEqualities.append(sum.terms.compactMap { abs($0.coefficient) > 1e-12 ? $0.index : nil })
        }
    }

    /// Adds the constraint to the solver, or records the conflict it causes; whether it was added.
    @discardableResult
    private mutating func insert(_ constraint: Constraint, origin: Origin) -> Bool {
        do throws(SolverError) {
            try solver.add(constraint)
            added.append((constraint, origin))
            return true
        } catch {
            let members: [Constraint]
            if case .unsatisfiable(_, let conflicting) = error { members = conflicting } else { members = [constraint] }
            let described = members.compactMap { member in
                member === constraint ? describe(origin) : added.first { $0.constraint === member }.map { describe($0.origin) }
            }
            record(conflict: described, broken: describe(origin))
            return false
        }
    }

    private mutating func record(conflict members: [LayoutConstraint], broken: LayoutConstraint) {
        conflicts.append(LayoutConflict(constraints: members, broken: broken,
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
            local.append(LayoutRect(x: clean(variables[4 * index].value), y: clean(variables[4 * index + 1].value),
                                    width: clean(variables[4 * index + 2].value),
                                    height: clean(variables[4 * index + 3].value)))
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

    /// Rounds away solver noise (1e-9) so frames print and compare cleanly; `-0` becomes `0`.
    private func clean(_ value: Double) -> Double {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    /// Variables that required equalities fix outright: an equality whose other variables are all
    /// fixed fixes its last one. A cheap, sound first pass, so that the solver's (costlier)
    /// ambiguity check only looks at the rest.
    private func fixedByRequiredEqualities() -> [Bool] {
        var fixed = [Bool](repeating: false, count: variables.count)
        var pending = requiredEqualities
        var changed = true
        while changed {
            changed = false
            pending.removeAll { indices in
                var open = 0
                var last = 0
                for index in indices where !fixed[index] {
                    open += 1
                    last = index
                }
                if open == 1 {
                    fixed[last] = true
                    changed = true
                }
                return open <= 1
            }
        }
        return fixed
    }

    private func findAmbiguities() -> [LayoutAmbiguity] {
        let items = engine.document.items
        let fixed = fixedByRequiredEqualities()
        var candidates: [Variable] = []
        for index in items.indices {
            for axis in LayoutAxis.allCases where engine.takesPart(index, in: axis) {
                let base = 4 * index + (axis == .horizontal ? 0 : 1)
                for variable in [base, base + 2] where !fixed[variable] {
                    candidates.append(variables[variable])
                }
            }
        }
        guard !candidates.isEmpty else { return [] }
        let ambiguous = Set(solver.ambiguousVariables(among: candidates).map(ObjectIdentifier.init))
        guard !ambiguous.isEmpty else { return [] }
        var result: [LayoutAmbiguity] = []
        for index in items.indices {
            for axis in LayoutAxis.allCases where engine.takesPart(index, in: axis) {
                let base = 4 * index + (axis == .horizontal ? 0 : 1)
                let position = ambiguous.contains(ObjectIdentifier(variables[base]))
                let size = ambiguous.contains(ObjectIdentifier(variables[base + 2]))
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
