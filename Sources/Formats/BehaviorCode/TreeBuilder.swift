#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import JSON
import SourceCode

extension BehaviorReader {
    /// Names the export gives behaviors, which carry no id of their own.
    static let plainNames: Set<String> = ["gravity", "collision", "collider", "itemBehavior", "animationOptions",
                                          "dynamicItemBehavior", "attachment", "push", "pusher", "snap", "behavior",
                                          "composite", "options", "behaviors", "dropitBehavior", "bouncer"]

    static func isPlain(_ name: String) -> Bool {
        let stem = String(name.reversed().drop { $0.isNumber }.reversed())
        return plainNames.contains(stem) || plainNames.contains(name)
    }

    /// The tree: what the animator gets, else the behavior subclass, else every behavior made.
    mutating func build() -> JSONValue {
        var ids = assignIDs()
        var roots: [String]
        if !animatorChildren.isEmpty {
            roots = animatorChildren
        } else if let subclass = subclasses.first(where: { classChildren[$0] != nil }) ?? classOrder.first ?? subclasses.first {
            var visited: Set<String> = []
            return .object(JSONObject([("type", .string("composite")),
                                       ("children", .array(children(classChildren[subclass] ?? [], depth: 0, ids: &ids, visited: &visited)))]))
        } else {
            let inTree = Set(objects.values.flatMap(\.children))
            roots = order.filter { objects[$0]?.className != nil && !inTree.contains($0) }
            if !roots.isEmpty {
                warnings.append("no `addChildBehavior:` in a UIDynamicBehavior subclass and no `addBehavior:` on an animator: "
                                + "every behavior made is read, in the order made")
            }
        }
        var visited: Set<String> = []
        let nodes = children(roots, depth: 0, ids: &ids, visited: &visited)
        if nodes.count == 1, case .object(let only) = nodes[0], only["type"] == .string("composite"), only["id"] == nil {
            locations = locations.map { location in
                location.path.hasPrefix("$.children[0]")
                    ? .init(path: "$" + location.path.dropFirst("$.children[0]".count), line: location.line) : location
            }
            return nodes[0]
        }
        return .object(JSONObject([("type", .string("composite")), ("children", .array(nodes))]))
    }

    /// The ids behaviors get: the exercise's ids their names match (or the only attachment when
    /// the exercise moves one), and any name that is not a plain one.
    mutating func assignIDs() -> [String: String] {
        var ids: [String: String] = [:]
        for name in order where objects[name]?.className != nil {
            if let match = behaviorIDs.first(where: { $0.lowercased() == name.lowercased() }) {
                ids[name] = match
            } else if !Self.isPlain(name) {
                ids[name] = name
            }
        }
        for id in behaviorIDs where !ids.values.contains(id) {
            let attachments = order.filter { objects[$0]?.className == "UIAttachmentBehavior" && ids[$0] == nil }
            if attachments.count == 1, let only = attachments.first {
                ids[only] = id
                let line = objects[only]?.created?.line ?? 1
                warnings.append("line \(line): the attachment `\(only)` is read as the attachment \"\(id)\" that the exercise moves")
            }
        }
        return ids
    }

    mutating func children(_ names: [String], depth: Int, ids: inout [String: String], visited: inout Set<String>,
                           path: String = "$") -> [JSONValue] {
        var nodes: [JSONValue] = []
        for name in names {
            guard depth < 16, !visited.contains(name) else {
                warnings.append("`\(name)` is added more than once or inside itself; read once")
                continue
            }
            visited.insert(name)
            if let node = node(name, depth: depth, ids: &ids, visited: &visited, path: "\(path).children[\(nodes.count)]") {
                nodes.append(node)
            }
        }
        return nodes
    }

    mutating func node(_ name: String, depth: Int, ids: inout [String: String], visited: inout Set<String>,
                       path: String) -> JSONValue? {
        guard let object = objects[name], let className = object.className else {
            let position = objects[name]?.added ?? objects[name]?.assignments.first?.at ?? SourcePosition(line: 1, column: 1)
            skip(position, "the behavior `\(name)` is added but never made (no `alloc`/`init` or initializer the reader can see)")
            return nil
        }
        var fields: [(String, JSONValue)] = []
        let type: String
        if let known = Self.behaviorClasses[className] {
            type = known
        } else if subclasses.contains(className) || className.hasSuffix("Behavior") {
            type = "subclass"
        } else {
            skip(object.created ?? SourcePosition(line: 1, column: 1), "`\(className)` is not a behavior the Dynamics engine has")
            return nil
        }
        fields.append(("type", .string(type == "subclass" ? "composite" : type)))
        if let id = ids[name] { fields.append(("id", .string(id))) }
        var reader = PropertyReader(reader: self, object: object)
        switch type {
        case "composite":
            fields.append(("children", .array(children(object.children, depth: depth + 1, ids: &ids, visited: &visited, path: path))))
        case "subclass":
            fields.append(("children", .array(children(classChildren[className] ?? [], depth: depth + 1, ids: &ids,
                                                       visited: &visited, path: path))))
        default:
            fields += reader.fields(type: type)
        }
        skipped += reader.skipped
        warnings += reader.warnings
        if reader.leaveOut { return nil }
        if let line = object.created?.line ?? object.added?.line { locations.append(.init(path: path, line: line)) }
        for (key, line) in reader.fieldLines { locations.append(.init(path: "\(path).\(key)", line: line)) }
        return .object(JSONObject(fields))
    }
}

/// Reads one behavior's initializer, assignments and calls into the fields of its kind.
struct PropertyReader {
    let reader: BehaviorReader
    let object: BehaviorReader.Object
    var skipped: [BehaviorConversion.Skipped] = []
    var warnings: [String] = []
    var leaveOut = false
    /// The line that set each field, in the order set.
    var fieldLines: [(String, Int)] = []

    init(reader: BehaviorReader, object: BehaviorReader.Object) {
        self.reader = reader
        self.object = object
    }

    var values: Values { reader.values }

    mutating func skip(_ at: SourcePosition, _ reason: String) {
        skipped.append(.init(line: at.line, column: at.column, reason: reason))
    }

    /// The exercise's item a name stands for: same name, ignoring case, a leading underscore and
    /// a `View` suffix; the only item when the exercise has one.
    func item(_ expression: Expression) -> String? {
        guard let name = reader.variable(expression, context: []) else { return nil }
        let simple = name.lowercased()
        let stem = simple.hasSuffix("view") ? String(simple.dropLast(4)) : simple
        return reader.items.first { $0.lowercased() == simple || $0.lowercased() == stem }
            ?? (reader.items.isEmpty ? name : nil)
    }

    func argument(_ label: String) -> Expression? {
        guard let (selector, arguments) = object.initializer else { return nil }
        let parts: [String]
        if selector.hasPrefix("init(") {
            parts = selector.dropFirst(5).dropLast().split(separator: ":").map(String.init)
        } else {
            var names = selector.split(separator: ":").map(String.init)
            if let first = names.first, first.hasPrefix("initWith") {
                let rest = first.dropFirst("initWith".count)
                names[0] = (rest.first?.lowercased() ?? "") + rest.dropFirst()
            }
            parts = names
        }
        guard let index = parts.firstIndex(of: label), arguments.indices.contains(index) else { return nil }
        return arguments[index]
    }

    /// The `items` field: absent when every item is meant (items forwarded by `addItem:`).
    mutating func itemsField() -> [(String, JSONValue)] {
        var named: [String] = []
        var all = false
        var given: [(Expression, SourcePosition)] = []
        if let list = argument("items") {
            if case .array(let elements) = list.unwrapped {
                given += elements.map { ($0, object.created ?? SourcePosition(line: 1, column: 1)) }
            } else {
                all = true
            }
        }
        given += object.addedItems
        for (expression, _) in given {
            if let id = item(expression), !reader.items.isEmpty { named.append(id) } else { all = true }
        }
        if all || named.isEmpty { return [] }
        return [("items", .array(named.map(JSONValue.string)))]
    }

    static func number(_ value: Double) -> JSONValue { .number(value) }

    mutating func fields(type: String) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        func set(_ key: String, _ value: JSONValue) { Self.put(&fields, key, value) }
        switch type {
        case "gravity", "collision", "itemBehavior", "push":
            fields += itemsField()
        default:
            break
        }
        let created = object.created ?? SourcePosition(line: 1, column: 1)
        do throws(Unresolved) {
            switch type {
            case "attachment":
                guard let itemExpression = argument("item") else { throw Unresolved("an attachment needs an item") }
                guard let id = item(itemExpression) else {
                    throw Unresolved("`\(values.describe(itemExpression))` is not one of the exercise's items (\(reader.items.joined(separator: ", ")))")
                }
                set("item", .string(id))
                if let offset = argument("offsetFromCenter") { set("offset", .array(try values.offset(offset).map(Self.number))) }
                if let anchor = argument("attachedToAnchor") {
                    set("anchor", .array(try values.point(anchor).map(Self.number)))
                } else if let other = argument("attachedToItem") ?? argument("attachedTo") {
                    guard let otherID = item(other) else { throw Unresolved("`\(values.describe(other))` is not one of the exercise's items") }
                    set("toItem", .string(otherID))
                    let offsets = object.initializer?.arguments.count == 4 ? object.initializer?.arguments[3] : nil
                    if let offsets { set("toOffset", .array(try values.offset(offsets).map(Self.number))) }
                } else {
                    throw Unresolved("an attachment needs an anchor point or another item")
                }
            case "snap":
                guard let itemExpression = argument("item"), let id = item(itemExpression) else {
                    throw Unresolved("a snap needs one of the exercise's items")
                }
                set("item", .string(id))
                guard let point = argument("snapToPoint") ?? argument("snapTo") else { throw Unresolved("a snap needs a point") }
                set("point", .array(try values.point(point).map(Self.number)))
            case "push":
                guard let mode = argument("mode") else { throw Unresolved("a push needs a mode") }
                let name = try values.caseName(mode, prefix: "UIPushBehaviorMode")
                guard name == "instantaneous" || name == "continuous" else { throw Unresolved("`\(name)` is not a push mode") }
                set("mode", .string(name))
            default:
                break
            }
        } catch {
            skip(created, "`\(object.name)`: \(error.reason)")
            leaveOut = true
            return []
        }
        if type == "push" { set("magnitude", .number(0)) }
        for (property, value, at) in object.assignments {
            do {
                let before = fields.map(\.1)
                try assign(type: type, property, value, fields: &fields)
                noteLines(fields, before: before, line: at.line)
            } catch {
                skip(at, "`\(object.name).\(property)`: \(error.reason)")
            }
        }
        for (selector, arguments, at) in object.calls {
            do {
                let before = fields.map(\.1)
                try call(type: type, selector, arguments, fields: &fields)
                noteLines(fields, before: before, line: at.line)
            } catch {
                skip(at, "`\(object.name)` \(selector): \(error.reason)")
            }
        }
        return fields
    }

    static let numericProperties: [String: Set<String>] = [
        "gravity": ["magnitude", "angle"],
        "itemBehavior": ["elasticity", "friction", "density", "resistance", "angularResistance"],
        "attachment": ["length", "damping", "frequency"],
        "push": ["magnitude", "angle"],
        "snap": ["damping"],
    ]

    /// Records `line` for the fields that changed.
    mutating func noteLines(_ fields: [(String, JSONValue)], before: [JSONValue], line: Int) {
        for (index, field) in fields.enumerated() where index >= before.count || before[index] != field.1 {
            fieldLines.removeAll { $0.0 == field.0 }
            fieldLines.append((field.0, line))
        }
    }

    static func put(_ fields: inout [(String, JSONValue)], _ key: String, _ value: JSONValue) {
        if let index = fields.firstIndex(where: { $0.0 == key }) { fields[index].1 = value } else { fields.append((key, value)) }
    }

    mutating func assign(type: String, _ property: String, _ value: Expression,
                         fields: inout [(String, JSONValue)]) throws(Unresolved) {
        func set(_ key: String, _ value: JSONValue) { Self.put(&fields, key, value) }
        if Self.numericProperties[type]?.contains(property) == true {
            set(property, .number(try values.number(value)))
            return
        }
        switch (type, property) {
        case ("gravity", "gravityDirection"), ("push", "pushDirection"):
            let v = try values.vector(value)
            set("angle", .number(atan2(v[1], v[0])))
            set("magnitude", .number((v[0] * v[0] + v[1] * v[1]).squareRoot()))
        case ("collision", "translatesReferenceBoundsIntoBoundary"):
            set(property, .bool(try values.bool(value)))
        case ("collision", "collisionMode"):
            let name = try values.caseName(value, prefix: "UICollisionBehaviorMode")
            guard ["items", "boundaries", "everything"].contains(name) else { throw Unresolved("`\(name)` is not a collision mode") }
            set("mode", .string(name))
        case ("itemBehavior", "allowsRotation"), ("itemBehavior", "anchored"):
            set(property, .bool(try values.bool(value)))
        case ("attachment", "anchorPoint"):
            set("anchor", .array(try values.point(value).map(Self.number)))
        case ("snap", "snapPoint"):
            set("point", .array(try values.point(value).map(Self.number)))
        case ("push", "active"):
            if try !values.bool(value) {
                warnings.append("line \(object.created?.line ?? 1): the push `\(object.name)` is made inactive, so it is left out")
                leaveOut = true
            }
        default:
            throw Unresolved("`\(property)` is not a property of a \(type) behavior that the exercise grades")
        }
    }

    mutating func call(type: String, _ selector: String, _ arguments: [Expression],
                       fields: inout [(String, JSONValue)]) throws(Unresolved) {
        func set(_ key: String, _ value: JSONValue) { Self.put(&fields, key, value) }
        // `g.setAngle(magnitude: 2)` has the selector's name but not its arguments.
        let needed = ["addBoundaryWithIdentifier:fromPoint:toPoint:": 3, "addBoundary:withIdentifier:from:to:": 3,
                      "addBoundaryWithIdentifier:forPath:": 2, "addBoundary:withIdentifier:for:": 2,
                      "setAngle:magnitude:": 2][selector] ?? 1
        guard arguments.count >= needed else { throw Unresolved("\(selector) takes \(needed) arguments") }
        switch (type, selector) {
        case ("collision", "setTranslatesReferenceBoundsIntoBoundaryWithInsets:"),
             ("collision", "setTranslatesReferenceBoundsIntoBoundary:with:"):
            let insets = try values.insets(arguments[0])
            set("translatesReferenceBoundsIntoBoundary", .bool(true))
            set("insets", .object(JSONObject([("top", .number(insets[0])), ("left", .number(insets[1])),
                                              ("bottom", .number(insets[2])), ("right", .number(insets[3]))])))
        case ("collision", "addBoundaryWithIdentifier:fromPoint:toPoint:"), ("collision", "addBoundary:withIdentifier:from:to:"):
            let id = try identifier(arguments[0])
            let from = try values.point(arguments[1]), to = try values.point(arguments[2])
            try addBoundary(.object(JSONObject([("id", .string(id)), ("from", .array(from.map(Self.number))),
                                                ("to", .array(to.map(Self.number)))])), fields: &fields)
        case ("collision", "addBoundaryWithIdentifier:forPath:"), ("collision", "addBoundary:withIdentifier:for:"):
            let id = try identifier(arguments[0])
            for boundary in try path(arguments[1], id: id) { try addBoundary(boundary, fields: &fields) }
        case ("gravity", "setAngle:magnitude:"), ("push", "setAngle:magnitude:"):
            set("angle", .number(try values.number(arguments[0])))
            set("magnitude", .number(try values.number(arguments[1])))
        default:
            throw Unresolved("not a call the reader understands on a \(type) behavior")
        }
    }

    func identifier(_ expression: Expression) throws(Unresolved) -> String {
        switch expression.unwrapped {
        case .string(let text, false) where !text.isEmpty: return text
        default:
            if let value = values.lookup(expression) { return try identifier(value) }
            throw Unresolved("a boundary identifier must be a string the reader can see")
        }
    }

    mutating func addBoundary(_ boundary: JSONValue, fields: inout [(String, JSONValue)]) throws(Unresolved) {
        if let index = fields.firstIndex(where: { $0.0 == "boundaries" }), case .array(var list) = fields[index].1 {
            guard list.count < 256 else { throw Unresolved("too many boundaries: at most 256") }
            list.append(boundary)
            fields[index].1 = .array(list)
        } else {
            fields.append(("boundaries", .array([boundary])))
        }
    }

    /// `[UIBezierPath bezierPathWithRect:…]` is a rectangle; an oval becomes 24 segments around it.
    mutating func path(_ expression: Expression, id: String) throws(Unresolved) -> [JSONValue] {
        var rectangle: Expression?
        var oval: Expression?
        switch expression.unwrapped {
        case .message(.name("UIBezierPath"), "bezierPathWithRect:", let a): rectangle = a.first
        case .message(.name("UIBezierPath"), "bezierPathWithOvalInRect:", let a): oval = a.first
        case .call(.name("UIBezierPath"), let a) where a.first?.label == "rect": rectangle = a.first?.value
        case .call(.name("UIBezierPath"), let a) where a.first?.label == "ovalIn": oval = a.first?.value
        default:
            if let value = values.lookup(expression) { return try path(value, id: id) }
            throw Unresolved("only a UIBezierPath rectangle or oval is read as a boundary")
        }
        if let rectangle {
            let r = try values.rect(rectangle)
            return [.object(JSONObject([("id", .string(id)), ("rect", .array(r.map(Self.number)))]))]
        }
        let r = try values.rect(oval!)
        let count = 24
        let (cx, cy, rx, ry) = (r[0] + r[2] / 2, r[1] + r[3] / 2, r[2] / 2, r[3] / 2)
        guard rx > 0, ry > 0 else { throw Unresolved("the oval has no size") }
        func point(_ k: Int) -> JSONValue {
            let t = Double(k) * 2 * .pi / Double(count)
            return .array([.number(cx + rx * cos(t)), .number(cy + ry * sin(t))])
        }
        warnings.append("line \(object.created?.line ?? 1): the oval boundary \"\(id)\" is read as \(count) straight segments")
        return (0..<count).map { k in
            .object(JSONObject([("id", .string("\(id).\(k + 1)")), ("from", point(k)), ("to", point(k + 1))]))
        }
    }
}
