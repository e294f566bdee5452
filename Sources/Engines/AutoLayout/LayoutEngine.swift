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
/// Conflicts are analyzed for their minimal set up to `LayoutLimits.maxAnalyzedConflicts`; past
/// it, a required constraint that cannot hold is broken on a cheaper feasibility check and listed
/// in one summary conflict, so that a document full of contradictions still solves quickly.
///
/// The engine is immutable; `solve` builds a fresh solver each time, so one engine may be shared.
public struct LayoutEngine: Sendable {
    public let document: LayoutDocument
    /// For each constraint, the item whose coordinates it is measured in.
    private let frames: [ItemID]
    /// For each constraint, what solving reads of it.
    let shapes: [ConstraintShape]
    /// For each item, itself and its ancestors below the root container.
    let chains: [[Int]]
    /// For each item, whether it takes part in the horizontal and vertical axes.
    private let participation: [(horizontal: Bool, vertical: Bool)]
    /// Magic numbers and fixed sizes: the same in every scenario.
    let staticWarnings: [LayoutWarning]
    /// The document's `magicNumbers`, found once for the engine and the style rules.
    public let magicNumbers: [LayoutWarning]
    /// The document's `fixedSizeWarnings`, found once for the engine and the style rules.
    public let fixedSizeWarnings: [LayoutWarning]
    /// For each item, the built-in guide it is, if any: its frame is a constant of the scenario.
    let builtIns: [BuiltInGuide?]
    /// Conflicts analyzed for their minimal set before the rest are summarized.
    let maxAnalyzedConflicts: Int
    /// Most simplex pivots each solver run of a solve may make.
    let maxPivots: Int

    /// For each constraint, whether it can be laid out: its items are declared and share an
    /// ancestor. Always true in a parsed document; a document built by hand may break it, and
    /// such constraints are left out.
    private let usable: [Bool]

    /// An engine for `document`; `limits` bounds the conflict analysis (`maxAnalyzedConflicts`).
    public init(document: LayoutDocument, limits: LayoutLimits = .default) {
        self.document = document
        maxAnalyzedConflicts = max(0, limits.maxAnalyzedConflicts)
        maxPivots = max(0, limits.maxPivots)
        let shapes = document.constraints.map(ConstraintShape.init)
        self.shapes = shapes
        // Each constraint's common ancestor, found once: its frame, and whether it is usable.
        // Items placed directly in the root container (every exercise's views) share it, or are
        // the same item; only the rest need their lineages.
        let inRoot = document.items.map { $0.parent == .container }
        let ancestors = shapes.map { shape -> ItemID?? in
            guard let second = shape.secondItem else { return nil }
            if case .item(let a) = shape.firstItem, case .item(let b) = second, inRoot.indices.contains(a),
               inRoot.indices.contains(b), inRoot[a], inRoot[b] {
                return a == b ? shape.firstItem : .container
            }
            return document.commonAncestor(shape.firstItem, second)
        }
        frames = ancestors.map { ancestor in (ancestor ?? nil) ?? .container }
        usable = shapes.indices.map { index in
            guard document.isValid(shapes[index].firstItem) else { return false }
            guard shapes[index].secondItem != nil else { return true }
            return (ancestors[index] ?? nil) != nil
        }
        chains = document.items.indices.map { index in
            // The usual case, an item placed directly in the root container, needs no lineage.
            guard document.items[index].parent != .container else { return [index] }
            return document.lineage(of: .item(index)).compactMap { id in
                if case .item(let i) = id { return i }
                return nil
            }
        }
        builtIns = document.items.map(\.builtIn)
        var participation = document.items.map { item in (horizontal: !item.isGuide, vertical: !item.isGuide) }
        for shape in shapes {
            // The axes the constraint involves: two for a width-to-height (aspect ratio) constraint.
            let horizontal = shape.firstAttribute.axis == .horizontal || shape.secondAttribute?.axis == .horizontal
            let vertical = shape.firstAttribute.axis == .vertical || shape.secondAttribute?.axis == .vertical
            func takePart(_ item: ItemID?) {
                guard case .item(let index)? = item, participation.indices.contains(index),
                      document.items[index].builtIn == nil else { return }
                if horizontal { participation[index].horizontal = true }
                if vertical { participation[index].vertical = true }
            }
            takePart(shape.firstItem)
            takePart(shape.secondItem)
        }
        self.participation = participation
        magicNumbers = document.magicNumbers
        fixedSizeWarnings = document.fixedSizeWarnings
        staticWarnings = (magicNumbers + fixedSizeWarnings).sorted { lhs, rhs in
            (lhs.location ?? SourceLocation(line: 0, column: 0)) < (rhs.location ?? SourceLocation(line: 0, column: 0))
        }
    }

    /// Solves the layout in a scenario: frames, conflicts, ambiguity and warnings.
    ///
    /// A complete, conflict-free layout is solved with the values its required equalities force
    /// folded in beforehand (a smaller system, the same solution); any other layout is solved
    /// again with every constraint, so that its frames and its diagnostics (minimal conflicting
    /// sets, the solver's choice among ambiguous solutions) come from the full system.
    public func solve(_ scenario: LayoutScenario = LayoutScenario()) -> LayoutResult {
        solveAfresh(scenario).result
    }

    /// `solve` on fresh solvers, with the run that gave the result when it can serve other
    /// scenarios (a complete layout solved with its fixed values folded in, see `LayoutSession`).
    func solveAfresh(_ scenario: LayoutScenario) -> (result: LayoutResult, reusable: LayoutRun?) {
        var reduced = LayoutRun(engine: self, scenario: scenario, foldingFixedValues: true)
        if let result = reduced.solveIfComplete() { return (result, reduced) }
        var run = reduced.restartedWithoutFolding()
        var result = run.solve()
        result.pivots += reduced.solver.pivotCount
        result.reachedPivotLimit = result.reachedPivotLimit || reduced.solver.reachedPivotLimit
        return (result, nil)
    }

    // MARK: Building solver expressions

    /// A linear sum over item variables (index `4 × item + component`) plus a constant.
    struct LinearSum {
        var terms: [(index: Int, coefficient: Double)] = []
        var constant = 0.0
        /// False to build only the constant (the terms are known already, see `constant(for:geometry:)`).
        var recordsTerms = true

        /// Coefficients this small are rounding noise: the variable does not take part.
        static let negligibleCoefficient = 1e-12

        mutating func add(_ index: Int, _ coefficient: Double) {
            guard recordsTerms else { return }
            if let position = terms.firstIndex(where: { $0.index == index }) {
                terms[position].coefficient += coefficient
            } else {
                terms.append((index, coefficient))
            }
        }
    }

    static let xComponent = 0, yComponent = 1, widthComponent = 2, heightComponent = 3

    /// Adds `scale ×` the item's size along `axis`.
    func addSize(of item: ItemID, _ axis: LayoutAxis, scale: Double, geometry: ScenarioGeometry,
                 into sum: inout LinearSum) {
        guard scale != 0 else { return }
        switch item {
        case .container: sum.constant += scale * geometry.container[axis]
        case .item(let index):
            if let guide = builtIns[index] {
                sum.constant += scale * geometry.frame(of: guide).size[axis]
            } else {
                sum.add(4 * index + (axis == .horizontal ? Self.widthComponent : Self.heightComponent), scale)
            }
        }
    }

    /// Adds `scale ×` the item's origin along `axis`, measured in `frame`'s coordinates.
    func addOrigin(of item: ItemID, _ axis: LayoutAxis, in frame: ItemID, scale: Double, geometry: ScenarioGeometry,
                   into sum: inout LinearSum) {
        guard case .item(let index) = item else { return }
        let component = axis == .horizontal ? Self.xComponent : Self.yComponent
        for node in chains[index] {
            if case .item(let stop) = frame, stop == node { return }
            if let guide = builtIns[node] {
                let rect = geometry.frame(of: guide)
                sum.constant += scale * (axis == .horizontal ? rect.x : rect.y)
            } else {
                sum.add(4 * node + component, scale)
            }
        }
    }

    /// How far the attribute lies from its frame attribute, in points rightwards or downwards:
    /// the item's layout margin for the margin attributes, else 0.
    func marginOffset(_ attribute: LayoutAttribute, of item: ItemID, geometry: ScenarioGeometry) -> Double {
        guard attribute.isMargin else { return 0 }
        let margins = item == .container ? geometry.rootMargins : ScenarioGeometry.viewMargins
        let rightToLeft = geometry.direction == .rightToLeft
        return switch attribute {
        case .leftMargin: margins.left
        case .rightMargin: -margins.right
        case .topMargin: margins.top
        case .bottomMargin: -margins.bottom
        case .leadingMargin: rightToLeft ? -margins.right : margins.left
        case .trailingMargin: rightToLeft ? margins.left : -margins.right
        case .centerXWithinMargins: (margins.left - margins.right) / 2
        case .centerYWithinMargins: (margins.top - margins.bottom) / 2
        default: 0
        }
    }

    /// Adds `scale ×` the attribute's value, measured in `frame`'s coordinates (mirrored: from its right edge leftwards).
    func addAttribute(_ attribute: LayoutAttribute, of item: ItemID, in frame: ItemID, mirrored: Bool,
                      geometry: ScenarioGeometry, scale: Double, into sum: inout LinearSum) {
        if attribute.isSize {
            addSize(of: item, attribute.axis, scale: scale, geometry: geometry, into: &sum)
            return
        }
        let rightToLeft = geometry.direction == .rightToLeft
        let fraction: Double = switch attribute.frameAttribute {
        case .left, .top: 0
        case .right, .bottom: 1
        case .centerX, .centerY: 0.5
        case .leading: rightToLeft ? 1 : 0
        case .trailing: rightToLeft ? 0 : 1
        default: 0
        }
        let axis = attribute.axis
        let offset = marginOffset(attribute, of: item, geometry: geometry)
        if mirrored {
            addSize(of: frame, axis, scale: scale, geometry: geometry, into: &sum)
            addOrigin(of: item, axis, in: frame, scale: -scale, geometry: geometry, into: &sum)
            addSize(of: item, axis, scale: -fraction * scale, geometry: geometry, into: &sum)
            sum.constant -= scale * offset
        } else {
            addOrigin(of: item, axis, in: frame, scale: scale, geometry: geometry, into: &sum)
            addSize(of: item, axis, scale: fraction * scale, geometry: geometry, into: &sum)
            sum.constant += scale * offset
        }
    }

    /// `first − multiplier × second − constant`, the expression that the relation compares with 0.
    func sum(for index: Int, geometry: ScenarioGeometry) -> LinearSum {
        var sum = LinearSum()
        // Room for the usual terms (an origin and a size on each side), so the sum grows in place.
        sum.terms.reserveCapacity(4)
        build(index, geometry: geometry, into: &sum)
        return sum
    }

    /// The constant of `sum(for: index, geometry: geometry)`, bit for bit (the same additions in
    /// the same order), without building its terms. A scenario changes only constants: the terms
    /// depend on the document and the writing direction alone, since the container, the guides
    /// and the margins enter every expression as constants.
    func constant(for index: Int, geometry: ScenarioGeometry) -> Double {
        var sum = LinearSum(recordsTerms: false)
        build(index, geometry: geometry, into: &sum)
        return sum.constant
    }

    /// Adds the expression of constraint `index` to `sum`.
    private func build(_ index: Int, geometry: ScenarioGeometry, into sum: inout LinearSum) {
        let constraint = shapes[index]
        let frame = frames[index]
        let mirrored = geometry.direction == .rightToLeft && constraint.isDirectional
        addAttribute(constraint.firstAttribute, of: constraint.firstItem, in: frame, mirrored: mirrored,
                     geometry: geometry, scale: 1, into: &sum)
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            addAttribute(attribute, of: second, in: frame, mirrored: mirrored, geometry: geometry,
                         scale: -constraint.multiplier, into: &sum)
        }
        sum.constant -= constraint.constant
    }

    func isUsable(_ index: Int) -> Bool { usable[index] }

    func takesPart(_ index: Int, in axis: LayoutAxis) -> Bool {
        axis == .horizontal ? participation[index].horizontal : participation[index].vertical
    }
}

extension LayoutDocument {
    /// Solves the document in a scenario with the default limits (see `LayoutEngine`; build an
    /// engine once to solve many scenarios).
    public func solve(_ scenario: LayoutScenario = LayoutScenario()) -> LayoutResult {
        LayoutEngine(document: self).solve(scenario)
    }
}
