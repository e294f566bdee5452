/// Parses one explicit constraint line:
/// `ITEM.ATTR REL [MULT *] ITEM.ATTR [+|- CONST] [@PRIO]` or `ITEM.ATTR REL CONST [@PRIO]`,
/// where CONST is a number, a metric or `standard`, and `superview` names the other item's superview.
struct ExplicitConstraintParser {
    let context: DocumentParser

    init(context: DocumentParser) { self.context = context }

    struct ItemAttribute {
        var name: String
        var location: SourceLocation
        var attribute: LayoutAttribute
    }

    enum ConstantTerm {
        case number(Double, SourceLocation)
        case name(String, SourceLocation)
        /// `N * standard`: system spacing times a multiplier.
        case scaledStandard(Double, SourceLocation)
    }

    func parse(_ scanner: inout LineScanner, usedMetrics: inout [String]) throws(LayoutError) -> [LayoutConstraint] {
        let start = scanner.index
        let startLocation = scanner.location
        let first = try itemAttribute(&scanner)
        scanner.skipSpaces()
        let relation = try parseRelation(&scanner)
        scanner.skipSpaces()

        var multiplier = 1.0
        var second: ItemAttribute?
        var constantTerm: ConstantTerm?
        var constantSign = 1.0
        if scanner.atNumber(signed: true) {
            var probe = scanner
            guard let number = probe.number(signed: true) else { throw context.expected("a number", &scanner) }
            probe.skipSpaces()
            if probe.consume("*") {
                try context.checkMagnitude(number.value, at: number.location)
                multiplier = number.value
                probe.skipSpaces()
                scanner = probe
                second = try itemAttribute(&scanner)
            } else {
                scanner = probe
                constantTerm = .number(number.value, number.location)
            }
        } else if let word = scanner.identifier() {
            if scanner.peek == "." {
                second = try attribute(of: word, &scanner)
            } else {
                constantTerm = .name(word.name, word.location)
            }
        } else {
            throw context.expected("an item attribute (e.g. superview.leading) or a constant", &scanner)
        }
        scanner.skipSpaces()
        if second != nil, let sign = scanner.peek, sign == "+" || sign == "-" {
            _ = scanner.consume(sign == "+" ? "+" : "-")
            constantSign = sign == "+" ? 1 : -1
            scanner.skipSpaces()
            if let number = scanner.number(signed: false) {
                constantTerm = .number(number.value, number.location)
                var probe = scanner
                probe.skipSpaces()
                if probe.consume("*") {
                    probe.skipSpaces()
                    guard let word = probe.identifier(), word.name == "standard" else {
                        throw context.expected("'standard' after '\(formatNumber(number.value)) *'", &probe)
                    }
                    scanner = probe
                    constantTerm = .scaledStandard(number.value, number.location)
                }
            } else if let word = scanner.identifier() {
                constantTerm = .name(word.name, word.location)
            } else {
                throw context.expected("a number, a metric or 'standard' after '\(sign)'", &scanner)
            }
            scanner.skipSpaces()
        }
        var priority = LayoutPriority.required
        if scanner.consume("@") {
            let parsed = try context.priority(&scanner)
            priority = parsed.priority
            if let name = parsed.metric { usedMetrics.append(name) }
        }
        scanner.skipSpaces()
        guard scanner.atEnd else {
            let what = second == nil ? "'@PRIORITY' or the end of the line"
                : (constantTerm == nil ? "'+', '-', '@PRIORITY' or the end of the line" : "'@PRIORITY' or the end of the line")
            throw context.expected(what, &scanner)
        }

        let source = scanner.text(from: start, to: scanner.endIndex).trimmed(of: " \t\r")
        return [try build(first: first, relation: relation, multiplier: multiplier, second: second,
                          constant: constantTerm, sign: constantSign, priority: priority, location: startLocation,
                          origin: .explicit, source: source, usedMetrics: &usedMetrics)]
    }

    /// Resolves names and the constant into a constraint (shared with the JSON form).
    func build(first: ItemAttribute, relation: LayoutRelation, multiplier: Double, second: ItemAttribute?,
               constant term: ConstantTerm?, sign: Double, priority: LayoutPriority, location: SourceLocation,
               origin: ConstraintOrigin, source: String, usedMetrics: inout [String]) throws(LayoutError) -> LayoutConstraint {
        let (firstItem, secondItem) = try resolveItems(first, second)
        let constant = try resolveConstant(term, sign: sign, firstItem: firstItem, secondItem: secondItem,
                                           usedMetrics: &usedMetrics)
        return LayoutConstraint(firstItem: firstItem, firstAttribute: first.attribute, relation: relation,
                                secondItem: secondItem, secondAttribute: second?.attribute, multiplier: multiplier,
                                constant: constant, priority: priority, location: location,
                                origin: origin, source: source)
    }

    private func itemAttribute(_ scanner: inout LineScanner) throws(LayoutError) -> ItemAttribute {
        guard let word = scanner.identifier() else { throw context.expected("an item name", &scanner) }
        return try attribute(of: word, &scanner)
    }

    private func attribute(of word: (name: String, location: SourceLocation),
                           _ scanner: inout LineScanner) throws(LayoutError) -> ItemAttribute {
        guard scanner.consume(".") else { throw context.expected("'.' and an attribute after '\(word.name)'", &scanner) }
        guard let name = scanner.identifier() else { throw context.expected("an attribute", &scanner) }
        guard let attribute = LayoutAttribute(rawValue: name.name) else {
            // The message lists the frame attributes; the suggestion may also be a margin or baseline.
            let names = LayoutAttribute.allCases.filter { $0.frameAttribute == $0 }.map(\.rawValue)
            throw LayoutError(name.location, "unknown attribute '\(name.name)'"
                              + NameSuggestion.hint(for: name.name, among: LayoutAttribute.allCases.map(\.rawValue))
                              + "; expected one of \(names.joined(separator: ", "))")
        }
        return ItemAttribute(name: word.name, location: word.location, attribute: attribute)
    }

    private func parseRelation(_ scanner: inout LineScanner) throws(LayoutError) -> LayoutRelation {
        for relation in LayoutRelation.allCases where scanner.consume(relation.symbol) { return relation }
        throw context.expected("a relation (==, <= or >=)", &scanner)
    }

    /// Resolves names; `superview` is the other item's superview.
    private func resolveItems(_ first: ItemAttribute, _ second: ItemAttribute?) throws(LayoutError) -> (ItemID, ItemID?) {
        let container = LayoutDocument.containerName
        let firstID = first.name == container ? nil : try context.item(named: first.name, at: first.location)
        guard let second else {
            guard let firstID else {
                throw LayoutError(first.location, "'superview' needs another item to be the superview of")
            }
            return (firstID, nil)
        }
        let secondID = second.name == container ? nil : try context.item(named: second.name, at: second.location)
        switch (firstID, secondID) {
        case let (a?, b?): return (a, b)
        case let (a?, nil): return (a, try superview(of: a, named: first.name, at: second.location))
        case let (nil, b?): return (try superview(of: b, named: second.name, at: first.location), b)
        case (nil, nil): throw LayoutError(first.location, "'superview' on both sides: name a view on one side")
        }
    }

    private func superview(of id: ItemID, named name: String, at location: SourceLocation) throws(LayoutError) -> ItemID {
        guard let parent = context.document.parent(of: id) else {
            throw LayoutError(location, "'\(name)' has no superview")
        }
        return parent
    }

    private func resolveConstant(_ term: ConstantTerm?, sign: Double, firstItem: ItemID, secondItem: ItemID?,
                                 usedMetrics: inout [String]) throws(LayoutError) -> LayoutConstant {
        switch term {
        case nil:
            return .none
        case .number(let value, let location)?:
            try context.checkMagnitude(value, at: location)
            return LayoutConstant(value: sign * value, source: .literal, location: location)
        case .scaledStandard(let factor, let location)?:
            try context.checkMagnitude(factor, at: location)
            guard let secondItem else {
                throw LayoutError(location, "'standard' is a spacing between two items; use a number or a metric")
            }
            let spacing = ConstraintRules.standardSpacing(firstItem, secondItem, in: context.document)
            return LayoutConstant(value: sign * factor * spacing, source: .standard, location: location)
        case .name(let name, let location)?:
            if name == "standard" {
                guard let secondItem else {
                    throw LayoutError(location, "'standard' is a spacing between two items; use a number or a metric")
                }
                let spacing = ConstraintRules.standardSpacing(firstItem, secondItem, in: context.document)
                return LayoutConstant(value: sign * spacing, source: .standard, location: location)
            }
            let value = try context.metric(named: name, at: location, allowingStandard: secondItem != nil)
            usedMetrics.append(name)
            return LayoutConstant(value: sign * value, source: .metric(name), location: location)
        }
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    func trimmed(of set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
