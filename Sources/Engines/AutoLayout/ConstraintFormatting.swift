extension LayoutDocument {
    /// The constraint in explicit form with its numbers resolved, as UIKit describes a constraint:
    /// `swatch1.leading == superview.leading + 20`, `body.height >= 0.5 * superview.height + 10 @750`.
    public func resolvedDescription(of constraint: LayoutConstraint) -> String {
        format(constraint, symbolic: false)
    }

    /// The constraint as an explicit line of the text format that parses back to the same
    /// constraint, keeping metric names and `standard`.
    public func explicitLine(for constraint: LayoutConstraint) -> String {
        format(constraint, symbolic: true)
    }

    private func format(_ constraint: LayoutConstraint, symbolic: Bool) -> String {
        var text = "\(reference(to: constraint.firstItem, other: constraint.secondItem)).\(constraint.firstAttribute.rawValue) "
            + constraint.relation.symbol
        let constant = constraint.constant
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            text += " "
            if constraint.multiplier != 1 { text += "\(formatNumber(constraint.multiplier)) * " }
            text += "\(reference(to: second, other: constraint.firstItem)).\(attribute.rawValue)"
            if constant.value != 0 || (symbolic && constant.source != .literal) {
                var (negative, magnitude) = symbolic ? symbolicMagnitude(constant) : (constant.value < 0, formatNumber(abs(constant.value)))
                if symbolic, constant.source == .standard {
                    // System spacing times a multiplier: `2 * standard`.
                    let spacing = ConstraintRules.standardSpacing(constraint.firstItem, second, in: self)
                    let factor = abs(constant.value) / spacing
                    if factor != 1 { magnitude = "\(formatNumber(factor)) * standard" }
                    negative = constant.value < 0
                }
                text += negative ? " - \(magnitude)" : " + \(magnitude)"
            }
        } else if symbolic, case .metric(let name) = constant.source {
            text += " \(name)"
        } else {
            text += " \(formatNumber(constant.value))"
        }
        if !constraint.priority.isRequired { text += " @\(constraint.priority.value)" }
        return text
    }

    /// The sign and the written form of a constant that follows `+`/`-`.
    func symbolicMagnitude(_ constant: LayoutConstant) -> (negative: Bool, text: String) {
        switch constant.source {
        case .literal:
            return (constant.value < 0, formatNumber(abs(constant.value)))
        case .standard:
            return (constant.value < 0, "standard")
        case .metric(let name):
            let value = metrics.first { $0.name == name }?.value ?? constant.value
            return (value != 0 && constant.value == -value, name)
        }
    }

    /// `superview` when the item is the other item's superview, else the item's name.
    func reference(to item: ItemID, other: ItemID?) -> String {
        if item == .container { return Self.containerName }
        if let other, parent(of: other) == item { return Self.containerName }
        return name(of: item)
    }
}

/// A number as the text format writes it: integers without a fraction, others in the shortest form.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
