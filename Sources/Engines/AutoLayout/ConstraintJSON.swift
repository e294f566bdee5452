import JSON

/// The JSON form of constraints, for API clients: an array of objects
/// `{"item", "attribute", "relation", "toItem", "toAttribute", "multiplier", "constant", "priority"}`.
///
/// `relation` is `==`, `<=` or `>=`; `toItem`/`toAttribute` are `null` (or absent) for a constant
/// size; `multiplier` defaults to 1; `constant` is a number, or a metric name or `"standard"`,
/// optionally preceded by `-` (default 0);
/// `priority` is 1…1000, `"required"`, `"high"` or `"low"` (default required). `superview` names the
/// other item's superview, as in the text format. Both forms round-trip.
extension LayoutDocument {
    /// The JSON form of every constraint, in order (VFL lines expanded).
    public func constraintsJSON() -> JSONValue {
        .array(constraints.map { constraint in
            let constant: JSONValue
            if constraint.constant.source == .literal {
                constant = .number(constraint.constant.value)
            } else {
                let (negative, name) = symbolicMagnitude(constraint.constant)
                constant = .string(negative ? "-" + name : name)
            }
            let toItem: JSONValue = constraint.secondItem.map { .string(reference(to: $0, other: constraint.firstItem)) } ?? .null
            return .object(JSONObject([
                ("item", .string(reference(to: constraint.firstItem, other: constraint.secondItem))),
                ("attribute", .string(constraint.firstAttribute.rawValue)),
                ("relation", .string(constraint.relation.symbol)),
                ("toItem", toItem),
                ("toAttribute", constraint.secondAttribute.map { .string($0.rawValue) } ?? .null),
                ("multiplier", .number(constraint.multiplier)),
                ("constant", constant),
                ("priority", .number(Double(constraint.priority.value))),
            ]))
        })
    }

    /// The document with its declarations but no constraints (a base for `parse(constraintsJSON:extending:)`).
    public var declarations: LayoutDocument {
        LayoutDocument(containerSize: containerSize, items: items, metrics: metrics)
    }

    /// Adds JSON-form constraints to a document's declarations. Errors name the JSON path.
    /// A constraint's location is its 1-based array index (line) and column 1.
    public static func parse(constraintsJSON json: JSONValue, extending base: LayoutDocument,
                             limits: LayoutLimits = .default) throws(JSONDecodingError) -> LayoutDocument {
        var parser = DocumentParser(document: base, limits: limits)
        let root = JSONNode(json)
        let elements = try root.array()
        guard elements.count + base.constraints.count <= limits.maxConstraints else {
            throw root.error("too many constraints: at most \(limits.maxConstraints)")
        }
        for (index, node) in elements.enumerated() {
            let location = SourceLocation(line: index + 1, column: 1)
            var metrics: [String] = []
            let parsed = try ConstraintObject(node, location: location)
            do throws(LayoutError) {
                let builder = ExplicitConstraintParser(context: parser)
                let built = try builder.build(first: parsed.first, relation: parsed.relation, multiplier: parsed.multiplier,
                                              second: parsed.second, constant: parsed.constant, sign: parsed.sign,
                                              priority: parsed.priority, location: location, origin: .json, source: "",
                                              usedMetrics: &metrics)
                let constraint = built.withSource(parser.document.explicitLine(for: built))
                try parser.add([constraint], at: location)
            } catch {
                throw node.error(error.message)
            }
            for name in metrics where !parser.document.referencedMetrics.contains(name) {
                parser.document.referencedMetrics.append(name)
            }
        }
        return parser.document
    }
}

/// One object of the JSON form, read with path-aware errors.
private struct ConstraintObject {
    var first: ExplicitConstraintParser.ItemAttribute
    var relation: LayoutRelation
    var second: ExplicitConstraintParser.ItemAttribute?
    var multiplier: Double
    var constant: ExplicitConstraintParser.ConstantTerm?
    /// -1 for a name written `-name`.
    var sign = 1.0
    var priority: LayoutPriority

    static let keys = ["item", "attribute", "relation", "toItem", "toAttribute", "multiplier", "constant", "priority"]

    init(_ node: JSONNode, location: SourceLocation) throws(JSONDecodingError) {
        try node.checkKeys(allowed: Self.keys)
        first = .init(name: try node.required("item").string(), location: location,
                      attribute: try Self.attribute(try node.required("attribute")))
        let relationNode = try node.required("relation")
        let symbol = try relationNode.string()
        guard let relation = LayoutRelation(rawValue: symbol) else {
            throw relationNode.error("expected \"==\", \"<=\" or \">=\"")
        }
        self.relation = relation
        if let toItem = node["toItem"], toItem.value != .null {
            guard let toAttribute = node["toAttribute"], toAttribute.value != .null else {
                throw node.error("'toAttribute' is required with 'toItem'")
            }
            second = .init(name: try toItem.string(), location: location, attribute: try Self.attribute(toAttribute))
        } else if let toAttribute = node["toAttribute"], toAttribute.value != .null {
            throw toAttribute.error("'toAttribute' needs a 'toItem'")
        }
        multiplier = 1
        if let multiplierNode = node["multiplier"], multiplierNode.value != .null {
            multiplier = try multiplierNode.double(in: -1e6...1e6)
        }
        if let constantNode = node["constant"], constantNode.value != .null {
            if case .string(let text) = constantNode.value {
                sign = text.hasPrefix("-") ? -1 : 1
                constant = .name(sign < 0 ? String(text.dropFirst()) : text, location)
            } else {
                constant = .number(try constantNode.double(in: -1e6...1e6), location)
            }
        }
        priority = .required
        if let priorityNode = node["priority"], priorityNode.value != .null {
            if case .string(let name) = priorityNode.value {
                guard let named = LayoutPriority.names.first(where: { $0.name == name }) else {
                    throw priorityNode.error("expected 1 to 1000, \"required\", \"high\" or \"low\"")
                }
                priority = named.priority
            } else if let value = LayoutPriority(try priorityNode.int(in: 1...1000)) {
                priority = value
            }
        }
    }

    private static func attribute(_ node: JSONNode) throws(JSONDecodingError) -> LayoutAttribute {
        let name = try node.string()
        guard let attribute = LayoutAttribute(rawValue: name) else {
            let names = LayoutAttribute.allCases.map(\.rawValue)
            throw node.error("unknown attribute '\(name)'" + NameSuggestion.hint(for: name, among: names))
        }
        return attribute
    }
}

extension LayoutConstraint {
    /// The same constraint with another source form.
    func withSource(_ source: String) -> LayoutConstraint {
        LayoutConstraint(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, secondItem: secondItem,
                         secondAttribute: secondAttribute, multiplier: multiplier, constant: constant, priority: priority,
                         location: location, origin: origin, source: source)
    }
}
