import JSON
import SourceCode

/// The work behind `BehaviorCode.convert`: one walk over the file that records each behavior
/// object (its class, initializer, property assignments and calls), then the tree.
struct BehaviorReader {
    let file: SourceFile
    let items: [String]
    let behaviorIDs: [String]
    var values: Values

    /// One behavior variable of the code.
    struct Object {
        var name: String
        var className: String?
        var initializer: (selector: String, arguments: [Expression])?
        var created: SourcePosition?
        /// `x.property = value`, in order.
        var assignments: [(property: String, value: Expression, at: SourcePosition)] = []
        /// `[x selector…]` / `x.method(…)`, in order.
        var calls: [(selector: String, arguments: [Expression], at: SourcePosition)] = []
        /// Items given by `addItem:`.
        var addedItems: [(Expression, SourcePosition)] = []
        /// Children given by `addChildBehavior:`.
        var children: [String] = []
        /// Where it is first added to a parent or an animator.
        var added: SourcePosition?
    }

    var objects: [String: Object] = [:]
    var order: [String] = []
    /// `UIDynamicBehavior` subclasses, and the children each adds to itself.
    var subclasses: [String] = []
    var classChildren: [String: [String]] = [:]
    /// The classes (`""` outside any) that add children to themselves, in source order.
    var classOrder: [String] = []
    var animators: Set<String> = []
    var animatorChildren: [String] = []
    var aliases: [SourcePosition: [String: String]] = [:]
    var skipped: [BehaviorConversion.Skipped] = []
    var warnings: [String] = []
    var locations: [BehaviorConversion.Location] = []

    static let behaviorClasses: [String: String] = [
        "UIGravityBehavior": "gravity", "UICollisionBehavior": "collision", "UIDynamicItemBehavior": "itemBehavior",
        "UIAttachmentBehavior": "attachment", "UIPushBehavior": "push", "UISnapBehavior": "snap",
        "UIDynamicBehavior": "composite",
    ]

    init(file: SourceFile, items: [String], behaviorIDs: [String]) {
        self.file = file
        self.items = items
        self.behaviorIDs = behaviorIDs
        self.values = Values(file: file)
    }

    var language: SourceLanguage { file.language }

    mutating func run() -> BehaviorConversion {
        walk(file.root, context: [], currentClass: nil)
        let tree = build()
        skipped.sort { ($0.line, $0.column ?? 0) < ($1.line, $1.column ?? 0) }
        let all = file.warnings.map(\.description) + warnings
        let sorted = all.enumerated().sorted { a, b in
            let (x, y) = (Self.line(of: a.element), Self.line(of: b.element))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        return BehaviorConversion(language: language, tree: tree, skipped: skipped, warnings: sorted,
                                  locations: locations.sorted { $0.path < $1.path })
    }

    /// The N of a `line N: …` message (0 for messages without one, which come first).
    static func line(of message: String) -> Int {
        guard message.hasPrefix("line ") else { return 0 }
        return Int(message.dropFirst(5).prefix { $0.isNumber }) ?? 0
    }

    static func canonical(_ name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }

    /// The variable a path names in a context: `self.gravity`, `_gravity`, `gravity`, or the
    /// lazy closure's local that stands for it.
    func variable(_ expression: Expression, context: [SourceBlock]) -> String? {
        guard var path = expression.unwrapped.path else { return nil }
        if path.first == "self" { path.removeFirst() }
        guard path.count == 1 else { return nil }
        let name = Self.canonical(path[0])
        for block in context.reversed() {
            if let alias = aliases[block.position]?[name] { return alias }
        }
        return name
    }

    mutating func object(_ name: String) -> Object {
        if let existing = objects[name] { return existing }
        order.append(name)
        let created = Object(name: name)
        objects[name] = created
        return created
    }

    mutating func update(_ name: String, _ change: (inout Object) -> Void) {
        var value = object(name)
        change(&value)
        objects[name] = value
    }

    mutating func skip(_ position: SourcePosition, _ reason: String) {
        skipped.append(.init(line: position.line, column: position.column, reason: reason))
    }

    // MARK: The walk

    mutating func walk(_ block: SourceBlock, context: [SourceBlock], currentClass: String?) {
        var currentClass = currentClass
        for node in block.body {
            switch node {
            case .statement(let statement):
                let first = statement.tokens.first?.text
                if first == "@interface", statement.tokens.count >= 4, statement.tokens[2].is(":") {
                    let superclass = statement.tokens[3].text
                    if superclass == "UIDynamicBehavior" || subclasses.contains(superclass) {
                        subclasses.append(statement.tokens[1].text)
                    }
                    continue
                }
                if first == "@implementation", statement.tokens.count >= 2 {
                    currentClass = statement.tokens[1].text
                    continue
                }
                if first == "@end" { currentClass = nil; continue }
                if first?.hasPrefix("@") == true || first == "#" { continue }
                // `- (void)addItem:(id <UIDynamicItem>)item;` declares a method; nothing to read.
                if language == .objectiveC, context.isEmpty, first == "-" || first == "+" { continue }
                process(statement, context: context, currentClass: currentClass)
            case .block(let inner):
                let words = inner.header.filter(\.isIdentifier).map(\.text)
                if words.first == "class" || words.contains("class") && language == .swift {
                    if let index = inner.header.firstIndex(where: { $0.text == "class" }), inner.header.count > index + 3,
                       inner.header[index + 2].is(":") {
                        let name = inner.header[index + 1].text
                        let superclass = inner.header[index + 3].text
                        if superclass == "UIDynamicBehavior" || subclasses.contains(superclass) { subclasses.append(name) }
                        walk(inner, context: context + [inner], currentClass: name)
                        continue
                    }
                }
                if let reason = notGraded(inner) {
                    let at = inner.header.first?.position ?? inner.position
                    skip(at, "`\(inner.headerText)`: \(reason)")
                    continue
                }
                noteClosureAlias(inner)
                checkUnderscoreSlip(inner)
                walk(inner, context: context + [inner], currentClass: currentClass)
            }
        }
    }

    /// Gesture handlers, action blocks and collision delegates: the exercise's script plays the
    /// user's part, so they are reported and not graded.
    func notGraded(_ block: SourceBlock) -> String? {
        let words = block.header.filter(\.isIdentifier).map(\.text)
        if words.contains(where: { $0.hasSuffix("GestureRecognizer") }) || words.contains("IBAction") || words.contains("@IBAction")
            || words.contains("@objc") && words.contains("func") && words.contains(where: { $0.lowercased().contains("pan") || $0.lowercased().contains("tap") }) {
            return "a gesture handler is not graded: the exercise's script plays the user's part"
        }
        if let index = block.header.firstIndex(where: { $0.isIdentifier && $0.text == "action" }),
           block.header.dropFirst(index + 1).first?.is("=") == true {
            return "an action block is not graded: it runs while the animation does, which the reader never does"
        }
        if words.contains(where: { $0 == "collisionBehavior" }) && (words.first == "func" || block.header.first?.is("-") == true) {
            return "a collision delegate method is not graded: the exercise checks where the items go, not what the delegate does"
        }
        if block.header.contains(where: { $0.is("^") }) {
            return "a block is not graded: the reader does not run blocks"
        }
        return nil
    }

    /// `lazy var gravity: UIGravityBehavior = { let g = UIGravityBehavior(); …; return g }()`:
    /// inside, `g` stands for `gravity`.
    mutating func noteClosureAlias(_ block: SourceBlock) {
        var header = block.header[...]
        while let first = header.first, first.isIdentifier, first.text != "let" && first.text != "var" { header = header.dropFirst() }
        guard header.count >= 3, header.last?.is("=") == true, header.dropFirst().first?.isIdentifier == true else { return }
        let name = Self.canonical(header[header.startIndex + 1].text)
        for case .statement(let statement) in block.body {
            if case .returns(let value?)? = try? ExpressionParser.statement(statement, language: language),
               let path = value.path, path.count == 1 {
                aliases[block.position, default: [:]][Self.canonical(path[0])] = name
            }
        }
    }

    /// `if (!gravity) { _gravity = … }` in a getter: a compiler stops at the missing underscore;
    /// the reader warns and reads `_gravity`.
    mutating func checkUnderscoreSlip(_ block: SourceBlock) {
        let header = block.header
        guard language == .objectiveC, header.first?.text == "if" else { return }
        let names = header.filter { $0.isIdentifier && $0.text != "if" && $0.text != "nil" && $0.text != "self" }
        guard names.count == 1, let name = names.first, !name.text.hasPrefix("_") else { return }
        let ivar = "_" + name.text
        let assignsIvar = block.body.contains { node in
            guard case .statement(let statement) = node else { return false }
            return statement.tokens.first?.text == ivar
        }
        if assignsIvar {
            warnings.append("line \(name.position.line): `\(sourceText(header[...]))` tests `\(name.text)`, but the getter's "
                            + "instance variable is `\(ivar)` (a compiler stops here); read as `\(ivar)`")
        }
    }

    static let interesting = ["Behavior", "addItem", "addChildBehavior", "addBehavior", "magnitude", "angle", "elasticity",
                              "friction", "density", "resistance", "allowsRotation", "Boundary", "damping", "frequency",
                              "length", "pushDirection", "gravityDirection", "collisionMode", "anchorPoint", "snapPoint",
                              "active", "anchored", "Animator", "animator"]

    func mentionsBehaviors(_ statement: Statement) -> Bool {
        statement.tokens.contains { token in token.isIdentifier && Self.interesting.contains { token.text.contains($0) } }
    }

    mutating func process(_ statement: Statement, context: [SourceBlock], currentClass: String?) {
        let form: StatementForm
        do {
            form = try ExpressionParser.statement(statement, language: language)
        } catch {
            if mentionsBehaviors(statement) {
                skip(error.position, "`\(statement.text)` is not understood: \(error.reason)")
            }
            return
        }
        let at = statement.position
        switch form {
        case .declaration(let name, let type, let value):
            let canonical = variable(.name(name), context: context) ?? Self.canonical(name)
            guard let value else {
                if let type, type.contains("UIDynamicAnimator") { animators.insert(canonical) }
                return
            }
            assign(canonical, value, statement: statement, context: context, type: type)
        case .assignment(let target, "=", let value):
            if case .member(let base, let property) = target.unwrapped, let name = variable(base, context: context),
               name != "self" || property == "action" {
                if property == "action" || property == "collisionDelegate" {
                    skip(at, "`\(statement.text)`: \(property == "action" ? "an action block" : "a collision delegate") is not graded")
                    return
                }
                if objects[name] != nil || mentionsBehaviors(statement) {
                    update(name) { $0.assignments.append((property, value, at)) }
                }
                return
            }
            guard let name = variable(target, context: context) else {
                if mentionsBehaviors(statement) { skip(at, "`\(statement.text)` is not understood") }
                return
            }
            if name == "self" { return }
            assign(name, value, statement: statement, context: context, type: nil)
        case .expression(let expression):
            call(expression, statement: statement, context: context, currentClass: currentClass)
        default:
            return
        }
    }

    /// `name = value`: a behavior made, an animator, or a constant.
    mutating func assign(_ name: String, _ value: Expression, statement: Statement, context: [SourceBlock], type: String?) {
        if let (className, selector, arguments) = creation(value) {
            if className == "UIDynamicAnimator" {
                animators.insert(name)
                return
            }
            update(name) { object in
                object.className = className
                object.initializer = (selector, arguments)
                object.created = statement.position
            }
            return
        }
        if let type, type.contains("UIDynamicAnimator") { animators.insert(name); return }
        if let other = variable(value, context: context), objects[other] != nil {
            // `UIGravityBehavior *g = self.gravity;` names the same behavior.
            return
        }
        values.constants[name] = value
    }

    /// `[[UIGravityBehavior alloc] init…]`, `[UIGravityBehavior new]`, `UIGravityBehavior(…)`.
    func creation(_ expression: Expression) -> (String, String, [Expression])? {
        func known(_ name: String) -> Bool {
            Self.behaviorClasses[name] != nil || name == "UIDynamicAnimator" || subclasses.contains(name)
                || (name.hasSuffix("Behavior") && name.first?.isUppercase == true)
        }
        switch expression.unwrapped {
        case .message(.message(.name(let name), "alloc", _), let selector, let arguments) where known(name):
            return (name, selector, arguments)
        case .message(.name(let name), "new", _) where known(name):
            return (name, "init", [])
        case .call(.name(let name), let arguments) where known(name):
            return (name, swiftSelector(arguments), arguments.map(\.value))
        case .call(.member(.name(let name), "init"), let arguments) where known(name):
            return (name, swiftSelector(arguments), arguments.map(\.value))
        default:
            return nil
        }
    }

    /// `initWithItem:attachedToAnchor:` for `(item: …, attachedToAnchor: …)`.
    func swiftSelector(_ arguments: [Expression.Argument]) -> String {
        guard !arguments.isEmpty else { return "init" }
        return "init(" + arguments.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    mutating func call(_ expression: Expression, statement: Statement, context: [SourceBlock], currentClass: String?) {
        var receiver: Expression
        var selector: String
        var arguments: [Expression]
        if let send = MethodSend(expression) {
            (receiver, selector, arguments) = (send.receiver, send.selector, send.arguments)
        } else if case .call(.name(let method), let a) = expression, method == "addChildBehavior" || method == "addItem" {
            receiver = .name("self")
            selector = method + ":"
            arguments = a.map(\.value)
        } else {
            if mentionsBehaviors(statement) { skip(statement.position, "`\(statement.text)` is not understood") }
            return
        }
        let at = statement.position
        let receiverName = variable(receiver, context: context)
        if receiver == .name("super") { return }
        switch selector {
        case "addChildBehavior:":
            guard let child = arguments.first.flatMap({ variable($0, context: context) }) else {
                skip(at, "`\(statement.text)`: the child behavior is not one the reader can name")
                return
            }
            if receiverName == "self" || receiverName == nil {
                // Outside an `@implementation` (a listing of methods alone), `self` is the behavior.
                let owner = currentClass ?? ""
                if classChildren[owner] == nil { classOrder.append(owner) }
                classChildren[owner, default: []].append(child)
            } else if let receiverName {
                update(receiverName) { $0.children.append(child) }
            }
            update(child) { if $0.added == nil { $0.added = at } }
        case "addBehavior:":
            guard let child = arguments.first.flatMap({ variable($0, context: context) }) else {
                skip(at, "`\(statement.text)`: the behavior is not one the reader can name")
                return
            }
            if let receiverName, animators.contains(receiverName) || receiverName.lowercased().contains("animator") {
                animators.insert(receiverName)
                animatorChildren.append(child)
                update(child) { if $0.added == nil { $0.added = at } }
            }
        case "addItem:":
            guard let receiverName, receiverName != "self", let item = arguments.first else { return }
            update(receiverName) { $0.addedItems.append((item, at)) }
        case "removeItem:", "removeChildBehavior:", "removeBehavior:", "removeAllBehaviors", "removeAllBoundaries":
            return
        default:
            guard let receiverName, receiverName != "self", receiverName != "super" else {
                if mentionsBehaviors(statement) { skip(at, "`\(statement.text)` is not understood") }
                return
            }
            if animators.contains(receiverName) { return }
            update(receiverName) { $0.calls.append((selector, arguments, at)) }
        }
    }
}
