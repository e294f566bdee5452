extension LayoutDocument {
    /// Parses the layout text format: one statement per line, `#` to the end of a line is a
    /// comment, blank lines are ignored.
    ///
    ///     container 320x568                  # root size (a scenario usually sets it)
    ///     view NAME [KIND] [WxH] [hugging H[xV]] [compression H[xV]] [in PARENT]
    ///                                        # KIND: view label button textView imageView
    ///     guide NAME [in PARENT]             # an invisible layout guide
    ///     metric NAME = NUMBER               # a named constant
    ///     H:|-[a(>=50@750)]-(gap)-[b]-|      # Visual Format Language (see VisualFormatParser)
    ///     ITEM.ATTR REL [MULT *] ITEM.ATTR [+|- CONST] [@PRIO]
    ///     ITEM.ATTR REL CONST [@PRIO]        # a width or height only
    ///
    /// CONST is a number, a metric, `standard` (8 between siblings, 20 to a superview's edge) or
    /// `N * standard` (system spacing times a multiplier, as `equalToSystemSpacingAfter:multiplier:`);
    /// PRIO is 1…1000, `required`, `high` (750), `low` (250) or a metric; `superview` is the
    /// other item's superview; `container` is the root container wherever the other item is
    /// (unless the document declares an item of that name).
    ///
    /// ATTR is a frame attribute (`left right top bottom leading trailing width height centerX
    /// centerY`), a margin attribute (`leftMargin rightMargin topMargin bottomMargin leadingMargin
    /// trailingMargin centerXWithinMargins centerYWithinMargins`: 8 inside a view; on the root,
    /// the safe area plus 16, or 20 when the container is at least 414 wide, left and right) or a
    /// baseline (`firstBaseline lastBaseline`: the bottom edge, as fonts are unknown).
    ///
    /// Four guides of the root container need no declaration: `safeArea` (the safe area layout
    /// guide), `margins` (the layout margins guide), `topLayoutGuide` and `bottomLayoutGuide`
    /// (iOS 7's: from the screen's top to the safe area's top, from the safe area's bottom to the
    /// screen's bottom). The scenario decides their frames (`LayoutScenario.statusBar`, `topBar`,
    /// `bottomBar`, `safeAreaInsets`; defaults in `ScenarioGeometry`): a phone in portrait has a
    /// 20-point status bar, in landscape none. A document that declares one of these names itself
    /// uses its own item.
    ///
    /// Declarations (`container`, `view`, `guide`, `metric`) are read first, so constraints may
    /// name items declared further down; a view's parent must be declared before it. With `base`,
    /// the text adds to an existing document (an exercise's views plus a student's constraints);
    /// locations then refer to `text`. Any error rejects the whole document: every error found
    /// (one per line, at most `limits.maxErrors`) is thrown, in source order.
    public static func parse(_ text: String, extending base: LayoutDocument? = nil,
                             limits: LayoutLimits = .default) throws(LayoutErrors) -> LayoutDocument {
        var parser = DocumentParser(document: base ?? LayoutDocument(), limits: limits)
        return try parser.parse(text)
    }
}

/// Reads a layout document line by line: declarations first, then constraints.
struct DocumentParser {
    var document: LayoutDocument
    let limits: LayoutLimits
    private var errors: [LayoutError] = []

    /// Names with a meaning of their own in constraints; they cannot be declared.
    static let reservedNames: Set<String> = ["superview", "standard", "required", "high", "low", "in"]

    init(document: LayoutDocument, limits: LayoutLimits) {
        self.document = document
        self.limits = limits
    }

    mutating func parse(_ text: String) throws(LayoutErrors) -> LayoutDocument {
        guard text.utf8.count <= limits.maxBytes else {
            throw LayoutErrors([LayoutError(SourceLocation(line: 1, column: 1),
                                            "document too large: \(text.utf8.count) bytes, at most \(limits.maxBytes)")])
        }
        let bytes = Array(text.utf8)
        let lines = Self.lines(of: bytes)
        guard lines.count <= limits.maxLines else {
            throw LayoutErrors([LayoutError(SourceLocation(line: limits.maxLines + 1, column: 1),
                                            "too many lines: at most \(limits.maxLines)")])
        }
        var statements: [(scanner: LineScanner, kind: StatementKind)] = []
        statements.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated() {
            // A comment runs from `#` to the end of the line.
            let content = line.lowerBound..<(bytes[line].firstIndex(of: UInt8(ascii: "#")) ?? line.upperBound)
            var scanner = LineScanner(bytes, range: content, line: offset + 1)
            guard scanner.endIndex <= limits.maxLineLength else {
                record(LayoutError(scanner.location, "line too long: at most \(limits.maxLineLength) bytes"))
                continue
            }
            scanner.skipSpaces()
            if scanner.atEnd { continue }
            statements.append((scanner, Self.classify(scanner)))
        }
        for (scanner, kind) in statements where kind == .declaration {
            var lineScanner = scanner
            do throws(LayoutError) { try parseDeclaration(&lineScanner) } catch { record(error) }
        }
        addBuiltInGuides(usedIn: statements.filter { $0.kind != .declaration }.map(\.scanner))
        // Room for a few constraints per line, so that the list grows in place.
        document.constraints.reserveCapacity(min(limits.maxConstraints, document.constraints.count + 4 * statements.count))
        for (scanner, kind) in statements where kind != .declaration {
            var lineScanner = scanner
            do throws(LayoutError) {
                var metrics: [String] = []
                let constraints = kind == .visualFormat
                    ? try VisualFormatParser(context: self).parse(&lineScanner, usedMetrics: &metrics)
                    : try ExplicitConstraintParser(context: self).parse(&lineScanner, usedMetrics: &metrics)
                try add(constraints, at: scanner.location)
                for name in metrics where !document.referencedMetrics.contains(name) {
                    document.referencedMetrics.append(name)
                }
            } catch {
                record(error)
            }
        }
        guard errors.isEmpty else { throw LayoutErrors(errors) }
        return document
    }

    /// The byte ranges of the text's lines, split at `\n`, without it.
    private static func lines(of bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(start..<index)
            start = index + 1
        }
        lines.append(start..<bytes.count)
        return lines
    }

    private enum StatementKind { case declaration, visualFormat, explicit }

    /// Declares the built-in guides of the root container (`safeArea`, `margins`,
    /// `topLayoutGuide`, `bottomLayoutGuide`) that constraint lines name and the document does not
    /// declare itself, in that order, each located at its first use.
    private mutating func addBuiltInGuides(usedIn lines: [LineScanner]) {
        // One pass over the lines finds which guides any line names at all (most documents name
        // none); only those are looked for line by line.
        let names = BuiltInGuide.allCases.map { Array($0.rawValue.utf8) }
        var named = [Bool](repeating: false, count: names.count)
        for line in lines { line.markWords(names, in: &named) }
        for (guide, isNamed) in zip(BuiltInGuide.allCases, named) where isNamed {
            let name = guide.rawValue
            guard document.item(named: name) == nil, !document.metrics.contains(where: { $0.name == name }) else { continue }
            var use: SourceLocation?
            let bytes = Array(name.utf8)
            for line in lines where line.containsWord(utf8: bytes) {
                var probe = line
                while !probe.atEnd {
                    if let word = probe.identifier() {
                        if word.name == name {
                            use = word.location
                            break
                        }
                    } else {
                        probe.skipOne()
                    }
                }
                if use != nil { break }
            }
            guard let use else { continue }
            document.items.append(LayoutItem(name: name, kind: .guide, location: use, builtIn: guide))
        }
    }

    private static func classify(_ scanner: LineScanner) -> StatementKind {
        var probe = scanner
        if probe.peek == "|" || probe.peek == "[" { return .visualFormat }
        guard let word = probe.identifier() else { return .explicit }
        if (word.name == "H" || word.name == "V") && probe.peek == ":" { return .visualFormat }
        probe.skipSpaces()
        let declarationWords = ["container", "view", "guide", "metric"]
        return declarationWords.contains(word.name) && probe.peek != "." ? .declaration : .explicit
    }

    private mutating func record(_ error: LayoutError) {
        if errors.count < limits.maxErrors { errors.append(error) }
    }

    mutating func add(_ constraints: [LayoutConstraint], at location: SourceLocation) throws(LayoutError) {
        guard document.constraints.count + constraints.count <= limits.maxConstraints else {
            throw LayoutError(location, "too many constraints: at most \(limits.maxConstraints)")
        }
        for constraint in constraints {
            try ConstraintRules.check(constraint, in: document)
        }
        document.constraints.append(contentsOf: constraints)
    }

    // MARK: Declarations

    private mutating func parseDeclaration(_ scanner: inout LineScanner) throws(LayoutError) {
        guard let keyword = scanner.identifier() else { throw LayoutError(scanner.location, "expected a statement") }
        scanner.skipSpaces()
        switch keyword.name {
        case "container":
            let size = try parseSize(&scanner, what: "container size")
            try expectEnd(&scanner)
            if document.containerSize != nil {
                throw LayoutError(keyword.location, "the container size is already given")
            }
            document.containerSize = size
        case "metric":
            let name = try declaredName(&scanner, what: "metric")
            scanner.skipSpaces()
            guard scanner.consume("=") else { throw expected("'=' after the metric name", &scanner) }
            scanner.skipSpaces()
            guard let number = scanner.number(signed: true) else { throw expected("a number", &scanner) }
            try checkMagnitude(number.value, at: number.location)
            try expectEnd(&scanner)
            document.metrics.append(LayoutMetric(name: name.name, value: number.value, location: name.location))
        default:
            try parseItem(&scanner, isGuide: keyword.name == "guide", at: keyword.location)
        }
    }

    private mutating func parseItem(_ scanner: inout LineScanner, isGuide: Bool, at location: SourceLocation) throws(LayoutError) {
        let name = try declaredName(&scanner, what: isGuide ? "guide" : "view")
        scanner.skipSpaces()
        var kind: LayoutItem.Kind = isGuide ? .guide : .view(.view)
        var size: LayoutSize?
        var probe = scanner
        if !isGuide, let word = probe.identifier(), !["in", "hugging", "compression"].contains(word.name) {
            guard let viewKind = ViewKind(rawValue: word.name) else {
                let kinds = ViewKind.allCases.map(\.rawValue)
                throw LayoutError(word.location, "unknown view kind '\(word.name)'"
                                  + NameSuggestion.hint(for: word.name, among: kinds)
                                  + "; expected one of \(kinds.joined(separator: ", "))")
            }
            kind = .view(viewKind)
            scanner = probe
            scanner.skipSpaces()
        }
        if !isGuide, scanner.atNumber(signed: false) {
            size = try parseSize(&scanner, what: "intrinsic size")
            scanner.skipSpaces()
        }
        var hugging: (LayoutPriority, LayoutPriority)?
        var compression: (LayoutPriority, LayoutPriority)?
        var parent = ItemID.container
        while let word = scanner.identifier() {
            if !isGuide, word.name == "hugging" || word.name == "compression" {
                let pair = try priorityPair(&scanner)
                if word.name == "hugging" { hugging = pair } else { compression = pair }
                scanner.skipSpaces()
                continue
            }
            guard word.name == "in" else {
                let options = isGuide ? "'in PARENT'" : "'hugging', 'compression', 'in PARENT'"
                throw LayoutError(word.location, "expected \(options) or the end of the line, found '\(word.name)'")
            }
            scanner.skipSpaces()
            guard let parentName = scanner.identifier() else { throw expected("the parent view's name", &scanner) }
            guard let id = document.item(named: parentName.name) else {
                throw LayoutError(parentName.location, "unknown view '\(parentName.name)'"
                                  + NameSuggestion.hint(for: parentName.name, among: document.items.map(\.name))
                                  + "; a parent must be declared before its subviews")
            }
            if case .item(let index) = id, document.items[index].isGuide {
                throw LayoutError(parentName.location, "'\(parentName.name)' is a layout guide and cannot contain views")
            }
            parent = id
            break
        }
        try expectEnd(&scanner)
        guard document.items.count < limits.maxItems else {
            throw LayoutError(location, "too many views and guides: at most \(limits.maxItems)")
        }
        var item = LayoutItem(name: name.name, kind: kind, intrinsicSize: size, parent: parent, location: name.location)
        if let hugging { item.hugging = hugging }
        if let compression { item.compressionResistance = compression }
        document.items.append(item)
    }

    /// `PRIO` for both axes, or `HxV` (horizontal, then vertical), after `hugging` or `compression`.
    private func priorityPair(_ scanner: inout LineScanner) throws(LayoutError) -> (LayoutPriority, LayoutPriority) {
        scanner.skipSpaces()
        let start = scanner.location
        let horizontal = try priority(&scanner)
        var vertical = horizontal
        if scanner.consume("x") { vertical = try priority(&scanner) }
        guard horizontal.metric == nil, vertical.metric == nil else {
            throw LayoutError(start, "a view's priorities are numbers or required, high, low; not metrics")
        }
        return (horizontal.priority, vertical.priority)
    }

    private func declaredName(_ scanner: inout LineScanner, what: String) throws(LayoutError) -> (name: String, location: SourceLocation) {
        guard let name = scanner.identifier() else { throw expected("a \(what) name", &scanner) }
        if Self.reservedNames.contains(name.name) {
            throw LayoutError(name.location, "'\(name.name)' is a reserved word and cannot name a \(what)")
        }
        if let existing = document.items.first(where: { $0.name == name.name }) {
            throw LayoutError(name.location, "'\(name.name)' is already declared on line \(existing.location.line)")
        }
        if let existing = document.metrics.first(where: { $0.name == name.name }) {
            throw LayoutError(name.location, "'\(name.name)' is already declared on line \(existing.location.line)")
        }
        return name
    }

    private func parseSize(_ scanner: inout LineScanner, what: String) throws(LayoutError) -> LayoutSize {
        guard let width = scanner.number(signed: false) else { throw expected("a \(what) WIDTHxHEIGHT", &scanner) }
        guard scanner.consume("x") else { throw expected("'x' between width and height", &scanner) }
        guard let height = scanner.number(signed: false) else { throw expected("a height after 'x'", &scanner) }
        try checkMagnitude(width.value, at: width.location)
        try checkMagnitude(height.value, at: height.location)
        return LayoutSize(width: width.value, height: height.value)
    }

    // MARK: Shared by the line parsers

    func checkMagnitude(_ value: Double, at location: SourceLocation) throws(LayoutError) {
        guard abs(value) <= limits.maxMagnitude else {
            throw LayoutError(location, "number out of range: at most \(formatPoints(limits.maxMagnitude)) in magnitude")
        }
    }

    func expectEnd(_ scanner: inout LineScanner) throws(LayoutError) {
        scanner.skipSpaces()
        guard scanner.atEnd else { throw LayoutError(scanner.location, "expected the end of the line, found \(scanner.found)") }
    }

    func expected(_ what: String, _ scanner: inout LineScanner) -> LayoutError {
        LayoutError(scanner.location, "expected \(what), found \(scanner.found)")
    }

    /// The item a name refers to, or an error naming the closest declared name.
    func item(named name: String, at location: SourceLocation) throws(LayoutError) -> ItemID {
        if let id = document.item(named: name) { return id }
        if name == LayoutDocument.rootName { return .container }
        if document.metrics.contains(where: { $0.name == name }) {
            throw LayoutError(location, "'\(name)' is a metric, not a view")
        }
        let candidates = document.items.map(\.name) + [LayoutDocument.containerName]
        return try fail(LayoutError(location, "unknown view '\(name)'" + NameSuggestion.hint(for: name, among: candidates)))
    }

    /// A metric's value, or an error naming the closest declared metric.
    func metric(named name: String, at location: SourceLocation, allowingStandard: Bool) throws(LayoutError) -> Double {
        if let metric = document.metrics.first(where: { $0.name == name }) { return metric.value }
        if document.item(named: name) != nil {
            throw LayoutError(location, "'\(name)' is a view, not a metric")
        }
        let candidates = document.metrics.map(\.name) + (allowingStandard ? ["standard"] : [])
        return try fail(LayoutError(location, "unknown metric '\(name)'" + NameSuggestion.hint(for: name, among: candidates)))
    }

    private func fail<T>(_ error: LayoutError) throws(LayoutError) -> T { throw error }

    /// `@PRIORITY` after the `@`: a whole number 1…1000, `required`, `high`, `low`, or a metric.
    func priority(_ scanner: inout LineScanner) throws(LayoutError) -> (priority: LayoutPriority, metric: String?) {
        scanner.skipSpaces()
        let location = scanner.location
        var value: Double
        var metricName: String?
        if let number = scanner.number(signed: true) {
            value = number.value
        } else if let word = scanner.identifier() {
            if let named = LayoutPriority.names.first(where: { $0.name == word.name }) { return (named.priority, nil) }
            value = try metric(named: word.name, at: word.location, allowingStandard: false)
            metricName = word.name
        } else {
            throw expected("a priority (1 to 1000, required, high or low)", &scanner)
        }
        guard value == value.rounded(), let priority = LayoutPriority(Int(max(-1, min(value, 1001)))) else {
            throw LayoutError(location, "priority must be a whole number from 1 to 1000, found \(formatPoints(value))")
        }
        return (priority, metricName)
    }
}
