/// Parses one Visual Format Language line, following Apple's Visual Format Syntax:
///
///     [H:|V:] [| connection] [view] (connection [view])* [connection |]
///     view        = [name (predicate, …)?]
///     connection  = ε (flush) | - (standard) | -N- | -metric- | -(predicate, …)-
///     predicate   = [== | <= | >=] (number | metric | view) [@priority]
///
/// A view predicate sets the view's width (H) or height (V); a view name there makes the two
/// sizes equal. Horizontal lines run leading to trailing. `|` is the superview of the view next
/// to it. Spaces between the parts are allowed.
struct VisualFormatParser {
    let context: DocumentParser

    init(context: DocumentParser) { self.context = context }

    private struct Element {
        /// The view or guide; `nil` for `|`, which stands for the superview of its neighbour.
        var item: ItemID?
        var text: String
        var location: SourceLocation
    }

    private enum Object {
        case constant(LayoutConstant)
        case item(ItemID)
    }

    private struct Predicate {
        var relation: LayoutRelation
        var object: Object
        var priority: LayoutPriority
        var text: String
        var location: SourceLocation
    }

    private struct Connection {
        var predicates: [Predicate]
        /// The connection as written around one predicate, e.g. `-` or `-(gap)-`; `text(p)`.
        var render: (Predicate) -> String
    }

    func parse(_ scanner: inout LineScanner, usedMetrics: inout [String]) throws(LayoutError) -> [LayoutConstraint] {
        var axis = LayoutAxis.horizontal
        if let letter = scanner.peek, letter == "H" || letter == "V", scanner.peek(offset: 1) == ":" {
            axis = letter == "H" ? .horizontal : .vertical
            _ = scanner.consume(letter == "H" ? "H:" : "V:")
        }
        scanner.skipSpaces()
        var constraints: [LayoutConstraint] = []
        // Room for a usual line (a few views with their spacings and sizes), so it grows in place.
        constraints.reserveCapacity(8)
        var previous: Element?
        var pending: Connection?
        if scanner.peek == "|" {
            previous = Element(item: nil, text: "|", location: scanner.location)
            _ = scanner.consume("|")
            pending = try connection(&scanner, axis: axis, usedMetrics: &usedMetrics)
            guard scanner.peek == "[" else { throw context.expected("'[' and a view after '|'", &scanner) }
        }
        var viewCount = 0
        while true {
            scanner.skipSpaces()
            guard scanner.peek == "[" else {
                throw context.expected(viewCount == 0 ? "'[' and a view name" : "'[' and a view after the connection", &scanner)
            }
            let (element, sizePredicates) = try view(&scanner, axis: axis, usedMetrics: &usedMetrics)
            viewCount += 1
            if let left = previous, let link = pending {
                spacing(link, from: left, to: element, axis: axis, into: &constraints)
            }
            for predicate in sizePredicates {
                constraints.append(size(predicate, of: element, axis: axis))
            }
            previous = element
            scanner.skipSpaces()
            if scanner.atEnd { break }
            pending = try connection(&scanner, axis: axis, usedMetrics: &usedMetrics)
            scanner.skipSpaces()
            if scanner.peek == "|", let link = pending {
                let superview = Element(item: nil, text: "|", location: scanner.location)
                _ = scanner.consume("|")
                spacing(link, from: element, to: superview, axis: axis, into: &constraints)
                try context.expectEnd(&scanner)
                break
            }
        }
        return constraints
    }

    // MARK: Parts

    private func view(_ scanner: inout LineScanner, axis: LayoutAxis,
                      usedMetrics: inout [String]) throws(LayoutError) -> (Element, [Predicate]) {
        let location = scanner.location
        _ = scanner.consume("[")
        scanner.skipSpaces()
        guard let name = scanner.identifier() else { throw context.expected("a view name after '['", &scanner) }
        let item = try context.item(named: name.name, at: name.location)
        scanner.skipSpaces()
        var predicates: [Predicate] = []
        if scanner.peek == "(" {
            predicates = try predicateList(&scanner, allowingViews: true, usedMetrics: &usedMetrics)
            scanner.skipSpaces()
        }
        guard scanner.consume("]") else {
            throw context.expected(predicates.isEmpty ? "'(' or ']' after the view name" : "']'", &scanner)
        }
        // Concatenated rather than interpolated: a short name stays a small string, with no allocation.
        return (Element(item: item, text: "[" + name.name + "]", location: location), predicates)
    }

    /// A connection; an empty one (flush) when a view or `|` follows directly.
    private func connection(_ scanner: inout LineScanner, axis: LayoutAxis,
                            usedMetrics: inout [String]) throws(LayoutError) -> Connection {
        scanner.skipSpaces()
        let location = scanner.location
        if scanner.peek == "[" || scanner.peek == "|" {
            let flush = Predicate(relation: .equal, object: .constant(.none), priority: .required, text: "", location: location)
            return Connection(predicates: [flush]) { _ in "" }
        }
        guard scanner.consume("-") else { throw context.expected("'-', '[' or '|'", &scanner) }
        scanner.skipSpaces()
        if scanner.peek == "[" || scanner.peek == "|" {
            // The value depends on the neighbours (8 or 20); `spacing(_:from:to:axis:)` sets it.
            let standard = Predicate(relation: .equal, object: .constant(LayoutConstant(value: .nan, source: .standard,
                                                                                        location: location)),
                                     priority: .required, text: "", location: location)
            return Connection(predicates: [standard]) { _ in "-" }
        }
        if scanner.peek == "(" {
            let predicates = try predicateList(&scanner, allowingViews: false, usedMetrics: &usedMetrics)
            try closingDash(&scanner)
            return Connection(predicates: predicates) { "-(\($0.text))-" }
        }
        let predicateStart = scanner.index
        let constant: LayoutConstant
        if let number = scanner.number(signed: false) {
            try context.checkMagnitude(number.value, at: number.location)
            constant = LayoutConstant(value: number.value, source: .literal, location: number.location)
        } else if let word = scanner.identifier() {
            let value = try context.metric(named: word.name, at: word.location, allowingStandard: false)
            usedMetrics.append(word.name)
            constant = LayoutConstant(value: value, source: .metric(word.name), location: word.location)
        } else {
            throw context.expected("a number, a metric, '(', '[' or '|' after '-'", &scanner)
        }
        let text = scanner.text(from: predicateStart, to: scanner.index)
        try closingDash(&scanner)
        let predicate = Predicate(relation: .equal, object: .constant(constant), priority: .required, text: text,
                                  location: scanner.location(at: predicateStart))
        return Connection(predicates: [predicate]) { "-\($0.text)-" }
    }

    private func closingDash(_ scanner: inout LineScanner) throws(LayoutError) {
        scanner.skipSpaces()
        guard scanner.consume("-") else { throw context.expected("'-' to close the spacing", &scanner) }
    }

    /// `(predicate, predicate, …)`.
    private func predicateList(_ scanner: inout LineScanner, allowingViews: Bool,
                               usedMetrics: inout [String]) throws(LayoutError) -> [Predicate] {
        _ = scanner.consume("(")
        var predicates: [Predicate] = []
        repeat {
            scanner.skipSpaces()
            predicates.append(try predicate(&scanner, allowingViews: allowingViews, usedMetrics: &usedMetrics))
            scanner.skipSpaces()
        } while scanner.consume(",") && predicates.count < 64
        guard scanner.consume(")") else { throw context.expected("',' or ')' after a predicate", &scanner) }
        return predicates
    }

    private func predicate(_ scanner: inout LineScanner, allowingViews: Bool,
                           usedMetrics: inout [String]) throws(LayoutError) -> Predicate {
        let start = scanner.index
        let location = scanner.location
        var relation = LayoutRelation.equal
        for candidate in LayoutRelation.allCases where scanner.consume(candidate.symbol) {
            relation = candidate
            break
        }
        scanner.skipSpaces()
        let object: Object
        if let number = scanner.number(signed: true) {
            try context.checkMagnitude(number.value, at: number.location)
            object = .constant(LayoutConstant(value: number.value, source: .literal, location: number.location))
        } else if let word = scanner.identifier() {
            if let metric = context.document.metrics.first(where: { $0.name == word.name }) {
                usedMetrics.append(word.name)
                object = .constant(LayoutConstant(value: metric.value, source: .metric(word.name), location: word.location))
            } else if allowingViews {
                object = .item(try itemOrMetric(word.name, at: word.location))
            } else {
                if context.document.item(named: word.name) != nil {
                    throw LayoutError(word.location, "a spacing cannot be a view ('\(word.name)'); use a number or a metric")
                }
                _ = try context.metric(named: word.name, at: word.location, allowingStandard: false)
                throw LayoutError(word.location, "expected a number or a metric")
            }
        } else {
            throw context.expected(allowingViews ? "a number, a metric or a view" : "a number or a metric", &scanner)
        }
        scanner.skipSpaces()
        var priority = LayoutPriority.required
        if scanner.consume("@") {
            let parsed = try context.priority(&scanner)
            priority = parsed.priority
            if let name = parsed.metric { usedMetrics.append(name) }
        }
        let text = scanner.trimmedText(from: start, to: scanner.index)
        return Predicate(relation: relation, object: object, priority: priority, text: text, location: location)
    }

    /// A name in a view predicate: a view, or else an error suggesting views and metrics.
    private func itemOrMetric(_ name: String, at location: SourceLocation) throws(LayoutError) -> ItemID {
        if let id = context.document.item(named: name) { return id }
        let candidates = context.document.items.map(\.name) + context.document.metrics.map(\.name)
        throw LayoutError(location, "unknown view or metric '\(name)'" + NameSuggestion.hint(for: name, among: candidates))
    }

    // MARK: Constraints

    /// The superview that `|` stands for next to `neighbour`.
    private func resolve(_ element: Element, neighbour: Element) -> ItemID {
        if let item = element.item { return item }
        return neighbour.item.flatMap { context.document.parent(of: $0) } ?? .container
    }

    /// Appends `right.start REL left.end + spacing` for each predicate of the connection (the
    /// superview's own edges when `|` is on either side).
    private func spacing(_ link: Connection, from left: Element, to right: Element, axis: LayoutAxis,
                         into constraints: inout [LayoutConstraint]) {
        let start: LayoutAttribute = axis == .horizontal ? .leading : .top
        let end: LayoutAttribute = axis == .horizontal ? .trailing : .bottom
        let leftItem = resolve(left, neighbour: right)
        let rightItem = resolve(right, neighbour: left)
        let secondAttribute = left.item == nil ? start : end
        let firstAttribute = right.item == nil ? end : start
        for predicate in link.predicates {
            var constant = LayoutConstant.none
            if case .constant(let value) = predicate.object { constant = value }
            if constant.source == .standard {
                constant = LayoutConstant(value: left.item == nil || right.item == nil ? 20 : 8, source: .standard,
                                          location: constant.location)
            }
            let location = predicate.text.isEmpty && constant.source != .standard ? right.location : predicate.location
            constraints.append(LayoutConstraint(
                firstItem: rightItem, firstAttribute: firstAttribute, relation: predicate.relation, secondItem: leftItem,
                secondAttribute: secondAttribute, multiplier: 1, constant: constant, priority: predicate.priority,
                location: location, origin: .visualFormat,
                source: "\(axis.letter):\(left.text)\(link.render(predicate))\(right.text)"))
        }
    }

    /// A view predicate: the view's width (H) or height (V).
    private func size(_ predicate: Predicate, of element: Element, axis: LayoutAxis) -> LayoutConstraint {
        let attribute = LayoutAttribute.size(axis)
        let item = element.item ?? .container
        var secondItem: ItemID?
        var constant = LayoutConstant.none
        switch predicate.object {
        case .constant(let value): constant = value
        case .item(let other): secondItem = other
        }
        let name = String(element.text.dropFirst().dropLast())
        return LayoutConstraint(firstItem: item, firstAttribute: attribute, relation: predicate.relation,
                                secondItem: secondItem, secondAttribute: secondItem == nil ? nil : attribute,
                                multiplier: 1, constant: constant, priority: predicate.priority,
                                location: predicate.location, origin: .visualFormat,
                                source: "\(axis.letter):[\(name)(\(predicate.text))]")
    }
}
