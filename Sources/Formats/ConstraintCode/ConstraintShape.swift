import AutoLayout
import SourceCode

/// The constraint-making expressions the reader knows, with their parts still unresolved.
enum ConstraintShape {
    /// `constraintsWithVisualFormat:options:metrics:views:` / `constraints(withVisualFormat:…)`.
    case visualFormat(format: Expression, options: Expression?, metrics: Expression?, views: Expression?)
    /// `constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:` / `NSLayoutConstraint(item:…)`.
    case item(first: Expression, firstAttribute: Expression, relation: Expression, second: Expression?,
              secondAttribute: Expression?, multiplier: Expression?, constant: Expression?)
    /// `a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)` and its Objective-C form.
    case anchor(first: Expression, relation: LayoutRelation, second: Expression?, multiplier: Expression?,
                constant: Expression?, systemSpacing: Bool)

    static func classify(_ expression: Expression, language: SourceLanguage) -> ConstraintShape? {
        switch expression {
        case .message(.name("NSLayoutConstraint"), "constraintsWithVisualFormat:options:metrics:views:", let a) where a.count == 4:
            return .visualFormat(format: a[0], options: a[1], metrics: a[2], views: a[3])
        case .message(.name("NSLayoutConstraint"), "constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:", let a)
            where a.count == 7:
            return .item(first: a[0], firstAttribute: a[1], relation: a[2], second: a[3], secondAttribute: a[4],
                         multiplier: a[5], constant: a[6])
        case .call(.member(.name("NSLayoutConstraint"), "constraints"), let a) where a.first?.label == "withVisualFormat":
            return .visualFormat(format: a[0].value, options: value(a, "options"), metrics: value(a, "metrics"), views: value(a, "views"))
        case .call(.name("NSLayoutConstraint"), let a) where a.first?.label == "item":
            guard let attribute = value(a, "attribute"), let relation = value(a, "relatedBy") else { return nil }
            let attributes = a.filter { $0.label == "attribute" }
            return .item(first: a[0].value, firstAttribute: attribute, relation: relation, second: value(a, "toItem"),
                         secondAttribute: attributes.count > 1 ? attributes[1].value : nil,
                         multiplier: value(a, "multiplier"), constant: value(a, "constant"))
        case .call(.member(let anchor, "constraint"), let a):
            guard let first = a.first?.label, let (relation, kind) = anchorKind(first) else { return nil }
            return .anchor(first: anchor, relation: relation, second: kind == "Constant" ? nil : a[0].value,
                           multiplier: value(a, "multiplier"),
                           constant: kind == "Constant" ? a[0].value : value(a, "constant"),
                           systemSpacing: kind.hasPrefix("SystemSpacing"))
        case .message(let anchor, let selector, let arguments) where selector.hasPrefix("constraint")
            && !selector.hasPrefix("constraintWithItem") && !selector.hasPrefix("constraintsWith"):
            let parts = selector.split(separator: ":").map(String.init)
            guard parts.count == arguments.count, let head = parts.first?.dropFirst("constraint".count),
                  let (relation, kind) = anchorKind(lowercasedFirst(String(head))) else { return nil }
            func argument(_ name: String) -> Expression? {
                parts.firstIndex(of: name).map { arguments[$0] }
            }
            let isConstant = kind == "Constant"
            return .anchor(first: anchor, relation: relation, second: isConstant ? nil : arguments[0],
                           multiplier: argument("multiplier"), constant: isConstant ? arguments[0] : argument("constant"),
                           systemSpacing: kind.hasPrefix("SystemSpacing"))
        default:
            return nil
        }
    }

    private static func value(_ arguments: [Expression.Argument], _ label: String) -> Expression? {
        arguments.first { $0.label == label }?.value
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// `equalTo`, `greaterThanOrEqualToConstant`, `equalToSystemSpacingAfter`, and the
    /// Objective-C `equalToAnchor`, `equalToSystemSpacingBelowAnchor`: the relation and the rest.
    private static func anchorKind(_ label: String) -> (LayoutRelation, String)? {
        let relations: [(String, LayoutRelation)] = [("greaterThanOrEqualTo", .greaterThanOrEqual),
                                                     ("lessThanOrEqualTo", .lessThanOrEqual), ("equalTo", .equal)]
        for (prefix, relation) in relations where label.hasPrefix(prefix) {
            var rest = String(label.dropFirst(prefix.count))
            if rest.hasSuffix("Anchor") { rest = String(rest.dropLast("Anchor".count)) }
            guard ["", "Constant", "SystemSpacingAfter", "SystemSpacingBelow"].contains(rest) else { return nil }
            return (relation, rest)
        }
        return nil
    }
}
