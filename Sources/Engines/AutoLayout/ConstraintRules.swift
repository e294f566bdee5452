/// The rules every constraint must follow, as UIKit enforces them when a constraint is made.
enum ConstraintRules {
    /// Throws the first rule the constraint breaks.
    static func check(_ constraint: LayoutConstraint, in document: LayoutDocument) throws(LayoutError) {
        let location = constraint.location
        let first = constraint.firstAttribute
        try checkMargin(first, of: constraint.firstItem, at: location, in: document)
        try checkMargin(constraint.secondAttribute, of: constraint.secondItem, at: location, in: document)
        guard let secondItem = constraint.secondItem, let second = constraint.secondAttribute else {
            guard first.isSize else {
                let firstName = "\(document.name(of: constraint.firstItem)).\(first.rawValue)"
                throw LayoutError(location, "'\(firstName)' is a position and cannot equal a constant; "
                                  + "relate it to another item (e.g. '\(firstName) == superview.\(first.rawValue) + 20')")
            }
            return
        }
        if first.isSize != second.isSize {
            throw LayoutError(location, "cannot relate a size to a position ('\(first.rawValue)' and '\(second.rawValue)')")
        }
        if !first.isSize, first.axis != second.axis {
            throw LayoutError(location, "cannot relate a \(first.axis.rawValue) attribute to a \(second.axis.rawValue) one "
                              + "('\(first.rawValue)' and '\(second.rawValue)')")
        }
        if (first.isDirectional && second.isAbsoluteEdge) || (first.isAbsoluteEdge && second.isDirectional) {
            throw LayoutError(location, "cannot relate '\(first.rawValue)' to '\(second.rawValue)': "
                              + "use leading/trailing or left/right on both sides")
        }
        if !first.isSize, constraint.multiplier == 0 {
            throw LayoutError(location, "a multiplier of 0 on the position '\(first.rawValue)' makes it a constant; "
                              + "relate the position to another item instead")
        }
        guard document.commonAncestor(constraint.firstItem, secondItem) != nil else {
            throw LayoutError(location, "'\(document.name(of: constraint.firstItem))' and "
                              + "'\(document.name(of: secondItem))' have no common ancestor")
        }
    }

    /// Throws when a margin attribute is asked of a layout guide, which has none.
    private static func checkMargin(_ attribute: LayoutAttribute?, of item: ItemID?, at location: SourceLocation,
                                    in document: LayoutDocument) throws(LayoutError) {
        if case .item(let index)? = item, let attribute, attribute.isMargin,
           document.items.indices.contains(index), document.items[index].isGuide {
            throw LayoutError(location, "'\(document.items[index].name)' is a layout guide and has no margins; "
                              + "use '\(attribute.frameAttribute.rawValue)'")
        }
    }

    /// The standard spacing between two items: 20 when one contains the other (an edge of the
    /// superview), else 8 (siblings, or views in different superviews).
    static func standardSpacing(_ a: ItemID, _ b: ItemID, in document: LayoutDocument) -> Double {
        document.lineage(of: a).contains(b) || document.lineage(of: b).contains(a) ? 20 : 8
    }
}
