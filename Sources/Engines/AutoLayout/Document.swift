/// A position in the layout text: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `LINE:COL`.
    public var description: String { "\(line):\(column)" }
}

/// Refers to an item of a document: the root container or a declared view or guide.
public enum ItemID: Sendable, Equatable, Hashable, Comparable {
    /// The root container (the view controller's view).
    case container
    /// The declared item at this index of `LayoutDocument.items`.
    case item(Int)
}

/// A view or a layout guide declared in a document.
public struct LayoutItem: Sendable, Equatable {
    /// What the item is.
    public enum Kind: Sendable, Equatable, Hashable {
        /// A visible view of the given kind.
        case view(ViewKind)
        /// An invisible layout guide: no intrinsic size, never drawn.
        case guide
    }

    public let name: String
    public let kind: Kind
    /// The natural size of the content, if the view has one (labels, buttons, images).
    public var intrinsicSize: LayoutSize?
    /// Content hugging priority per axis (horizontal, vertical).
    public var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority)
    /// Compression resistance priority per axis (horizontal, vertical).
    public var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority)
    /// The superview.
    public let parent: ItemID
    /// Where the item is declared; for a built-in guide, where it is first used.
    public let location: SourceLocation
    /// For a guide of the root container used without a declaration (`safeArea`), which one:
    /// the scenario, not constraints, decides its frame.
    public let builtIn: BuiltInGuide?

    /// Creates an item with the default priorities of its kind.
    public init(name: String, kind: Kind, intrinsicSize: LayoutSize? = nil, parent: ItemID = .container,
                location: SourceLocation, builtIn: BuiltInGuide? = nil) {
        self.builtIn = kind == .guide ? builtIn : nil
        self.name = name
        self.kind = kind
        self.intrinsicSize = kind == .guide ? nil : intrinsicSize
        let viewKind: ViewKind
        if case .view(let k) = kind { viewKind = k } else { viewKind = .view }
        hugging = (viewKind.defaultHugging, viewKind.defaultHugging)
        compressionResistance = (viewKind.defaultCompressionResistance, viewKind.defaultCompressionResistance)
        self.parent = parent
        self.location = location
    }

    public var isGuide: Bool { kind == .guide }

    /// Content hugging priority on an axis.
    public func hugging(_ axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Compression resistance priority on an axis.
    public func compressionResistance(_ axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
    }

    public static func == (lhs: LayoutItem, rhs: LayoutItem) -> Bool {
        lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.intrinsicSize == rhs.intrinsicSize
            && lhs.hugging == rhs.hugging && lhs.compressionResistance == rhs.compressionResistance
            && lhs.parent == rhs.parent && lhs.location == rhs.location && lhs.builtIn == rhs.builtIn
    }
}

/// A named constant declared by `metric NAME = VALUE`.
public struct LayoutMetric: Sendable, Equatable {
    public let name: String
    public let value: Double
    public let location: SourceLocation
}

/// The constant of a constraint, with where its value comes from.
public struct LayoutConstant: Sendable, Equatable {
    /// Where a constant's value comes from.
    public enum Source: Sendable, Equatable {
        /// A number written in the constraint (a magic number unless it is 0).
        case literal
        /// A named metric.
        case metric(String)
        /// Standard spacing: 8 between siblings, 20 to the superview's edge.
        case standard
    }

    /// The value in points, in the reading direction for leading/trailing relations.
    public let value: Double
    public let source: Source
    /// Where the constant is written; `nil` when it is implied (flush VFL connections, no constant).
    public let location: SourceLocation?

    public init(value: Double, source: Source, location: SourceLocation?) {
        self.value = value
        self.source = source
        self.location = location
    }

    /// A constant of 0 that was not written.
    static let none = LayoutConstant(value: 0, source: .literal, location: nil)

    /// Whether the constant is a number written in the source.
    public var isWrittenNumber: Bool { source == .literal && location != nil }
}

/// How a constraint was written.
public enum ConstraintOrigin: String, Sendable, Equatable {
    /// A Visual Format Language line.
    case visualFormat
    /// An explicit `ITEM.ATTR REL …` line.
    case explicit
    /// An object of the JSON form.
    case json
    /// Made by the engine from a view's intrinsic content size (hugging or compression resistance).
    case contentSize
}

/// One constraint: `firstItem.firstAttribute REL multiplier × secondItem.secondAttribute + constant @priority`.
public struct LayoutConstraint: Sendable, Equatable {
    public let firstItem: ItemID
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    /// `nil` for a constant size (`a.width == 64`).
    public let secondItem: ItemID?
    public let secondAttribute: LayoutAttribute?
    public let multiplier: Double
    public let constant: LayoutConstant
    public let priority: LayoutPriority
    /// Where the constraint is written (for JSON-form constraints, line = 1-based array index, column 1).
    public let location: SourceLocation
    public let origin: ConstraintOrigin
    /// The constraint as written: the explicit line, or the VFL fragment it comes from (`H:|-[thing1]`).
    public let source: String

    /// The axis the constraint acts on (the first attribute's).
    public var axis: LayoutAxis { firstAttribute.axis }

    /// The axes the constraint involves: two for a width-to-height (aspect ratio) constraint.
    public var axes: [LayoutAxis] {
        guard let second = secondAttribute, second.axis != firstAttribute.axis else { return [firstAttribute.axis] }
        return [.horizontal, .vertical]
    }

    /// Whether the constraint involves leading or trailing.
    var isDirectional: Bool { firstAttribute.isDirectional || secondAttribute?.isDirectional == true }
}

/// A parsed layout document: the view tree, metrics and constraints, in source order.
public struct LayoutDocument: Sendable, Equatable {
    /// The `container WxH` size, if the document gives one.
    public var containerSize: LayoutSize?
    /// Views and guides in declaration order; `ItemID.item(i)` refers to `items[i]`.
    public var items: [LayoutItem]
    public var metrics: [LayoutMetric]
    /// Constraints in source order (a VFL line gives several, left to right).
    public var constraints: [LayoutConstraint]

    public init(containerSize: LayoutSize? = nil, items: [LayoutItem] = [], metrics: [LayoutMetric] = [],
                constraints: [LayoutConstraint] = []) {
        self.containerSize = containerSize
        self.items = items
        self.metrics = metrics
        self.constraints = constraints
    }

    /// The name `superview` is used for the root container.
    public static let containerName = "superview"
    /// The name that means the root container in a constraint wherever the other item is
    /// (`superview` means the other item's superview), unless an item has that name.
    public static let rootName = "container"

    /// The item's name, `superview` for the root container.
    public func name(of id: ItemID) -> String {
        guard case .item(let index) = id, items.indices.contains(index) else { return Self.containerName }
        return items[index].name
    }

    /// The item with this name, if declared.
    public func item(named name: String) -> ItemID? {
        items.firstIndex { $0.name == name }.map(ItemID.item)
    }

    /// The superview of an item; `nil` for the root container.
    public func parent(of id: ItemID) -> ItemID? {
        guard case .item(let index) = id, items.indices.contains(index) else { return nil }
        return items[index].parent
    }

    /// Whether the reference is the container or a declared item.
    func isValid(_ id: ItemID) -> Bool {
        guard case .item(let index) = id else { return true }
        return items.indices.contains(index)
    }

    /// The item's ancestors from itself up to the root container, inclusive. A parsed document's
    /// items all descend from the container; in a document built by hand the chain stops at a
    /// parent that is not declared, and at a cycle.
    func lineage(of id: ItemID) -> [ItemID] {
        guard isValid(id) else { return [] }
        var chain = [id]
        var current = id
        while let parent = parent(of: current), isValid(parent), !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The nearest item that is, or contains, both items (an item counts as its own ancestor).
    public func commonAncestor(_ a: ItemID, _ b: ItemID) -> ItemID? {
        // The usual case, two items placed directly in the root container, needs no lineages.
        if case .item(let first) = a, case .item(let second) = b, items.indices.contains(first),
           items.indices.contains(second), items[first].parent == .container, items[second].parent == .container {
            return first == second ? a : .container
        }
        let ancestors = lineage(of: a)
        return lineage(of: b).first { ancestors.contains($0) }
    }

    /// Guides and metrics that no constraint uses, in declaration order (a style check).
    public var unusedDeclarations: [(name: String, location: SourceLocation)] {
        // Indexed by item: a flag per item instead of a hashed set.
        var usedItems = [Bool](repeating: false, count: items.count)
        func use(_ id: ItemID) {
            if case .item(let index) = id, usedItems.indices.contains(index) { usedItems[index] = true }
        }
        for constraint in constraints {
            use(constraint.firstItem)
            if let second = constraint.secondItem { use(second) }
        }
        for item in items where item.parent != .container { use(item.parent) }
        var unused: [(name: String, location: SourceLocation)] = []
        for (index, item) in items.enumerated() where item.isGuide && item.builtIn == nil && !usedItems[index] {
            unused.append((item.name, item.location))
        }
        for metric in metrics where !referencedMetrics.contains(metric.name) {
            unused.append((metric.name, metric.location))
        }
        return unused.sorted { $0.location < $1.location }
    }

    /// Names of the metrics that constraints use as constants or priorities, in first-use order.
    var referencedMetrics: [String] = []
}
