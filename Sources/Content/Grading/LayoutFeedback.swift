import AutoLayout

/// A constraint seen from one view's side: which of the view's attributes it ties, and to what.
/// Feedback compares the ties of the submission with the reference's to explain a misplaced view.
struct Tie {
    /// What the view's attribute is tied to.
    enum Partner: Equatable {
        /// The view's superview (the root container for top-level views).
        case superview
        /// A constant: a fixed width or height.
        case constant
        /// A sibling or any other view, by name.
        case view(String)
        /// A layout guide, by name (any guide matches any other: guides are the submission's own).
        case guide(String)

        func matches(_ other: Partner) -> Bool {
            switch (self, other) {
            case (.guide, .guide): true
            default: self == other
            }
        }
    }

    let attribute: LayoutAttribute
    let partner: Partner
    let partnerAttribute: LayoutAttribute?
    let relation: LayoutRelation
    let constant: LayoutConstant

    /// The same attributes tied to the same kind of partner, whatever the constant.
    func hasSameShape(as other: Tie) -> Bool {
        attribute == other.attribute && partnerAttribute == other.partnerAttribute && partner.matches(other.partner)
    }

    /// The ties of the item at `index` along `axis`, in source order.
    static func ties(of index: Int, along axis: LayoutAxis, in document: LayoutDocument) -> [Tie] {
        let view = ItemID.item(index)
        let superview = document.parent(of: view) ?? .container
        var ties: [Tie] = []
        for constraint in document.constraints {
            let mine: LayoutAttribute
            let other: ItemID?
            let otherAttribute: LayoutAttribute?
            if constraint.firstItem == view, constraint.secondItem != view {
                (mine, other, otherAttribute) = (constraint.firstAttribute, constraint.secondItem, constraint.secondAttribute)
            } else if constraint.secondItem == view, constraint.firstItem != view, let attribute = constraint.secondAttribute {
                (mine, other, otherAttribute) = (attribute, constraint.firstItem, constraint.firstAttribute)
            } else {
                continue
            }
            guard mine.axis == axis else { continue }
            let partner: Partner
            switch other {
            case nil: partner = .constant
            case let item? where item == superview: partner = .superview
            case .item(let otherIndex)? where document.items.indices.contains(otherIndex):
                let item = document.items[otherIndex]
                partner = item.isGuide ? .guide(item.name) : .view(item.name)
            default: partner = .view(document.name(of: other ?? .container))
            }
            ties.append(Tie(attribute: mine, partner: partner, partnerAttribute: otherAttribute,
                            relation: constraint.relation, constant: constraint.constant))
        }
        return ties
    }

    // MARK: Words

    /// `leading edge`, `centre`, `width`.
    static func name(of attribute: LayoutAttribute) -> String {
        switch attribute {
        case .centerX, .centerY: "centre"
        case .width, .height: attribute.rawValue
        default: "\(attribute.rawValue) edge"
        }
    }

    /// `a standard space`, `20 points`, `gap (40 points)`.
    var amount: String {
        let points = "\(NumberText.format(abs(constant.value))) points"
        switch constant.source {
        case .standard: return "a standard space"
        case .metric(let metric): return "\(metric) (\(points))"
        case .literal: return points
        }
    }

    private var partnerName: String {
        switch partner {
        case .superview, .constant: "the superview"
        case .view(let name), .guide(let name): name
        }
    }

    private func partnerPossessive(_ attribute: LayoutAttribute?) -> String {
        let owner = partner == .superview ? "the superview's" : "\(partnerName)'s"
        return "\(owner) \(attribute.map(Tie.name(of:)) ?? "")"
    }

    /// What the tie does, as the cause of a misplaced view: `its leading edge is pinned to 246 points`.
    var cause: String {
        let mine = Tie.name(of: attribute)
        let flush = constant.value == 0
        switch partner {
        case .constant:
            switch relation {
            case .equal: return "its \(mine) is fixed at \(amount)"
            case .greaterThanOrEqual: return "its \(mine) is kept at least \(amount)"
            case .lessThanOrEqual: return "its \(mine) is kept at most \(amount)"
            }
        case .superview:
            if attribute.isSize { return "its \(mine) is tied to the superview's \(mine)" }
            if flush { return "its \(mine) is pinned to \(partnerPossessive(partnerAttribute))" }
            if relation != .equal { return "its \(mine) is held \(amount) from \(partnerPossessive(partnerAttribute)) by an inequality" }
            if constant.source == .literal, attribute == partnerAttribute, [.leading, .left, .top].contains(attribute) {
                return "its \(mine) is pinned to \(amount)"
            }
            return "its \(mine) is pinned \(amount) from \(partnerPossessive(partnerAttribute))"
        case .view, .guide:
            return "its \(mine) is tied to \(partnerPossessive(partnerAttribute))"
        }
    }

    /// What to do instead, when the reference has this tie and the submission does not.
    var hint: String {
        let mine = Tie.name(of: attribute)
        switch partner {
        case .constant:
            return "Make its \(mine) \(amount) instead."
        case .superview:
            if attribute == .centerX || attribute == .centerY { return "Centre it in the superview instead." }
            if attribute.isSize { return "Relate its \(mine) to the superview's instead." }
            return "Pin its \(mine) to the superview instead."
        case .guide:
            return "Use spacer guides around it instead."
        case .view(let name):
            if attribute == partnerAttribute {
                return attribute.isSize ? "Make its \(mine) equal to \(name)'s instead." : "Align its \(mine) with \(name)'s instead."
            }
            return "Tie its \(mine) to \(partnerPossessive(partnerAttribute)) instead."
        }
    }
}
