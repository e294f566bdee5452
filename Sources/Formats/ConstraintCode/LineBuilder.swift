import AutoLayout
import SourceCode

/// Writes the text-format line(s) of one constraint-making expression.
struct LineBuilder {
    let resolver: ValueResolver
    /// Metrics the lines use, to be declared.
    var metrics: [(String, Double)] = []
    /// Views the lines name.
    var usedViews: [ItemRef] = []

    init(resolver: ValueResolver) { self.resolver = resolver }

    static let reserved: Set<String> = ["superview", "standard", "required", "high", "low", "in", "H", "V",
                                        "container", "view", "guide", "metric", CodeNames.safeArea, CodeNames.margins,
                                        CodeNames.topLayoutGuide, CodeNames.bottomLayoutGuide]

    mutating func lines(for shape: ConstraintShape) throws(Unresolved) -> [String] {
        switch shape {
        case .visualFormat(let format, let options, let metrics, let views):
            return try visualFormat(format, options: options, metrics: metrics, views: views)
        case .item(let first, let firstAttribute, let relation, let second, let secondAttribute, let multiplier, let constant):
            guard let firstItem = try resolver.item(first) else { throw Unresolved("the constraint has no first item") }
            guard let attribute = try resolver.attribute(firstAttribute) else {
                throw Unresolved("the first attribute cannot be NSLayoutAttributeNotAnAttribute")
            }
            let (a, aAttribute) = try ValueResolver.applyMargins(firstItem, attribute)
            let rel = try resolver.relation(relation)
            let secondRef = try second.flatMap { e throws(Unresolved) in try resolver.item(e) }
            let secondAttr = try secondAttribute.flatMap { e throws(Unresolved) in try resolver.attribute(e) }
            let m = try multiplier.map { e throws(Unresolved) in try resolver.number(e) } ?? 1
            if let secondRef, let secondAttr {
                let (b, bAttribute) = try ValueResolver.applyMargins(secondRef, secondAttr)
                return [try line(a, aAttribute, rel, b, bAttribute, multiplier: m, constant: constant, standard: false)]
            }
            return [try sizeLine(a, aAttribute, rel, constant)]
        case .anchor(let first, let relation, let second, let multiplier, let constant, let systemSpacing):
            let (a, aAttribute) = try resolver.anchor(first)
            let m = try multiplier.map { e throws(Unresolved) in try resolver.number(e) } ?? 1
            guard let second else { return [try sizeLine(a, aAttribute, relation, constant)] }
            let (b, bAttribute) = try resolver.anchor(second)
            if systemSpacing {
                guard m == 1 else {
                    throw Unresolved("system spacing times \(formatted(m)) is not in the layout text format; only `standard` (a multiplier of 1) is")
                }
                return [try line(a, aAttribute, relation, b, bAttribute, multiplier: 1, constant: nil, standard: true)]
            }
            return [try line(a, aAttribute, relation, b, bAttribute, multiplier: m, constant: constant, standard: false)]
        }
    }

    private mutating func reference(_ item: ItemRef) -> String {
        if item.name != LayoutDocument.containerName, !Self.reserved.contains(item.name) || item.name == item.id {
            if !usedViews.contains(where: { $0.name == item.name }) { usedViews.append(item) }
        }
        return item.name
    }

    private mutating func line(_ a: ItemRef, _ aAttribute: String, _ relation: LayoutRelation, _ b: ItemRef, _ bAttribute: String,
                               multiplier: Double, constant: Expression?, standard: Bool) throws(Unresolved) -> String {
        let root = LayoutDocument.containerName
        if a.name == root && b.name == root { throw Unresolved("both items are the root view, which the layout text format cannot say") }
        for (one, other) in [(a, b), (b, a)] where one.name == root {
            if let parent = resolver.converter.views.first(where: { $0.name == other.name })?.parent {
                throw Unresolved("the root view with `\(other.name)`, which is inside `\(parent)`: the layout text format names only a view's own superview")
            }
        }
        var text = "\(reference(a)).\(aAttribute) \(relation.symbol) "
        if multiplier != 1 { text += "\(formatted(multiplier)) * " }
        text += "\(reference(b)).\(bAttribute)"
        if standard {
            text += " + standard"
        } else if let constant {
            let (value, metric) = try resolver.constant(constant)
            if let metric, let name = declare(metric, value) {
                text += name.negative ? " - \(name.name)" : " + \(name.name)"
            } else if value != 0 {
                text += value < 0 ? " - \(formatted(-value))" : " + \(formatted(value))"
            }
        }
        return text
    }

    private mutating func sizeLine(_ a: ItemRef, _ attribute: String, _ relation: LayoutRelation,
                                   _ constant: Expression?) throws(Unresolved) -> String {
        guard attribute == "width" || attribute == "height" else {
            throw Unresolved("`\(a.id).\(attribute)` is a position; only a width or height can equal a constant")
        }
        var value = 0.0
        var name: String?
        if let constant {
            let resolved = try resolver.constant(constant)
            value = resolved.value
            if let metric = resolved.metric, let declared = declare(metric, value), !declared.negative { name = declared.name }
        }
        return "\(reference(a)).\(attribute) \(relation.symbol) \(name ?? formatted(value))"
    }

    /// Declares a named constant as a metric; nil when the name cannot be one (a view's name, a
    /// reserved word, or a name already used for another value).
    private mutating func declare(_ metric: String, _ value: Double) -> (name: String, negative: Bool)? {
        let negative = metric.hasPrefix("-")
        let raw = negative ? String(metric.dropFirst()) : metric
        let name = CodeNames.canonical(raw)
        let magnitude = negative ? -value : value
        guard isIdentifier(name), !Self.reserved.contains(name),
              !resolver.converter.views.contains(where: { $0.name == name }),
              !(resolver.converter.knownViews ?? []).contains(name) else { return nil }
        if let existing = resolver.converter.metrics.first(where: { $0.name == name }) ?? metrics.first(where: { $0.0 == name }).map({ (name: $0.0, value: $0.1) }) {
            return existing.value == magnitude ? (name, negative) : nil
        }
        metrics.append((name, magnitude))
        return (name, negative)
    }

    private func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.properties.isAlphabetic && first.isASCII) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    // MARK: Visual format

    private mutating func visualFormat(_ formatExpression: Expression, options: Expression?, metrics metricsExpression: Expression?,
                                       views viewsExpression: Expression?) throws(Unresolved) -> [String] {
        let format = try resolver.string(formatExpression)
        let views = try viewsExpression.map { e throws(Unresolved) in try resolver.dictionary(e) } ?? []
        let metricEntries = try metricsExpression.map { e throws(Unresolved) in try resolver.dictionary(e) } ?? []
        var viewNames: [String: ItemRef] = [:]
        for (key, value) in views {
            guard let item = try resolver.item(value) else { throw Unresolved("the view `\(key)` of the views dictionary is nil") }
            viewNames[key] = item
        }
        var metricNames: [String: String] = [:]
        for (key, value) in metricEntries {
            let number = try resolver.number(value)
            if let declared = declare(key, number) {
                metricNames[key] = declared.name
            } else {
                metricNames[key] = formatted(number)
            }
        }
        let alignments = try self.alignments(options)
        var out = ""
        var scalars = Array(format.unicodeScalars)[...]
        if scalars.count >= 2, scalars.first == "H" || scalars.first == "V",
           scalars[scalars.startIndex + 1] == ":" {
            out += String(scalars.prefix(2).map(Character.init))
            scalars = scalars.dropFirst(2)
        }
        var ordered: [String] = []
        var previous: Unicode.Scalar = " "
        while let c = scalars.first {
            if c == "_" || c.properties.isAlphabetic {
                var word = ""
                while let d = scalars.first, d == "_" || d.properties.isAlphabetic || ("0"..."9").contains(d) {
                    word.unicodeScalars.append(d)
                    scalars = scalars.dropFirst()
                }
                if let item = viewNames[word] {
                    if item.margins || item.name == LayoutDocument.containerName {
                        throw Unresolved("`\(word)` in the format is \(item.id); use `|` for the superview")
                    }
                    let name = reference(item)
                    if previous == "[" { ordered.append(name) }
                    out += name
                } else if let metric = metricNames[word] {
                    out += metric
                } else {
                    throw Unresolved("`\(word)` in the format \"\(format)\" is in neither the views nor the metrics dictionary")
                }
                previous = "a"
                continue
            }
            if c == "\n" { throw Unresolved("the format has a line break") }
            out.unicodeScalars.append(c)
            if c != " " { previous = c }
            scalars = scalars.dropFirst()
        }
        var lines = [out]
        for attribute in alignments {
            for (a, b) in zip(ordered, ordered.dropFirst()) {
                lines.append("\(b).\(attribute) == \(a).\(attribute)")
            }
        }
        return lines
    }

    static let alignmentNames: [String: String] = [
        "alignAllLeft": "left", "alignAllRight": "right", "alignAllTop": "top", "alignAllBottom": "bottom",
        "alignAllLeading": "leading", "alignAllTrailing": "trailing", "alignAllCenterX": "centerX",
        "alignAllCenterY": "centerY", "alignAllFirstBaseline": "firstBaseline", "alignAllLastBaseline": "lastBaseline",
        "alignAllBaseline": "lastBaseline",
    ]

    /// The attributes that `options` aligns every view of the format on.
    private func alignments(_ options: Expression?, depth: Int = 0) throws(Unresolved) -> [String] {
        guard let options, depth < 8 else { return [] }
        switch options.unwrapped {
        case .null, .array([]): return []
        case .number(0): return []
        case .array(let items):
            var all: [String] = []
            for item in items { all += try alignments(item, depth: depth + 1) }
            return all
        case .binary("|", let a, let b):
            return try alignments(a, depth: depth + 1) + alignments(b, depth: depth + 1)
        case .call(.name("NSLayoutFormatOptions"), let arguments), .call(.member(.name("NSLayoutConstraint"), "FormatOptions"), let arguments):
            return try alignments(arguments.first?.value, depth: depth + 1)
        default:
            var name: String
            if case .implicitMember(let member) = options.unwrapped { name = member } else { name = options.path?.last ?? "" }
            if name.hasPrefix("NSLayoutFormat") {
                name = String(name.dropFirst("NSLayoutFormat".count))
                name = (name.first?.lowercased() ?? "") + name.dropFirst()
            }
            if name == "directionLeadingToTrailing" { return [] }
            if let attribute = Self.alignmentNames[name] { return [attribute] }
            if let (_, value) = try? resolverLookup(options) { return try alignments(value, depth: depth + 1) }
            throw Unresolved("the format option `\(resolver.describe(options))` is not in the layout text format")
        }
    }

    private func resolverLookup(_ expression: Expression) throws(Unresolved) -> (String, Expression)? {
        guard let path = expression.path, let name = CodeNames.variable(path),
              let value = resolver.converter.symbols.value(of: name, scope: resolver.scope, at: resolver.at) else { return nil }
        return (name, value)
    }
}
