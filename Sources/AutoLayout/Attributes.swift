/// The two layout axes. Constraints never mix them.
public enum LayoutAxis: String, Sendable, Equatable, Hashable, CaseIterable {
    case horizontal
    case vertical

    /// `H` or `V`, as in Visual Format Language.
    public var letter: String { self == .horizontal ? "H" : "V" }
}

/// A layout attribute of an item, as `NSLayoutConstraint.Attribute`.
public enum LayoutAttribute: String, Sendable, Equatable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY

    /// The axis the attribute lies on.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY: .vertical
        }
    }

    /// Whether the attribute is a size (width or height) rather than a position.
    public var isSize: Bool { self == .width || self == .height }

    /// Whether the attribute depends on the layout direction.
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// Whether the attribute is an absolute horizontal edge (left or right).
    public var isAbsoluteEdge: Bool { self == .left || self == .right }

    /// The size attribute of an axis.
    static func size(_ axis: LayoutAxis) -> LayoutAttribute { axis == .horizontal ? .width : .height }
}

/// The relation of a constraint.
public enum LayoutRelation: String, Sendable, Equatable, Hashable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    /// The relation's symbol: `==`, `<=` or `>=`.
    public var symbol: String { rawValue }
}

/// An Auto Layout priority, 1…1000; 1000 is required.
public struct LayoutPriority: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// The priority value, 1…1000.
    public let value: Int

    /// Creates a priority; `nil` unless `value` is in 1…1000.
    public init?(_ value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    private init(unchecked value: Int) { self.value = value }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(unchecked: 1000)
    /// 750, the default compression resistance (`UILayoutPriorityDefaultHigh`).
    public static let high = LayoutPriority(unchecked: 750)
    /// 250, the default content hugging (`UILayoutPriorityDefaultLow`).
    public static let low = LayoutPriority(unchecked: 250)
    /// 251, the content hugging Interface Builder gives labels and buttons.
    public static let labelHugging = LayoutPriority(unchecked: 251)

    /// The priority names the text format accepts.
    static let names: [(name: String, priority: LayoutPriority)] = [
        ("required", .required), ("high", .high), ("low", .low),
    ]

    public var isRequired: Bool { value == 1000 }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }
}

/// The kind of a view, deciding its default priorities.
public enum ViewKind: String, Sendable, Equatable, Hashable, CaseIterable {
    case view, label, button, textView, imageView

    /// Content hugging as Interface Builder gives it: 251 for labels and buttons, else 250.
    public var defaultHugging: LayoutPriority {
        self == .label || self == .button ? .labelHugging : .low
    }

    /// Compression resistance: 750 for every kind.
    public var defaultCompressionResistance: LayoutPriority { .high }
}
