/// Required constraints that cannot all hold (UIKit's "Unable to simultaneously satisfy constraints").
public struct LayoutConflict: Sendable, Equatable {
    /// A minimal set of constraints that cannot hold together, in the order they were added; in
    /// the summary, every required constraint broken without that analysis, in the order they were met.
    public let constraints: [LayoutConstraint]
    /// The constraint left out to recover: the last added of the set. The rest are laid out.
    /// In the summary, where every one of `constraints` is left out, the first of them.
    public let broken: LayoutConstraint
    /// Whether this is the summary that ends the conflicts once `LayoutLimits.maxAnalyzedConflicts`
    /// have been analyzed: it lists the further required constraints that could not hold.
    public let isSummary: Bool
    /// The report, as the UIKit console prints it, with line numbers and source forms.
    public let message: String
}

/// A view (or guide) whose position or size along an axis is not determined by its constraints.
public struct LayoutAmbiguity: Sendable, Equatable {
    public let item: ItemID
    public let name: String
    public let axis: LayoutAxis
    /// The position (X or Y) is not determined.
    public let position: Bool
    /// The size (width or height) is not determined.
    public let size: Bool

    /// As Xcode's missing-constraints list: `thing2 needs constraints for X position`,
    /// `… for width`, `… for Y position and height`.
    public var message: String {
        let positionName = axis == .horizontal ? "X position" : "Y position"
        let sizeName = axis == .horizontal ? "width" : "height"
        let missing = [position ? positionName : nil, size ? sizeName : nil].compactMap { $0 }
        return "\(name) needs constraints for \(missing.joined(separator: " and "))"
    }
}

/// Something that works but is probably wrong or fragile.
public struct LayoutWarning: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A constant other than 0, standard spacing or a named metric.
        case magicNumber(value: Double)
        /// A width or height pinned by `==` on a view with an intrinsic content size.
        case fixedSize(view: String, attribute: LayoutAttribute)
        /// The view's frame is smaller than its intrinsic content size along `axis`.
        case truncated(view: String, axis: LayoutAxis, size: Double, intrinsicSize: Double)
        /// A scenario overrides the intrinsic size of a view the document does not declare.
        case unknownView(name: String)

        /// A stable identifier for the kind: `magicNumber`, `fixedSize`, `truncated`, `unknownView`.
        public var code: String {
            switch self {
            case .magicNumber: "magicNumber"
            case .fixedSize: "fixedSize"
            case .truncated: "truncated"
            case .unknownView: "unknownView"
            }
        }
    }

    public let kind: Kind
    /// Where the cause is written: the constraint, or the view's declaration for truncation.
    public let location: SourceLocation?
    public let message: String
}

extension LayoutDocument {
    /// Numbers other than 0 written in constraints, in source order ("constraints with magic
    /// numbers are almost always bad"): `standard` and metric names are the way to say 8, 20 or
    /// a named value, so a literal `20` is magic even where it equals the standard spacing.
    public var magicNumbers: [LayoutWarning] {
        constraints.compactMap { constraint in
            guard constraint.constant.isWrittenNumber, constraint.constant.value != 0,
                  let location = constraint.constant.location else { return nil }
            let value = abs(constraint.constant.value)
            let line = String(location.line), number = formatNumber(value)
            let advice = "': use standard spacing, a named metric, or relate it to another view"
            // Built in one buffer of the right size: a grade finds every magic number of its answer.
            var message = ""
            message.reserveCapacity(5 + line.utf8.count + 15 + number.utf8.count + 5 + constraint.source.utf8.count
                                    + advice.utf8.count)
            message += "line "
            message += line
            message += ": magic number "
            message += number
            message += " in '"
            message += constraint.source
            message += advice
            return LayoutWarning(kind: .magicNumber(value: value), location: location, message: message)
        }
    }

    /// Widths and heights pinned by `==` on views with an intrinsic content size, strongly enough
    /// to override it (at or above the view's compression resistance), in source order.
    public var fixedSizeWarnings: [LayoutWarning] {
        constraints.compactMap { constraint in
            guard constraint.secondItem == nil, constraint.relation == .equal, constraint.firstAttribute.isSize,
                  case .item(let index) = constraint.firstItem, items.indices.contains(index),
                  let intrinsic = items[index].intrinsicSize else { return nil }
            let item = items[index]
            let axis = constraint.firstAttribute.axis
            guard constraint.priority >= item.compressionResistance(axis) else { return nil }
            let kindName: String
            if case .view(let kind) = item.kind { kindName = kind.rawValue } else { kindName = "view" }
            return LayoutWarning(
                kind: .fixedSize(view: item.name, attribute: constraint.firstAttribute),
                location: constraint.location,
                message: "line \(constraint.location.line): '\(constraint.source)' fixes the \(constraint.firstAttribute.rawValue) "
                    + "of \(kindName) '\(item.name)', which has an intrinsic content size (\(intrinsic)): "
                    + "it will be truncated or padded when its content changes")
        }
    }
}
