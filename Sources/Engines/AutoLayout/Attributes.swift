/// The two layout axes. Constraints never mix them.
public enum LayoutAxis: String, Sendable, Equatable, Hashable, CaseIterable {
    case horizontal
    case vertical

    /// `H` or `V`, as in Visual Format Language.
    public var letter: String { self == .horizontal ? "H" : "V" }
}

/// A layout attribute of an item, as `NSLayoutConstraint.Attribute`.
///
/// The `…Margin` attributes are the edges of the item's layout margins (`UIView.layoutMargins`):
/// 8 points inside any view; on the root container, the safe area plus 16 points left and right
/// (20 when the container is at least 414 wide) and nothing more at the top and bottom. Layout
/// guides have no margins. `firstBaseline` and `lastBaseline` are the bottom edge: Lectern does
/// not know fonts, so a label's baseline is where its frame ends (aligning the baselines of two
/// labels of one font aligns their bottoms just the same).
public enum LayoutAttribute: String, Sendable, Equatable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case firstBaseline, lastBaseline

    /// The axis the attribute lies on.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins: .horizontal
        case .top, .bottom, .height, .centerY, .topMargin, .bottomMargin, .centerYWithinMargins,
             .firstBaseline, .lastBaseline: .vertical
        }
    }

    /// Whether the attribute is a size (width or height) rather than a position.
    public var isSize: Bool { self == .width || self == .height }

    /// Whether the attribute depends on the layout direction.
    public var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    /// Whether the attribute is an absolute horizontal edge (left or right, or their margins).
    public var isAbsoluteEdge: Bool {
        self == .left || self == .right || self == .leftMargin || self == .rightMargin
    }

    /// Whether the attribute is an edge or centre of the layout margins.
    public var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins: true
        default: false
        }
    }

    /// The frame attribute this one is measured from: `leading` for `leadingMargin`, `bottom` for
    /// the baselines, itself for the rest.
    public var frameAttribute: LayoutAttribute {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin, .firstBaseline, .lastBaseline: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: self
        }
    }

    /// The size attribute of an axis.
    static func size(_ axis: LayoutAxis) -> LayoutAttribute { axis == .horizontal ? .width : .height }
}

/// Distances inward from the four edges of a rectangle, as `UIEdgeInsets`.
public struct LayoutInsets: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = LayoutInsets()

    /// `{top, left, bottom, right}`.
    public var description: String {
        "{\(formatPoints(top)), \(formatPoints(left)), \(formatPoints(bottom)), \(formatPoints(right))}"
    }
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
