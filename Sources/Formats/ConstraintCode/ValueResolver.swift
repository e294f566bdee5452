import AutoLayout
import SourceCode

/// An item of the text format that code names: a view, a guide, `superview` or a built-in guide.
struct ItemRef: Equatable {
    var name: String
    /// As the code writes it (`_label`, `self.label`).
    var id: String
    /// `view.layoutMarginsGuide` of a view other than the root: its margin attributes.
    var margins = false
}

/// Resolves the values of a statement statically: numbers, strings, priorities, attributes,
/// items and anchors, following variables, constants and `#define`s.
struct ValueResolver {
    let converter: ConstraintConverter
    let scope: [SourcePosition]
    let at: SourcePosition
    private var depth = 0
    private static let maxDepth = 12

    init(converter: ConstraintConverter, scope: [SourcePosition], at: SourcePosition) {
        self.converter = converter
        self.scope = scope
        self.at = at
    }

    private func lookup(_ expression: Expression) throws(Unresolved) -> (name: String, value: Expression)? {
        guard let path = expression.path, let name = CodeNames.variable(path) ?? (path.count == 1 ? path[0] : nil) else { return nil }
        guard depth < Self.maxDepth else { throw Unresolved("`\(path.joined(separator: "."))` refers to itself") }
        if let value = converter.symbols.value(of: name, scope: scope, at: at) { return (name, value) }
        if let value = converter.symbols.value(of: path.last!, scope: scope, at: at), path.count == 1 { return (path[0], value) }
        return nil
    }

    private func deeper() -> ValueResolver {
        var copy = self
        copy.depth += 1
        return copy
    }

    func describe(_ expression: Expression) -> String {
        expression.path?.joined(separator: ".") ?? "the expression"
    }

    // MARK: Numbers

    func number(_ expression: Expression) throws(Unresolved) -> Double {
        let operand = { (part: Expression) throws(Unresolved) -> Double in try number(part) }
        if let value = try expression.unwrapped.arithmetic(operand, divisionByZero: { Unresolved("division by zero") }) { return value }
        switch expression.unwrapped {
        case .message(let inner, "floatValue", _), .message(let inner, "doubleValue", _):
            return try number(inner)
        default:
            if let (_, value) = try lookup(expression) { return try deeper().number(value) }
            throw Unresolved("`\(describe(expression))` is not a number the reader can work out without running the code")
        }
    }

    /// A constant and, when it is a named constant, its name (for a `metric`) and sign.
    func constant(_ expression: Expression) throws(Unresolved) -> (value: Double, metric: String?) {
        switch expression.unwrapped {
        case .name, .member:
            if let (name, value) = try lookup(expression) {
                let number = try deeper().number(value)
                return (number, name)
            }
        case .unary("-", let inner):
            let (value, metric) = try constant(inner)
            return (-value, metric.map { "-" + $0 })
        default:
            break
        }
        return (try number(expression), nil)
    }

    // MARK: Strings and dictionaries

    func string(_ expression: Expression) throws(Unresolved) -> String {
        switch expression.unwrapped {
        case .string(let text, let interpolated):
            guard !interpolated else { throw Unresolved("the string has interpolations, which are worked out at run time") }
            return text
        case .binary("+", let a, let b):
            return try string(a) + string(b)
        default:
            if let (_, value) = try lookup(expression) { return try deeper().string(value) }
            throw Unresolved("`\(describe(expression))` is not a string the reader can work out without running the code")
        }
    }

    /// A dictionary's entries with string keys.
    func dictionary(_ expression: Expression) throws(Unresolved) -> [(key: String, value: Expression)] {
        switch expression.unwrapped {
        case .null:
            return []
        case .dictionary(let pairs):
            var entries: [(String, Expression)] = []
            for pair in pairs { entries.append((try string(pair.key), pair.value)) }
            return entries
        case .call(.name("NSDictionaryOfVariableBindings"), let arguments):
            return arguments.map { argument in
                (argument.value.path?.joined(separator: ".") ?? "", argument.value)
            }
        default:
            if let (_, value) = try lookup(expression) { return try deeper().dictionary(value) }
            throw Unresolved("`\(describe(expression))` is not a dictionary the reader can work out without running the code")
        }
    }

    // MARK: UIKit values

    static let priorityNames: [String: Int] = [
        "UILayoutPriorityRequired": 1000, "UILayoutPriorityDefaultHigh": 750, "UILayoutPriorityDefaultLow": 250,
        "UILayoutPriorityFittingSizeLevel": 50, "required": 1000, "defaultHigh": 750, "defaultLow": 250,
        "fittingSizeLevel": 50, "dragThatCanResizeScene": 510, "sceneSizeStayPut": 500, "dragThatCannotResizeScene": 490,
    ]

    func priority(_ expression: Expression) throws(Unresolved) -> Int {
        let value = try priorityValue(expression)
        guard value == value.rounded(), (1...1000).contains(value) else {
            throw Unresolved("a priority must be a whole number from 1 to 1000, not \(formatted(value))")
        }
        return Int(value)
    }

    private func priorityValue(_ expression: Expression) throws(Unresolved) -> Double {
        switch expression.unwrapped {
        case .implicitMember(let name):
            if let value = Self.priorityNames[name] { return Double(value) }
        case .name(let name) where Self.priorityNames[name] != nil:
            return Double(Self.priorityNames[name]!)
        case .member(let base, "rawValue"):
            return try priorityValue(base)
        case .member(.name("UILayoutPriority"), let name):
            if let value = Self.priorityNames[name] { return Double(value) }
        case .call(.name("UILayoutPriority"), let arguments) where arguments.count == 1:
            return try priorityValue(arguments[0].value)
        case .binary(let op, let a, let b) where op == "+" || op == "-":
            let x = try priorityValue(a)
            let y = try priorityValue(b)
            return op == "+" ? x + y : x - y
        default:
            break
        }
        return try number(expression)
    }

    func axis(_ expression: Expression) throws(Unresolved) -> LayoutAxis {
        let name: String?
        switch expression.unwrapped {
        case .implicitMember(let member): name = member
        default: name = expression.path?.last
        }
        switch name {
        case "horizontal", "UILayoutConstraintAxisHorizontal": return .horizontal
        case "vertical", "UILayoutConstraintAxisVertical": return .vertical
        default: throw Unresolved("`\(describe(expression))` is not an axis (horizontal or vertical)")
        }
    }

    static let attributes: Set<String> = [
        "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin", "trailingMargin",
        "centerXWithinMargins", "centerYWithinMargins", "firstBaseline", "lastBaseline",
    ]

    /// A text-format attribute name, or nil for `NSLayoutAttributeNotAnAttribute`.
    func attribute(_ expression: Expression) throws(Unresolved) -> String? {
        var name: String
        switch expression.unwrapped {
        case .implicitMember(let member): name = member
        default:
            guard let last = expression.path?.last else { throw Unresolved("`\(describe(expression))` is not a layout attribute") }
            name = last
        }
        if name.hasPrefix("NSLayoutAttribute") {
            name = String(name.dropFirst("NSLayoutAttribute".count))
            name = (name.first?.lowercased() ?? "") + name.dropFirst()
        }
        if name == "notAnAttribute" { return nil }
        if name == "baseline" { return "lastBaseline" }
        guard Self.attributes.contains(name) else { throw Unresolved("`\(describe(expression))` is not a layout attribute") }
        return name
    }

    func relation(_ expression: Expression) throws(Unresolved) -> LayoutRelation {
        var name: String?
        switch expression.unwrapped {
        case .implicitMember(let member): name = member
        default: name = expression.path?.last
        }
        switch name {
        case "equal", "NSLayoutRelationEqual": return .equal
        case "greaterThanOrEqual", "NSLayoutRelationGreaterThanOrEqual": return .greaterThanOrEqual
        case "lessThanOrEqual", "NSLayoutRelationLessThanOrEqual": return .lessThanOrEqual
        default: throw Unresolved("`\(describe(expression))` is not a relation")
        }
    }

    // MARK: Items and anchors

    func item(_ expression: Expression) throws(Unresolved) -> ItemRef? {
        let unwrapped = expression.unwrapped
        if unwrapped == .null { return nil }
        guard let path = unwrapped.path else { throw Unresolved("`\(describe(expression))` is not a view the reader can name") }
        let id = path.joined(separator: ".")
        if CodeNames.isRootView(path) { return ItemRef(name: LayoutDocument.containerName, id: id) }
        var base = Array(path)
        if base.first == "self" { base.removeFirst() }
        if base == ["topLayoutGuide"] || base == ["view", "topLayoutGuide"] { return ItemRef(name: CodeNames.topLayoutGuide, id: id) }
        if base == ["bottomLayoutGuide"] || base == ["view", "bottomLayoutGuide"] { return ItemRef(name: CodeNames.bottomLayoutGuide, id: id) }
        if let last = base.last, last == "safeAreaLayoutGuide" || last == "layoutMarginsGuide" {
            let owner = Array(path.dropLast())
            if CodeNames.isRootView(owner) {
                return ItemRef(name: last == "safeAreaLayoutGuide" ? CodeNames.safeArea : CodeNames.margins, id: id)
            }
            guard last == "layoutMarginsGuide", let name = converter.variableName(owner, context: []) else {
                throw Unresolved("only the root view's safe area is in the layout text format, not `\(id)`")
            }
            return ItemRef(name: matched(name), id: id, margins: true)
        }
        guard let name = CodeNames.variable(path) else { throw Unresolved("`\(id)` is not a view the reader can name") }
        if name == "view" { return ItemRef(name: LayoutDocument.containerName, id: id) }
        return ItemRef(name: matched(name), id: id)
    }

    /// The exercise's view of that name, matching case when only the case differs.
    func matched(_ name: String) -> String {
        guard let known = converter.knownViews, !known.contains(name),
              let match = known.first(where: { $0.lowercased() == name.lowercased() }) else { return name }
        return match
    }

    static let anchors: [String: String] = [
        "leadingAnchor": "leading", "trailingAnchor": "trailing", "leftAnchor": "left", "rightAnchor": "right",
        "topAnchor": "top", "bottomAnchor": "bottom", "widthAnchor": "width", "heightAnchor": "height",
        "centerXAnchor": "centerX", "centerYAnchor": "centerY", "firstBaselineAnchor": "firstBaseline",
        "lastBaselineAnchor": "lastBaseline",
    ]

    static let marginAttributes: [String: String] = [
        "leading": "leadingMargin", "trailing": "trailingMargin", "left": "leftMargin", "right": "rightMargin",
        "top": "topMargin", "bottom": "bottomMargin", "centerX": "centerXWithinMargins", "centerY": "centerYWithinMargins",
    ]

    func anchor(_ expression: Expression) throws(Unresolved) -> (item: ItemRef, attribute: String) {
        var target = expression.unwrapped
        if target.path != nil, case .member = target {} else if let (_, value) = try lookup(target) { target = value.unwrapped }
        guard case .member(let base, let anchorName) = target, let attribute = Self.anchors[anchorName] else {
            throw Unresolved("`\(describe(expression))` is not a layout anchor the reader can name")
        }
        guard let item = try item(base) else { throw Unresolved("the anchor has no view") }
        return try ValueResolver.applyMargins(item, attribute)
    }

    static func applyMargins(_ item: ItemRef, _ attribute: String) throws(Unresolved) -> (item: ItemRef, attribute: String) {
        guard item.margins else { return (item, attribute) }
        guard let margin = marginAttributes[attribute] else {
            throw Unresolved("`\(item.id).\(attribute)` has no margin form in the layout text format")
        }
        return (ItemRef(name: item.name, id: item.id), margin)
    }
}
