import JSON

/// Writes a behavior tree as a `UIDynamicBehavior` subclass in the style of the lecture's demo:
/// lazily made child behaviors, added in `init`, with `addItem:` passing each item on.
/// `BehaviorCode.convert` reads the result back to the same tree.
public enum BehaviorExport {
    public enum Language: String, Sendable, CaseIterable {
        case swift
        case objectiveC = "objc"
    }

    /// Why a tree cannot be written.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let message: String
        public var description: String { "\(path): \(message)" }
    }

    public static func code(_ tree: JSONValue, language: Language, className: String = "DropitBehavior") throws(Failure) -> String {
        var writer = BehaviorWriter(className: className, swift: language == .swift)
        try writer.collect(tree, path: "$", isRoot: true)
        return writer.render()
    }
}

/// The work behind `BehaviorExport.code`.
struct BehaviorWriter {
    let className: String
    let swift: Bool

    struct Child {
        var name: String
        var type: String
        var object: JSONObject
        var children: [String] = []
    }

    var children: [Child] = []
    var rootChildren: [String] = []
    var itemNames: [String] = []
    private var used: Set<String> = []

    init(className: String, swift: Bool) {
        self.className = className
        self.swift = swift
    }

    static let plain: [String: String] = [
        "gravity": "gravity", "collision": "collider", "itemBehavior": "animationOptions", "attachment": "attachment",
        "push": "push", "snap": "snap", "composite": "behaviors",
    ]

    mutating func name(for object: JSONObject, type: String) -> String {
        var base = Self.plain[type] ?? "behavior"
        if case .string(let id)? = object["id"], isIdentifier(id) { base = id }
        var name = base
        var counter = 2
        while used.contains(name) || itemNames.contains(name) || name == className {
            name = base + String(counter)
            counter += 1
        }
        used.insert(name)
        return name
    }

    func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    mutating func noteItem(_ value: JSONValue?, path: String) throws(BehaviorExport.Failure) {
        guard let value else { return }
        guard case .string(let id) = value, isIdentifier(id) else {
            throw BehaviorExport.Failure(path: path, message: "an item id must be a name that code can use")
        }
        if !itemNames.contains(id) { itemNames.append(id) }
    }

    /// Walks the tree, naming each behavior and collecting the items it names.
    @discardableResult
    mutating func collect(_ value: JSONValue, path: String, isRoot: Bool, depth: Int = 0) throws(BehaviorExport.Failure) -> String? {
        guard depth < 16 else { throw BehaviorExport.Failure(path: path, message: "composites nest too deeply") }
        guard case .object(let object) = value, case .string(let type)? = object["type"] else {
            throw BehaviorExport.Failure(path: path, message: "expected a behavior object with a \"type\"")
        }
        guard Self.plain[type] != nil else { throw BehaviorExport.Failure(path: path, message: "unknown behavior type \"\(type)\"") }
        for key in ["item", "toItem"] { try noteItem(object[key], path: path + "." + key) }
        if case .array(let items)? = object["items"] {
            for (index, item) in items.enumerated() { try noteItem(item, path: "\(path).items[\(index)]") }
        }
        if type == "composite", isRoot, object["id"] == nil {
            guard case .array(let list)? = object["children"] else { return nil }
            for (index, child) in list.enumerated() {
                if let name = try collect(child, path: "\(path).children[\(index)]", isRoot: false, depth: depth + 1) {
                    rootChildren.append(name)
                }
            }
            return nil
        }
        let name = name(for: object, type: type)
        let index = children.count
        children.append(Child(name: name, type: type, object: object))
        if isRoot { rootChildren.append(name) }
        if type == "composite", case .array(let list)? = object["children"] {
            var names: [String] = []
            for (offset, child) in list.enumerated() {
                if let childName = try collect(child, path: "\(path).children[\(offset)]", isRoot: false, depth: depth + 1) {
                    names.append(childName)
                }
            }
            children[index].children = names
        }
        return name
    }

    // MARK: Values

    func number(_ value: JSONValue?) -> String {
        guard case .number(let n)? = value else { return "0" }
        return String(n)
    }

    func numbers(_ value: JSONValue?) -> [String] {
        guard case .array(let list)? = value else { return [] }
        return list.map { number($0) }
    }

    func bool(_ value: JSONValue?) -> String {
        let on = value == .bool(true)
        return swift ? (on ? "true" : "false") : (on ? "YES" : "NO")
    }

    func point(_ value: JSONValue?) -> String {
        let n = numbers(value) + ["0", "0"]
        return swift ? "CGPoint(x: \(n[0]), y: \(n[1]))" : "CGPointMake(\(n[0]), \(n[1]))"
    }

    func offset(_ value: JSONValue?) -> String {
        let n = numbers(value) + ["0", "0"]
        return swift ? "UIOffset(horizontal: \(n[0]), vertical: \(n[1]))" : "UIOffsetMake(\(n[0]), \(n[1]))"
    }

    func item(_ value: JSONValue?) -> String {
        guard case .string(let id)? = value else { return "nil" }
        return "self." + id
    }

    func string(_ text: String) -> String {
        let escaped = text.replacingOccurrences("\\", "\\\\").replacingOccurrences("\"", "\\\"")
        return swift ? "\"\(escaped)\" as NSString" : "@\"\(escaped)\""
    }

    static let classes: [String: String] = [
        "gravity": "UIGravityBehavior", "collision": "UICollisionBehavior", "itemBehavior": "UIDynamicItemBehavior",
        "attachment": "UIAttachmentBehavior", "push": "UIPushBehavior", "snap": "UISnapBehavior", "composite": "UIDynamicBehavior",
    ]

    /// The items of a behavior as an array literal, or nil when it takes every item.
    func itemList(_ object: JSONObject) -> String? {
        guard case .array(let items)? = object["items"] else { return nil }
        let names = items.compactMap { value -> String? in
            if case .string(let id) = value { return "self." + id }
            return nil
        }
        return swift ? "[" + names.joined(separator: ", ") + "]" : "@[" + names.joined(separator: ", ") + "]"
    }

    /// The statement that makes the behavior, and the statements that set it up (`v` is its variable).
    func setup(_ child: Child, variable v: String) -> (make: String, lines: [String]) {
        let o = child.object
        let cls = Self.classes[child.type]!
        let end = swift ? "" : ";"
        var make: String
        var lines: [String] = []
        func prop(_ key: String, _ value: String) { lines.append("\(v).\(key) = \(value)\(end)") }
        switch child.type {
        case "attachment":
            let hasOffset = o["offset"] != nil
            if let toItem = o["toItem"] {
                if hasOffset || o["toOffset"] != nil {
                    make = swift
                        ? "\(cls)(item: \(item(o["item"])), offsetFromCenter: \(offset(o["offset"])), attachedTo: \(item(toItem)), offsetFromCenter: \(offset(o["toOffset"])))"
                        : "[[\(cls) alloc] initWithItem:\(item(o["item"])) offsetFromCenter:\(offset(o["offset"])) attachedToItem:\(item(toItem)) offsetFromCenter:\(offset(o["toOffset"]))]"
                } else {
                    make = swift ? "\(cls)(item: \(item(o["item"])), attachedTo: \(item(toItem)))"
                        : "[[\(cls) alloc] initWithItem:\(item(o["item"])) attachedToItem:\(item(toItem))]"
                }
            } else if hasOffset {
                make = swift ? "\(cls)(item: \(item(o["item"])), offsetFromCenter: \(offset(o["offset"])), attachedToAnchor: \(point(o["anchor"])))"
                    : "[[\(cls) alloc] initWithItem:\(item(o["item"])) offsetFromCenter:\(offset(o["offset"])) attachedToAnchor:\(point(o["anchor"]))]"
            } else {
                make = swift ? "\(cls)(item: \(item(o["item"])), attachedToAnchor: \(point(o["anchor"])))"
                    : "[[\(cls) alloc] initWithItem:\(item(o["item"])) attachedToAnchor:\(point(o["anchor"]))]"
            }
            for key in ["length", "damping", "frequency"] where o[key] != nil { prop(key, number(o[key])) }
        case "snap":
            make = swift ? "\(cls)(item: \(item(o["item"])), snapTo: \(point(o["point"])))"
                : "[[\(cls) alloc] initWithItem:\(item(o["item"])) snapToPoint:\(point(o["point"]))]"
            if o["damping"] != nil { prop("damping", number(o["damping"])) }
        case "push":
            let mode = o["mode"] == .string("continuous") ? "Continuous" : "Instantaneous"
            let items = itemList(o) ?? (swift ? "[]" : "@[]")
            make = swift ? "\(cls)(items: \(items), mode: .\(mode.lowercased()))"
                : "[[\(cls) alloc] initWithItems:\(items) mode:UIPushBehaviorMode\(mode)]"
            for key in ["angle", "magnitude"] where o[key] != nil { prop(key, number(o[key])) }
        default:
            if let items = itemList(o) {
                make = swift ? "\(cls)(items: \(items))" : "[[\(cls) alloc] initWithItems:\(items)]"
            } else {
                make = swift ? "\(cls)()" : "[[\(cls) alloc] init]"
            }
            switch child.type {
            case "gravity":
                for key in ["angle", "magnitude"] where o[key] != nil { prop(key, number(o[key])) }
            case "collision":
                if case .object(let insets)? = o["insets"], o["translatesReferenceBoundsIntoBoundary"] == .bool(true) {
                    let n = ["top", "left", "bottom", "right"].map { number(insets[$0]) }
                    lines.append(swift
                        ? "\(v).setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: \(n[0]), left: \(n[1]), bottom: \(n[2]), right: \(n[3])))"
                        : "[\(v) setTranslatesReferenceBoundsIntoBoundaryWithInsets:UIEdgeInsetsMake(\(n.joined(separator: ", ")))];")
                } else if let translates = o["translatesReferenceBoundsIntoBoundary"] {
                    prop("translatesReferenceBoundsIntoBoundary", bool(translates))
                }
                if case .string(let mode)? = o["mode"] {
                    prop("collisionMode", swift ? "." + mode : "UICollisionBehaviorMode" + mode.prefix(1).uppercased() + mode.dropFirst())
                }
                if case .array(let boundaries)? = o["boundaries"] {
                    for case .object(let b) in boundaries {
                        guard case .string(let id)? = b["id"] else { continue }
                        if b["rect"] != nil {
                            let r = numbers(b["rect"]) + ["0", "0", "0", "0"]
                            lines.append(swift
                                ? "\(v).addBoundary(withIdentifier: \(string(id)), for: UIBezierPath(rect: CGRect(x: \(r[0]), y: \(r[1]), width: \(r[2]), height: \(r[3]))))"
                                : "[\(v) addBoundaryWithIdentifier:\(string(id)) forPath:[UIBezierPath bezierPathWithRect:CGRectMake(\(r[0]), \(r[1]), \(r[2]), \(r[3]))]];")
                        } else {
                            lines.append(swift
                                ? "\(v).addBoundary(withIdentifier: \(string(id)), from: \(point(b["from"])), to: \(point(b["to"])))"
                                : "[\(v) addBoundaryWithIdentifier:\(string(id)) fromPoint:\(point(b["from"])) toPoint:\(point(b["to"]))];")
                        }
                    }
                }
            case "itemBehavior":
                for key in ["elasticity", "friction", "density", "resistance", "angularResistance"] where o[key] != nil {
                    prop(key, number(o[key]))
                }
                for key in ["allowsRotation", "anchored"] where o[key] != nil { prop(key, bool(o[key])) }
            default:
                let childNames = children.first { $0.name == child.name }?.children ?? []
                for name in childNames {
                    lines.append(swift ? "\(v).addChildBehavior(self.\(name))" : "[\(v) addChildBehavior:self.\(name)];")
                }
            }
        }
        return (make, lines)
    }

    /// Behaviors that take every item, which `addItem:` passes on.
    var forwarding: [String] {
        children.filter { ["gravity", "collision", "itemBehavior", "push"].contains($0.type) && $0.object["items"] == nil }.map(\.name)
    }

    func render() -> String { swift ? renderSwift() : renderObjectiveC() }

    func renderObjectiveC() -> String {
        var out = ["#import <UIKit/UIKit.h>", "", "@interface \(className) : UIDynamicBehavior"]
        for item in itemNames { out.append("@property (strong, nonatomic) id <UIDynamicItem> \(item);") }
        out += ["- (void)addItem:(id <UIDynamicItem>)item;", "- (void)removeItem:(id <UIDynamicItem>)item;", "@end", "",
                "@interface \(className) ()"]
        for child in children { out.append("@property (strong, nonatomic) \(Self.classes[child.type]!) *\(child.name);") }
        out += ["@end", "", "@implementation \(className)", ""]
        for child in children {
            let (make, lines) = setup(child, variable: "_" + child.name)
            out += ["- (\(Self.classes[child.type]!) *)\(child.name)", "{", "    if (!_\(child.name)) {",
                    "        _\(child.name) = \(make);"]
            out += lines.map { "        " + $0 }
            out += ["    }", "    return _\(child.name);", "}", ""]
        }
        out += ["- (void)addItem:(id <UIDynamicItem>)item", "{"]
        out += forwarding.map { "    [self.\($0) addItem:item];" }
        out += ["}", "", "- (void)removeItem:(id <UIDynamicItem>)item", "{"]
        out += forwarding.map { "    [self.\($0) removeItem:item];" }
        out += ["}", "", "- (instancetype)init", "{", "    self = [super init];"]
        out += rootChildren.map { "    [self addChildBehavior:self.\($0)];" }
        out += ["    return self;", "}", "", "@end", ""]
        return out.joined(separator: "\n")
    }

    func renderSwift() -> String {
        var out = ["import UIKit", "", "class \(className): UIDynamicBehavior {"]
        for item in itemNames { out.append("    var \(item): UIDynamicItem!") }
        if !itemNames.isEmpty { out.append("") }
        for child in children {
            let (make, lines) = setup(child, variable: child.name)
            out.append("    lazy var \(child.name): \(Self.classes[child.type]!) = {")
            out.append("        let \(child.name) = \(make)")
            out += lines.map { "        " + $0 }
            out += ["        return \(child.name)", "    }()", ""]
        }
        out += ["    override init() {", "        super.init()"]
        out += rootChildren.map { "        addChildBehavior(\($0))" }
        out += ["    }", "", "    func addItem(_ item: UIDynamicItem) {"]
        out += forwarding.map { "        \($0).addItem(item)" }
        out += ["    }", "", "    func removeItem(_ item: UIDynamicItem) {"]
        out += forwarding.map { "        \($0).removeItem(item)" }
        out += ["    }", "}", ""]
        return out.joined(separator: "\n")
    }
}

private extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
