/// What solving needs of a document constraint, without its source text and locations: plain
/// values, so that reading them for every constraint in every scenario copies no strings.
struct ConstraintShape: Sendable {
    let firstItem: ItemID
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let secondItem: ItemID?
    let secondAttribute: LayoutAttribute?
    let multiplier: Double
    /// The constant's value.
    let constant: Double
    let priority: LayoutPriority
    /// Whether the constraint involves leading or trailing (mirrored in right-to-left).
    let isDirectional: Bool

    init(_ constraint: LayoutConstraint) {
        firstItem = constraint.firstItem
        firstAttribute = constraint.firstAttribute
        relation = constraint.relation
        secondItem = constraint.secondItem
        secondAttribute = constraint.secondAttribute
        multiplier = constraint.multiplier
        constant = constraint.constant.value
        priority = constraint.priority
        isDirectional = constraint.isDirectional
    }

    /// Whether it is a required equality, whose solution the folded values may fix.
    var isRequiredEquality: Bool { relation == .equal && priority.isRequired }
}
