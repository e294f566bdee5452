import AutoLayout
import XML

extension SceneConverter {
    /// Interface Builder's attribute names and the text format's.
    static let attributes: [String: LayoutAttribute] = {
        var table: [String: LayoutAttribute] = [:]
        for attribute in LayoutAttribute.allCases { table[attribute.rawValue] = attribute }
        table["baseline"] = .lastBaseline
        return table
    }()

    /// One side of a constraint, resolved.
    struct Side {
        var reference: SceneConverter.Reference
        var attribute: LayoutAttribute
    }

    /// A converted constraint: its text line and where it comes from.
    struct Line {
        var text: String
        var line: Int
        var column: Int
        var source: String
    }

    mutating func build(scenario: LayoutScenario) throws(InterfaceBuilderError) -> InterfaceBuilderConversion {
        var lines: [Line] = []
        for (element, owner) in constraintElements {
            if let line = try constraintLine(element, owner: owner) { lines.append(line) }
        }
        lines.append(contentsOf: autoresizingLines())
        for (index, node) in nodes.enumerated() {
            if let stack = node.stack { lines.append(contentsOf: stack.lines(for: index, in: self)) }
        }
        var text: [String] = []
        var origins: [Int] = []
        let size = scenario.containerSize ?? LayoutScenario.defaultContainerSize
        text.append("container \(Self.number(size.width))x\(Self.number(size.height))")
        origins.append(scene.root.line)
        var views: [LayoutConversion.View] = []
        for node in nodes {
            text.append(declaration(of: node))
            origins.append(node.element.line)
            views.append(.init(name: node.name, id: node.id, kind: isSpacer(node) ? "spacer" : node.element.name,
                               source: node.nameSource))
        }
        for (index, node) in nodes.enumerated() where node.usesContentGuide {
            let guide = node.contentGuide ?? "content"
            text.append("guide \(guide) in \(node.name)")
            origins.append(node.element.line)
            for (edge, word) in [("top", "Top"), ("left", "Left")] {
                let source = "Content Layout Guide \(word) at the scroll view's \(edge), content offset 0 (\(nodes[index].id))"
                lines.insert(Line(text: "\(guide).\(edge) == superview.\(edge)", line: node.element.line, column: 1,
                                  source: source), at: 0)
            }
        }
        let declarationCount = text.count
        for line in lines {
            text.append(line.text)
            origins.append(line.line)
        }
        let documentText = text.joined(separator: "\n") + "\n"
        // The text must parse: a problem is reported at the element it comes from.
        do {
            _ = try LayoutDocument.parse(documentText)
        } catch {
            let first = error.errors.first
            let textLine = first?.location.line ?? 1
            let origin = origins.indices.contains(textLine - 1) ? origins[textLine - 1] : 1
            let source = textLine - 1 >= declarationCount && lines.indices.contains(textLine - 1 - declarationCount)
                ? " (\(lines[textLine - 1 - declarationCount].source))" : ""
            throw InterfaceBuilderError(line: origin, column: 1,
                                        message: "\(first?.message ?? "does not convert")\(source): \(text[textLine - 1])")
        }
        let conversion = LayoutConversion(
            format: file.isStoryboard ? .storyboard : .xib, scene: scene.scene.storyboardIdentifier ?? scene.scene.title ?? scene.scene.id,
            size: size, document: documentText, views: views,
            constraints: lines.map { .init(line: $0.line, column: $0.column, source: $0.source, text: $0.text) },
            skipped: skipped.sorted { $0.line < $1.line }, warnings: warnings)
        return InterfaceBuilderConversion(conversion: conversion, scenario: scenario, sizeClasses: sizeClasses,
                                          hasVariations: hasVariations)
    }

    /// `view NAME KIND [WxH] [hugging HxV] [compression HxV] [in PARENT]`.
    private func declaration(of node: Node) -> String {
        let element = node.element
        let elementKind = element.name
        let kind = Self.viewKinds[elementKind] ?? .view
        if isSpacer(node) {
            return "guide \(node.name)" + (node.parent.map { " in \(nodes[$0].name)" } ?? "")
        }
        var line = "view \(node.name) \(kind.rawValue)"
        if var size = intrinsicSize(of: node) {
            size.width = max(0, size.width)
            line += " \(Self.number(size.width))x\(Self.number(size.height))"
        }
        let hugging = (priority(element["horizontalHuggingPriority"], 250), priority(element["verticalHuggingPriority"], 250))
        let compression = (priority(element["horizontalCompressionResistancePriority"], 750),
                           priority(element["verticalCompressionResistancePriority"], 750))
        if hugging.0 != kind.defaultHugging.value || hugging.1 != kind.defaultHugging.value {
            line += " hugging \(hugging.0)x\(hugging.1)"
        }
        if compression.0 != 750 || compression.1 != 750 {
            line += " compression \(compression.0)x\(compression.1)"
        }
        if let parent = node.parent { line += " in \(nodes[parent].name)" }
        return line
    }

    private func priority(_ text: String?, _ fallback: Int) -> Int {
        guard let text, let value = Multiplier.number(Substring(text)) else { return fallback }
        return min(1000, max(1, Int(value.rounded())))
    }

    /// The intrinsic content size of a view, from its design frame: controls and labels have one;
    /// an image view when it shows an image; a text view when it does not scroll. A slider's frame
    /// is 2 points wider on each side than its alignment rectangle, a switch's 2 points wider at
    /// the trailing side.
    private func intrinsicSize(of node: Node) -> LayoutSize? {
        let element = node.element
        let kind = element.name
        if let width = element["placeholderIntrinsicWidth"], let height = element["placeholderIntrinsicHeight"] {
            // A placeholder intrinsic size wins over the frame; `infinite` means none.
            guard let w = Multiplier.number(Substring(width)), let h = Multiplier.number(Substring(height)) else { return nil }
            return LayoutSize(width: max(0, w), height: max(0, h))
        }
        let hasOne = Self.intrinsicKinds.contains(kind) || (kind == "imageView" && element["image"] != nil)
            || (kind == "textView" && element["scrollEnabled"] == "NO")
        guard hasOne, let frame = node.frame else { return nil }
        var size = LayoutSize(width: frame.width, height: frame.height)
        if kind == "slider" { size.width -= 4 }
        if kind == "switch" { size.width -= 2 }
        return LayoutSize(width: max(0, size.width), height: max(0, size.height))
    }

    /// A hidden plain view without subviews is an invisible spacer: a layout guide.
    func isSpacer(_ node: Node) -> Bool {
        node.element.isNamed("view") && node.element["hidden"] == "YES" && node.element.child(named: "subviews") == nil
            && node.element["placeholderIntrinsicWidth"] == nil
    }

    /// Views whose autoresizing mask becomes constraints (`fixedFrame`, or translating the mask):
    /// their design frame, fixed.
    private func autoresizingLines() -> [Line] {
        var lines: [Line] = []
        for node in nodes {
            let element = node.element
            guard element["fixedFrame"] == "YES" || element["translatesAutoresizingMaskIntoConstraints"] == "YES",
                  let frame = node.frame else { continue }
            let source = "Autoresizing mask of \(node.name): frame \(frame) (\(node.id))"
            let parentName = "superview"
            lines.append(Line(text: "\(node.name).left == \(parentName).left + \(Self.number(frame.x))", line: element.line, column: 1, source: source))
            lines.append(Line(text: "\(node.name).top == \(parentName).top + \(Self.number(frame.y))", line: element.line, column: 1, source: source))
            lines.append(Line(text: "\(node.name).width == \(Self.number(frame.width))", line: element.line, column: 1, source: source))
            lines.append(Line(text: "\(node.name).height == \(Self.number(frame.height))", line: element.line, column: 1, source: source))
        }
        return lines
    }

    /// The explicit line of one `<constraint>`, or nil when it is skipped.
    private mutating func constraintLine(_ element: XMLElement, owner: Reference) throws(InterfaceBuilderError) -> Line? {
        let id = element["id"] ?? ""
        let location = element.location
        if element["placeholder"] == "YES" {
            skipped.append(.init(line: location.line, column: location.column,
                                 reason: "placeholder constraint \(id) is removed at build time"))
            return nil
        }
        if excluded.contains(id) && !included.contains(id) {
            skipped.append(.init(line: location.line, column: location.column,
                                 reason: "constraint \(id) is not installed for \(sizeClasses)"))
            return nil
        }
        guard let firstName = element["firstAttribute"] else {
            throw fail(element, "<constraint> \(id) has no firstAttribute")
        }
        guard let firstAttribute = Self.attributes[firstName] else {
            throw fail(element, "<constraint> \(id): unknown attribute '\(firstName)'")
        }
        var firstReference = owner
        if let item = element["firstItem"] {
            guard let found = references[item] else {
                skipped.append(.init(line: location.line, column: location.column,
                                     reason: "constraint \(id) refers to '\(item)', which is not a view of this scene"))
                return nil
            }
            firstReference = found
        }
        var second: Side?
        if element["secondItem"] != nil || element["secondAttribute"] != nil {
            var secondReference = owner
            if let item = element["secondItem"] {
                guard let found = references[item] else {
                    skipped.append(.init(line: location.line, column: location.column,
                                         reason: "constraint \(id) refers to '\(item)', which is not a view of this scene"))
                    return nil
                }
                secondReference = found
            }
            let secondName = element["secondAttribute"] ?? firstName
            guard let secondAttribute = Self.attributes[secondName] else {
                throw fail(element, "<constraint> \(id): unknown attribute '\(secondName)'")
            }
            second = Side(reference: secondReference, attribute: secondAttribute)
        }
        var first = Side(reference: firstReference, attribute: firstAttribute)
        for reference in [first.reference, second?.reference] {
            if case .content(let index)? = reference { nodes[index].usesContentGuide = true }
        }
        if case .viewGuide(_, let key) = first.reference { noteViewGuide(key, element) }
        if case .viewGuide(_, let key)? = second?.reference { noteViewGuide(key, element) }
        if var other = second {
            applyScrollRule(&first, other: other.reference)
            applyScrollRule(&other, other: first.reference)
            second = other
        }
        let relation: LayoutRelation
        switch element["relation"] {
        case nil, "equal"?: relation = .equal
        case "lessThanOrEqual"?: relation = .lessThanOrEqual
        case "greaterThanOrEqual"?: relation = .greaterThanOrEqual
        case let other?: throw fail(element, "<constraint> \(id): unknown relation '\(other)'")
        }
        var multiplier = 1.0
        if let text = element["multiplier"] {
            guard let value = Multiplier.parse(text) else {
                throw fail(element, "<constraint> \(id): multiplier '\(text)' is not a number, a ratio 'a:b' or a fraction 'a/b'")
            }
            multiplier = value
        }
        var constant = 0.0
        if let text = element["constant"] {
            guard let value = Multiplier.number(Substring(text)) else {
                throw fail(element, "<constraint> \(id): constant '\(text)' is not a number")
            }
            constant = value
        }
        var priority = 1000
        if let text = element["priority"] {
            guard let value = Multiplier.number(Substring(text)), value >= 1, value <= 1000 else {
                throw fail(element, "<constraint> \(id): priority '\(text)' is not a number from 1 to 1000")
            }
            priority = Int(value.rounded())
            if Double(priority) != value { warnings.append("constraint \(id): priority \(text) rounded to \(priority)") }
        }
        let symbolic = element["symbolic"] == "YES"
        let firstText = name(of: first.reference, other: second?.reference)
        var text = "\(firstText).\(first.attribute.rawValue) \(relation.symbol)"
        if let second {
            text += " "
            if multiplier != 1 { text += "\(Self.number(multiplier)) * " }
            text += "\(name(of: second.reference, other: first.reference)).\(second.attribute.rawValue)"
            if symbolic, constant == standardSpacing(first.reference, second.reference) {
                text += " + standard"
            } else if constant != 0 {
                text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))"
            }
        } else {
            text += " \(Self.number(constant))"
        }
        if priority != 1000 { text += " @\(priority)" }
        let source = xcodeDescription(first: first, second: second, relation: relation, multiplier: multiplier,
                                      constant: constant, priority: priority, id: id)
        return Line(text: text, line: location.line, column: location.column, source: source)
    }

    private mutating func noteViewGuide(_ key: String, _ element: XMLElement) {
        let message = "line \(element.line): a subview's \(key) guide is taken as the view's own edges"
        if !warnings.contains(message) { warnings.append(message) }
    }

    /// Auto Layout's scroll-view rule: a constraint between a scroll view's edges and a view
    /// inside it attaches to the content area (the content layout guide); centres and sizes
    /// attach to the scroll view's frame.
    private mutating func applyScrollRule(_ side: inout Side, other: Reference) {
        guard case .view(let scroll) = side.reference, Self.scrollKinds.contains(nodes[scroll].element.name),
              let inside = viewIndex(other), isDescendant(inside, of: scroll) else { return }
        let attribute = side.attribute
        guard !attribute.isSize, attribute.frameAttribute != .centerX, attribute.frameAttribute != .centerY else { return }
        nodes[scroll].usesContentGuide = true
        side.reference = .content(scroll)
        side.attribute = attribute.frameAttribute
    }

    private func viewIndex(_ reference: Reference) -> Int? {
        switch reference {
        case .view(let index), .viewGuide(let index, _), .frame(let index), .content(let index): index
        case .root, .guide: nil
        }
    }

    private func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
        var current = nodes[index].parent
        var steps = 0
        while let node = current, steps < nodes.count {
            if node == ancestor { return true }
            current = nodes[node].parent
            steps += 1
        }
        return false
    }

    /// The parent of a referenced item in the text format's tree (nil: the root container).
    private func parentIndex(_ reference: Reference) -> Int?? {
        switch reference {
        case .root: return .some(nil)   // the root has no parent; callers treat it specially
        case .guide: return .some(nil)
        case .view(let index), .frame(let index), .viewGuide(let index, _): return .some(nodes[index].parent)
        case .content(let index): return .some(index)
        }
    }

    /// The text-format name of an item: `superview` for the root when it is the other item's
    /// superview, else `container`.
    func name(of reference: Reference, other: Reference?) -> String {
        switch reference {
        case .root:
            guard let other else { return "container" }
            if case .root = other { return "container" }
            if case .some(nil) = parentIndex(other) { return "superview" }
            return "container"
        case .guide(let guide): return guide.rawValue
        case .view(let index), .frame(let index), .viewGuide(let index, _): return nodes[index].name
        case .content(let index): return nodes[index].contentGuide ?? nodes[index].name
        }
    }

    /// The text format's standard spacing between two items: 20 when one contains the other, else 8.
    private func standardSpacing(_ a: Reference, _ b: Reference) -> Double {
        func ancestors(_ reference: Reference) -> [Reference] {
            var chain = [reference]
            var parent: Int?
            switch reference {
            case .root: return chain
            case .guide: parent = nil
            case .view(let index), .frame(let index), .viewGuide(let index, _): parent = nodes[index].parent
            case .content(let index): parent = index
            }
            var steps = 0
            while let index = parent, steps <= nodes.count {
                chain.append(.view(index))
                parent = nodes[index].parent
                steps += 1
            }
            chain.append(.root)
            return chain
        }
        func normal(_ reference: Reference) -> Reference {
            if case .frame(let index) = reference { return .view(index) }
            if case .viewGuide(let index, _) = reference { return .view(index) }
            return reference
        }
        let (x, y) = (normal(a), normal(b))
        return ancestors(x).contains(y) || ancestors(y).contains(x) ? 20 : 8
    }

    // MARK: How Xcode shows a constraint

    /// The item as Xcode's inspector names it.
    private func displayName(_ reference: Reference) -> String {
        switch reference {
        case .root: "Superview"
        case .guide(.safeArea): "Safe Area"
        case .guide(.margins): "Margins"
        case .guide(.topLayoutGuide): "Top Layout Guide"
        case .guide(.bottomLayoutGuide): "Bottom Layout Guide"
        case .content: "Content Layout Guide"
        case .frame: "Frame Layout Guide"
        case .view(let index), .viewGuide(let index, _): nodes[index].name
        }
    }

    private static func words(_ attribute: LayoutAttribute) -> String {
        switch attribute {
        case .centerX: "Center X"
        case .centerY: "Center Y"
        case .centerXWithinMargins: "Center X (margins)"
        case .centerYWithinMargins: "Center Y (margins)"
        case .firstBaseline: "First Baseline"
        case .lastBaseline: "Last Baseline"
        case .leadingMargin: "Leading Margin"
        case .trailingMargin: "Trailing Margin"
        case .topMargin: "Top Margin"
        case .bottomMargin: "Bottom Margin"
        case .leftMargin: "Left Margin"
        case .rightMargin: "Right Margin"
        default: attribute.rawValue.prefix(1).uppercased() + attribute.rawValue.dropFirst()
        }
    }

    /// `Trailing Space to: Safe Area = 16 (JRZ-8J-Ruo)`, `Width = 50 (…)`, `Align Center X to:
    /// Superview (…)`, `Equal Widths to: panel (…)`, `Aspect Ratio 3:4`-style descriptions.
    private func xcodeDescription(first: Side, second: Side?, relation: LayoutRelation, multiplier: Double,
                                  constant: Double, priority: Int, id: String) -> String {
        let symbol = switch relation {
        case .equal: "="
        case .lessThanOrEqual: "≤"
        case .greaterThanOrEqual: "≥"
        }
        let suffix = (priority != 1000 ? " @\(priority)" : "") + (id.isEmpty ? "" : " (\(id))")
        guard let second else {
            return "\(Self.words(first.attribute)) \(symbol) \(Self.number(constant))\(suffix)"
        }
        // The subject is the view; the other item is the one it is related to.
        var subject = first, other = second, shownSymbol = symbol
        let isSubjectGuideOrRoot: (Reference) -> Bool = { reference in
            switch reference {
            case .root, .guide, .content, .frame: true
            default: false
            }
        }
        if isSubjectGuideOrRoot(first.reference), !isSubjectGuideOrRoot(second.reference) {
            subject = second
            other = first
            shownSymbol = relation == .equal ? "=" : (relation == .lessThanOrEqual ? "≥" : "≤")
        }
        let target = displayName(other.reference)
        let value = multiplier != 1
            ? "\(Self.number(multiplier)) × \(target)" + (constant != 0 ? " + \(Self.number(constant))" : "")
            : Self.number(constant)
        if first.reference == second.reference, first.attribute.isSize, second.attribute.isSize {
            return "Aspect Ratio \(shownSymbol) \(Self.number(multiplier))" + (constant != 0 ? " + \(Self.number(constant))" : "") + suffix
        }
        if subject.attribute.isSize {
            if multiplier == 1, constant == 0, relation == .equal {
                return "Equal \(Self.words(subject.attribute))s to: \(target)\(suffix)"
            }
            return "\(Self.words(subject.attribute)) \(shownSymbol) \(value)\(multiplier == 1 ? " to: \(target)" : "")\(suffix)"
        }
        let alignment = subject.attribute.frameAttribute == other.attribute.frameAttribute
            || [LayoutAttribute.centerX, .centerY].contains(subject.attribute.frameAttribute)
            || [LayoutAttribute.firstBaseline, .lastBaseline].contains(subject.attribute)
        if alignment, !(isSubjectGuideOrRoot(other.reference) && subject.attribute.frameAttribute == other.attribute.frameAttribute
                        && ![LayoutAttribute.centerX, .centerY].contains(subject.attribute.frameAttribute)) {
            let tail = constant != 0 || multiplier != 1 || relation != .equal ? " \(shownSymbol) \(value)" : ""
            return "Align \(Self.words(subject.attribute)) to: \(target)\(tail)\(suffix)"
        }
        let margin = other.attribute.isMargin ? " Margin" : ""
        return "\(Self.words(subject.attribute.frameAttribute)) Space to: \(target)\(margin) \(shownSymbol) \(value)\(suffix)"
    }

    /// A number as the text format writes it: integers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
