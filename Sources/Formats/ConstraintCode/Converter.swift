import AutoLayout
import SourceCode

/// Why a value could not be resolved statically.
struct Unresolved: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// The work behind `ConstraintCode.convert`: a pass for declarations and views, then a pass for
/// the constraints, then the document.
struct ConstraintConverter {
    let file: SourceFile
    let knownViews: [String]?
    var symbols: Symbols

    struct ViewInfo {
        var name: String
        var id: String
        var className: String?
        var parent: String?
        var createdAt: SourcePosition?
        var isGuide: Bool
        var hugging: [LayoutAxis: Int] = [:]
        var compression: [LayoutAxis: Int] = [:]
    }

    /// One constraint-making expression.
    struct Creation {
        var position: SourcePosition
        var statement: String
        /// The text-format line(s), or why not.
        var lines: Result<[String], Unresolved>
        var isVisualFormat: Bool
        var active = false
        var priority: Int?
    }

    var views: [ViewInfo] = []
    var tamicOff: Set<String> = []
    var metrics: [(name: String, value: Double)] = []
    var creations: [Creation] = []
    /// Constraint variables and arrays: the creations they hold.
    var bound: [String: [Int]] = [:]
    /// Locals of a Swift `lazy var x: T = { let v = T(); …; return v }()` closure, by block, that stand for `x`.
    var aliases: [SourcePosition: [String: String]] = [:]
    var skipped: [LayoutConversion.Skipped] = []
    var warnings: [String] = []

    init(file: SourceFile, knownViews: [String]?) {
        self.file = file
        self.knownViews = knownViews
        self.symbols = Symbols(file: file)
    }

    var language: SourceLanguage { file.language }

    // MARK: Running

    mutating func run() -> LayoutConversion {
        let statements = file.root.allStatements()
        collectAliases(in: file.root, scope: [])
        for (statement, context) in statements {
            guard let loop = context.last, let (variable, elements) = forInArray(loop.header) else {
                declarations(statement, context: context)
                continue
            }
            // `for v in [a, b] { v.translatesAutoresizingMaskIntoConstraints = false; view.addSubview(v) }`
            for element in elements {
                aliases[loop.position, default: [:]][variable] = element
                declarations(statement, context: context)
            }
            aliases[loop.position]?[variable] = nil
        }
        for (statement, context) in statements { constraints(statement, context: context) }
        reportBlocks(file.root, context: [])
        return build()
    }

    static let constraintWords = ["Anchor", "constraint", "Constraint", "VisualFormat", "activate"]

    static let constraintSetters: Set<String> = ["priority", "active", "isActive", "setActive", "setPriority", "append",
                                                 "addObject", "addObjectsFromArray"]

    func mentionsConstraints(_ tokens: [Token]) -> Bool {
        tokens.contains { token in
            token.isIdentifier && token.text != "translatesAutoresizingMaskIntoConstraints"
                && !token.text.hasPrefix("setTranslatesAutoresizing")
                && (Self.constraintWords.contains { token.text.contains($0) } || Self.constraintSetters.contains(token.text)
                    || bound[CodeNames.canonical(token.text)] != nil)
        }
    }

    /// A block that is a closure or block literal making constraints: reported once, as a whole.
    func isConstraintClosure(_ block: SourceBlock) -> Bool {
        let words = block.header.filter(\.isIdentifier).map(\.text)
        let structural = words.first.map { Self.structuralWords.contains($0) } ?? true
        return !structural && mentionsConstraints(block.header) && !(block.header.first?.is("-") ?? false)
            && !(block.header.first?.is("+") ?? false)
    }

    static let structuralWords: Set<String> = ["if", "else", "for", "while", "func", "init", "class", "struct", "extension",
                                               "@implementation", "@interface", "override", "private", "public", "let",
                                               "var", "lazy", "do", "switch", "case", "guard", "repeat", "static",
                                               "fileprivate", "internal", "final", "@objc", "required", "convenience",
                                               "deinit", "@end", "enum", "protocol", "@MainActor"]

    func scope(_ context: [SourceBlock]) -> [SourcePosition] { context.map(\.position) }

    /// `lazy var NAME: TYPE =` and `let NAME: TYPE =` headers of Swift closures.
    func closureDeclaration(_ header: [Token]) -> (name: String, type: String?)? {
        var tokens = header[...]
        while let first = tokens.first, first.isIdentifier,
              ["lazy", "private", "fileprivate", "public", "internal", "weak", "final", "static"].contains(first.text)
                || first.text.hasPrefix("@") {
            tokens = tokens.dropFirst()
        }
        guard let keyword = tokens.first, keyword.text == "let" || keyword.text == "var",
              tokens.count >= 3, tokens.last?.is("=") == true else { return nil }
        let name = tokens[tokens.startIndex + 1]
        guard name.isIdentifier else { return nil }
        var type: String?
        if tokens[tokens.startIndex + 2].is(":") {
            type = tokens.dropFirst(3).dropLast().map(\.text).joined()
        }
        return (name.text, type)
    }

    mutating func collectAliases(in block: SourceBlock, scope: [SourcePosition]) {
        for node in block.body {
            guard case .block(let inner) = node else { continue }
            if let declared = closureDeclaration(inner.header) {
                let canonical = CodeNames.canonical(declared.name)
                if let className = CodeNames.declaredClass(declared.type), CodeNames.kind(ofClass: className) != nil {
                    noteView(canonical, id: declared.name, className: className, createdAt: inner.position)
                }
                for case .statement(let statement) in inner.body {
                    if case .returns(let value?)? = try? ExpressionParser.statement(statement, language: language),
                       let path = value.path, let local = CodeNames.variable(path) {
                        aliases[inner.position, default: [:]][local] = canonical
                    }
                }
            }
            collectAliases(in: inner, scope: scope + [inner.position])
        }
    }

    /// `for NAME in [a, b, c]` (Swift) and `for (UIView *NAME in @[a, b, c])` (Objective-C): the
    /// variable and the names of the elements.
    func forInArray(_ header: [Token]) -> (String, [String])? {
        guard header.first?.text == "for", let inIndex = header.firstIndex(where: { $0.isIdentifier && $0.text == "in" }),
              inIndex >= 2, header[inIndex - 1].isIdentifier else { return nil }
        var rest = header[(inIndex + 1)...]
        if language == .objectiveC, rest.last?.is(")") == true { rest = rest.dropLast() }
        guard let expression = try? ExpressionParser.parse(rest, language: language), case .array(let items) = expression else { return nil }
        var names: [String] = []
        for item in items {
            guard let path = item.path, let name = CodeNames.variable(path) else { return nil }
            names.append(name)
        }
        return (header[inIndex - 1].text, names)
    }

    /// The view or variable name a path stands for in a statement's context.
    func variableName(_ path: [String], context: [SourceBlock]) -> String? {
        guard let name = CodeNames.variable(path) else { return nil }
        for block in context.reversed() {
            if let alias = aliases[block.position]?[name] { return alias }
        }
        return name
    }

    // MARK: Pass 1: declarations, views, hierarchy

    mutating func declarations(_ statement: Statement, context: [SourceBlock]) {
        let tokens = statement.tokens
        if tokens.first?.text == "@property" {
            // `@property (nonatomic, strong) UILabel *name;`
            let names = tokens.filter(\.isIdentifier)
            if let name = names.last, let className = names.dropLast().last(where: { CodeNames.kind(ofClass: $0.text) != nil }) {
                noteView(CodeNames.canonical(name.text), id: name.text, className: className.text, createdAt: nil)
            }
            return
        }
        guard let form = try? ExpressionParser.statement(statement, language: language) else { return }
        let scope = scope(context)
        switch form {
        case .declaration(let name, let type, let value):
            let canonical = variableName([name], context: context) ?? name
            if let value {
                symbols.add(canonical, value, scope: scope, at: statement.position)
                if let className = CodeNames.createdClass(value) {
                    noteView(canonical, id: name, className: className, createdAt: statement.position)
                }
            } else if let className = CodeNames.declaredClass(type) {
                noteView(canonical, id: name, className: className, createdAt: nil)
            }
        case .assignment(let target, "=", let value):
            if case .member(let base, let property) = target {
                if property == "translatesAutoresizingMaskIntoConstraints", value == .boolean(false),
                   let path = base.path, let name = variableName(path, context: context) {
                    tamicOff.insert(name)
                    return
                }
            }
            guard let path = target.path, let name = variableName(path, context: context) else { return }
            symbols.add(name, value, scope: scope, at: statement.position)
            if let className = CodeNames.createdClass(value) {
                noteView(name, id: path.joined(separator: "."), className: className, createdAt: statement.position)
            }
        case .expression(let expression):
            hierarchy(expression, statement: statement, context: context)
        default:
            break
        }
    }

    mutating func noteView(_ name: String, id: String, className: String, createdAt: SourcePosition?) {
        let isGuide = className == "UILayoutGuide"
        if let index = views.firstIndex(where: { $0.name == name }) {
            if views[index].className == nil { views[index].className = className }
            if createdAt != nil && views[index].createdAt == nil { views[index].createdAt = createdAt }
            views[index].isGuide = views[index].isGuide || isGuide
        } else {
            views.append(ViewInfo(name: name, id: id, className: className, createdAt: createdAt, isGuide: isGuide))
        }
    }

    mutating func use(_ name: String, id: String) {
        if !views.contains(where: { $0.name == name }) {
            views.append(ViewInfo(name: name, id: id, className: nil, isGuide: false))
        }
    }

    /// `addSubview`, `addLayoutGuide`, translatesAutoresizing…, hugging and compression resistance.
    mutating func hierarchy(_ expression: Expression, statement: Statement, context: [SourceBlock]) {
        guard let send = MethodSend(expression) else { return }
        let (receiver, selector, arguments) = (send.receiver, send.selector, send.arguments)
        guard let receiverPath = receiver.path else { return }
        let parentName = CodeNames.isRootView(receiverPath) ? nil : variableName(receiverPath, context: context)
        switch selector {
        case "addSubview:", "addLayoutGuide:":
            guard let child = arguments.first?.path,
                  let name = variableName(child, context: context) else { return }
            if let index = views.firstIndex(where: { $0.name == name }) {
                views[index].parent = parentName
            } else {
                views.append(ViewInfo(name: name, id: child.joined(separator: "."), className: nil, parent: parentName,
                                      isGuide: selector.hasPrefix("addLayoutGuide")))
            }
        case "setTranslatesAutoresizingMaskIntoConstraints:":
            if arguments.first == .boolean(false), let name = variableName(receiverPath, context: context) { tamicOff.insert(name) }
        case "setContentHuggingPriority:forAxis:", "setContentHuggingPriority:for:",
             "setContentCompressionResistancePriority:forAxis:", "setContentCompressionResistancePriority:for:":
            guard let name = variableName(receiverPath, context: context), arguments.count == 2 else { return }
            let hugging = selector.hasPrefix("setContentHugging")
            let scope = scope(context)
            do {
                let priority = try ValueResolver(converter: self, scope: scope, at: statement.position).priority(arguments[0])
                let axis = try ValueResolver(converter: self, scope: scope, at: statement.position).axis(arguments[1])
                if knownViews != nil {
                    skipped.append(.init(line: statement.position.line, column: statement.position.column,
                                         reason: "`\(statement.text)`: the exercise sets the content priorities of its views; this is not graded"))
                    return
                }
                use(name, id: receiverPath.joined(separator: "."))
                guard let index = views.firstIndex(where: { $0.name == name }) else { return }
                if hugging { views[index].hugging[axis] = priority } else { views[index].compression[axis] = priority }
            } catch {
                skipped.append(.init(line: statement.position.line, column: statement.position.column,
                                     reason: "`\(statement.text)`: \(error.reason)"))
            }
        default:
            return
        }
    }

    // MARK: Pass 2: constraints

    static let loopWords: Set<String> = ["for", "while", "repeat", "forEach", "map", "compactMap", "flatMap",
                                         "enumerateObjectsUsingBlock", "makeObjectsPerformSelector"]

    func why(notReading context: [SourceBlock]) -> String? {
        for block in context {
            let words = block.header.filter(\.isIdentifier).map(\.text)
            if let word = words.first(where: Self.loopWords.contains) {
                return "inside `\(word)`: the reader does not run loops or closures, so these constraints are not counted"
            }
            if words.first == "else" {
                return "in an `else` branch: the reader follows only the first branch of an `if`"
            }
            if block.header.contains(where: { $0.is("^") }) {
                return "inside a block: the reader does not run blocks"
            }
        }
        return nil
    }

    mutating func constraints(_ statement: Statement, context: [SourceBlock]) {
        guard mentionsConstraints(statement.tokens) else { return }
        if context.contains(where: isConstraintClosure) { return }
        if let reason = why(notReading: context) {
            skip(statement, reason)
            return
        }
        let form: StatementForm
        do {
            form = try ExpressionParser.statement(statement, language: language)
        } catch {
            skipped.append(.init(line: error.position.line, column: error.position.column,
                                 reason: "`\(statement.text)` is not understood: \(error.reason)"))
            return
        }
        let at = Site(statement: statement, context: context)
        switch form {
        case .declaration(let name, _, let value?):
            let ids = references(value, at)
            if !ids.isEmpty { bound[variableName([name], context: context) ?? name] = ids }
        case .assignment(let target, let op, let value):
            if case .member(let base, let property) = target {
                switch property {
                case "isActive", "active":
                    let ids = references(base, at)
                    let on = value == .boolean(true)
                    for id in ids { creations[id].active = on }
                    if ids.isEmpty { skip(statement, "the constraint `\(sourceOf(base))` is not one the reader found") }
                    return
                case "priority":
                    let ids = references(base, at)
                    setPriority(value, of: ids, at)
                    return
                case "identifier":
                    return
                case "constant":
                    // Only a constraint the reader made counts; another object's `constant` is not a constraint's.
                    if !references(base, at).isEmpty {
                        skip(statement, "changing a constraint's constant after it is made is not followed")
                    }
                    return
                default:
                    break
                }
            }
            guard let path = target.path, let name = variableName(path, context: context) else {
                _ = references(value, at)
                return
            }
            let ids = references(value, at)
            if op == "+=" { bound[name, default: []] += ids } else if !ids.isEmpty || op == "=" { bound[name] = ids }
        case .expression(let expression):
            action(expression, at)
        case .returns(let value?):
            _ = references(value, at)
        default:
            break
        }
    }

    struct Site {
        let statement: Statement
        let context: [SourceBlock]
        var position: SourcePosition { statement.position }
    }

    mutating func skip(_ statement: Statement, _ reason: String) {
        skipped.append(.init(line: statement.position.line, column: statement.position.column,
                             reason: "`\(statement.text)`: \(reason)"))
    }

    func sourceOf(_ expression: Expression) -> String {
        expression.path?.joined(separator: ".") ?? "expression"
    }

    mutating func setPriority(_ value: Expression, of ids: [Int], _ at: Site) {
        do {
            let priority = try ValueResolver(converter: self, scope: scope(at.context), at: at.position).priority(value)
            for id in ids { creations[id].priority = priority }
        } catch {
            skip(at.statement, error.reason)
        }
    }

    /// A statement that activates, collects or sets up constraints.
    mutating func action(_ expression: Expression, _ at: Site) {
        guard let send = MethodSend(expression) else {
            _ = references(expression, at)
            return
        }
        let (receiver, selector, arguments) = (send.receiver, send.selector, send.arguments)
        switch selector {
        case "activate:", "activateConstraints:", "addConstraint:", "addConstraints:":
            for id in references(arguments.first ?? .null, at) { creations[id].active = true }
        case "setActive:":
            let on = arguments.first == .boolean(true)
            for id in references(receiver, at) { creations[id].active = on }
        case "setPriority:":
            setPriority(arguments.first ?? .null, of: references(receiver, at), at)
        case "append:", "addObject:", "addObjectsFromArray:", "append:contentsOf:":
            guard let path = receiver.path, let name = variableName(path, context: at.context) else { return }
            bound[name, default: []] += references(arguments.first ?? .null, at)
        case "deactivate:", "deactivateConstraints:", "removeConstraint:", "removeConstraints:":
            skip(at.statement, "removing or deactivating constraints is not followed")
        default:
            _ = references(expression, at)
        }
    }

    /// The creations an expression makes or names: a constraint-making call (recorded now), an
    /// array of them, or a variable holding them.
    mutating func references(_ expression: Expression, _ at: Site) -> [Int] {
        if let kind = ConstraintShape.classify(expression, language: language) {
            let resolver = ValueResolver(converter: self, scope: scope(at.context), at: at.position)
            let lines: Result<[String], Unresolved>
            var newMetrics: [(String, Double)] = []
            do {
                var builder = LineBuilder(resolver: resolver)
                lines = .success(try builder.lines(for: kind))
                newMetrics = builder.metrics
                for name in builder.usedViews { use(name.name, id: name.id) }
            } catch {
                lines = .failure(error)
            }
            for (name, value) in newMetrics where !metrics.contains(where: { $0.name == name }) {
                metrics.append((name, value))
            }
            let isVisualFormat: Bool
            if case .visualFormat = kind { isVisualFormat = true } else { isVisualFormat = false }
            creations.append(Creation(position: at.position, statement: at.statement.text, lines: lines,
                                      isVisualFormat: isVisualFormat))
            return [creations.count - 1]
        }
        switch expression.unwrapped {
        case .array(let items):
            var ids: [Int] = []
            for item in items { ids += references(item, at) }
            return ids
        case .binary("+", let a, let b):
            return references(a, at) + references(b, at)
        case .message(let receiver, "arrayByAddingObjectsFromArray:", let arguments):
            return references(receiver, at) + references(arguments.first ?? .null, at)
        case .message(let receiver, "arrayByAddingObject:", let arguments):
            return references(receiver, at) + references(arguments.first ?? .null, at)
        case .subscripted(let base, _):
            return references(base, at)
        case .call(_, let arguments):
            var ids: [Int] = []
            for argument in arguments { ids += references(argument.value, at) }
            return ids
        case .message(_, _, let arguments):
            var ids: [Int] = []
            for argument in arguments { ids += references(argument, at) }
            return ids
        default:
            if let path = expression.path, let name = variableName(path, context: at.context), let ids = bound[name] {
                return ids
            }
            return []
        }
    }

    /// Blocks whose headers make constraints (a closure passed to `activate`, …) are reported.
    mutating func reportBlocks(_ block: SourceBlock, context: [SourceBlock]) {
        for node in block.body {
            guard case .block(let inner) = node else { continue }
            if isConstraintClosure(inner) {
                skipped.append(.init(line: inner.header[0].position.line, column: inner.header[0].position.column,
                                     reason: "`\(inner.headerText) { … }`: constraints made in a closure or block are not read"))
            }
            reportBlocks(inner, context: context + [inner])
        }
    }

    // MARK: The document

    mutating func build() -> LayoutConversion {
        var conversionConstraints: [LayoutConversion.Constraint] = []
        var lines: [String] = []
        for creation in creations {
            switch creation.lines {
            case .failure(let problem):
                skipped.append(.init(line: creation.position.line, column: creation.position.column,
                                     reason: "`\(creation.statement)`: \(problem.reason)"))
            case .success(let text):
                guard creation.active else {
                    skipped.append(.init(line: creation.position.line, column: creation.position.column,
                                         reason: "`\(creation.statement)`: the constraint is made but never activated "
                                            + "(`isActive = true`, `activate` or `addConstraint`), so UIKit ignores it"))
                    continue
                }
                var text = text
                if let priority = creation.priority, priority != 1000 {
                    if creation.isVisualFormat {
                        skipped.append(.init(line: creation.position.line, column: creation.position.column,
                                             reason: "`\(creation.statement)`: a priority set on every constraint of a visual format is not read; write it inside the format (`@\(priority)`)"))
                    } else {
                        text = text.map { $0 + " @\(priority)" }
                    }
                }
                lines += text
                conversionConstraints.append(.init(line: creation.position.line, column: creation.position.column,
                                                   source: creation.statement, text: text.joined(separator: "\n")))
            }
        }
        skipped.sort { ($0.line, $0.column ?? 0) < ($1.line, $1.column ?? 0) }
        var declarations: [String] = []
        var conversionViews: [LayoutConversion.View] = []
        let builtIns: Set<String> = [CodeNames.safeArea, CodeNames.margins, CodeNames.topLayoutGuide,
                                     CodeNames.bottomLayoutGuide, LayoutDocument.containerName]
        var declared: Set<String> = []
        let firstSeen = firstMentions()
        let far = SourcePosition(line: Int.max, column: 0)
        views = views.enumerated().sorted { a, b in
            let (x, y) = (firstSeen[a.element.name] ?? far, firstSeen[b.element.name] ?? far)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        func declare(_ index: Int, depth: Int) {
            let view = views[index]
            guard !declared.contains(view.name), !builtIns.contains(view.name), depth < 64 else { return }
            if let parent = view.parent, let parentIndex = views.firstIndex(where: { $0.name == parent }) {
                declare(parentIndex, depth: depth + 1)
            }
            declared.insert(view.name)
            let kind = view.isGuide ? "guide" : view.className.flatMap(CodeNames.kind(ofClass:)) ?? "view"
            conversionViews.append(.init(name: view.name, id: view.id, kind: view.className ?? "UIView", source: "variable"))
            if view.isGuide || knownViews == nil {
                var line = view.isGuide ? "guide \(view.name)" : "view \(view.name)" + (kind == "view" ? "" : " \(kind)")
                if !view.isGuide {
                    let viewKind = ViewKind(rawValue: kind) ?? .view
                    if !view.hugging.isEmpty {
                        let h = view.hugging[.horizontal] ?? viewKind.defaultHugging.value
                        let v = view.hugging[.vertical] ?? viewKind.defaultHugging.value
                        line += " hugging \(h)x\(v)"
                    }
                    if !view.compression.isEmpty {
                        let h = view.compression[.horizontal] ?? 750
                        let v = view.compression[.vertical] ?? 750
                        line += " compression \(h)x\(v)"
                    }
                }
                if let parent = view.parent, declared.contains(parent) { line += " in \(parent)" }
                declarations.append(line)
            }
        }
        for index in views.indices where views[index].isGuide || views[index].createdAt != nil || usedInConstraints(views[index].name, lines) {
            declare(index, depth: 0)
        }
        for metric in metrics { declarations.append("metric \(metric.name) = \(formatted(metric.value))") }
        for view in views where !view.isGuide && view.createdAt != nil && !tamicOff.contains(view.name)
            && usedInConstraints(view.name, lines) && knownViews == nil {
            warnings.append("line \(view.createdAt!.line): `\(view.id)` never sets translatesAutoresizingMaskIntoConstraints "
                            + "to false, so UIKit would also pin it to its frame")
        }
        let document = (declarations + lines).joined(separator: "\n") + ((declarations + lines).isEmpty ? "" : "\n")
        return LayoutConversion(format: language == .swift ? .swift : .objectiveC, document: document,
                                views: conversionViews, constraints: conversionConstraints, skipped: skipped,
                                warnings: file.warnings.map(\.description) + warnings)
    }

    /// Where each name (without a leading underscore) first appears in the file.
    func firstMentions() -> [String: SourcePosition] {
        var seen: [String: SourcePosition] = [:]
        func visit(_ tokens: [Token]) {
            for token in tokens where token.isIdentifier {
                let name = CodeNames.canonical(token.text)
                if seen[name] == nil { seen[name] = token.position }
            }
        }
        func walk(_ block: SourceBlock) {
            visit(block.header)
            for node in block.body {
                switch node {
                case .statement(let statement): visit(statement.tokens)
                case .block(let inner): walk(inner)
                }
            }
        }
        walk(file.root)
        return seen
    }

    func usedInConstraints(_ name: String, _ lines: [String]) -> Bool {
        lines.contains { line in
            line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { $0 == name }
        }
    }
}

/// A number as the text format writes it.
func formatted(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
