import SourceCode

/// Why a value could not be worked out without running the code.
struct Unresolved: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Resolves constant values: numbers (with `M_PI` and arithmetic), booleans, points, vectors,
/// insets, rectangles; names through the file's constants and `#define`s.
struct Values {
    let file: SourceFile
    var constants: [String: Expression] = [:]

    init(file: SourceFile) { self.file = file }

    func lookup(_ expression: Expression) -> Expression? {
        guard let path = expression.path else { return nil }
        var parts = path[...]
        if parts.first == "self" { parts = parts.dropFirst() }
        guard parts.count == 1, let name = parts.first else { return nil }
        let canonical = name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
        return constants[canonical] ?? file.define(name)
    }

    static let named: [String: Double] = [
        "M_PI": .pi, "M_PI_2": .pi / 2, "M_PI_4": .pi / 4, "M_2_PI": 2 / Double.pi, "M_1_PI": 1 / Double.pi,
        "CGFLOAT_MIN": 0,
    ]

    func describe(_ expression: Expression) -> String {
        expression.path?.joined(separator: ".") ?? "the value"
    }

    func number(_ expression: Expression, depth: Int = 0) throws(Unresolved) -> Double {
        guard depth < 12 else { throw Unresolved("`\(describe(expression))` refers to itself") }
        let operand = { (part: Expression) throws(Unresolved) -> Double in try number(part, depth: depth + 1) }
        if let value = try expression.unwrapped.arithmetic(operand, divisionByZero: { Unresolved("division by zero") }) { return value }
        switch expression.unwrapped {
        case .name(let name) where Self.named[name] != nil:
            return Self.named[name]!
        case .implicitMember("pi"), .member(.name("CGFloat"), "pi"), .member(.name("Double"), "pi"), .member(.name("Float"), "pi"):
            return .pi
        case .call(.name(let function), let arguments) where ["sqrt", "sqrtf", "fabs", "fabsf", "abs"].contains(function)
            && arguments.count == 1:
            let x = try number(arguments[0].value, depth: depth + 1)
            return function.hasPrefix("sqrt") ? x.squareRoot() : abs(x)
        default:
            if let value = lookup(expression) { return try number(value, depth: depth + 1) }
            throw Unresolved("`\(describe(expression))` is not a number the reader can work out without running the code")
        }
    }

    func bool(_ expression: Expression) throws(Unresolved) -> Bool {
        switch expression.unwrapped {
        case .boolean(let value): return value
        case .number(let value): return value != 0
        default:
            if let value = lookup(expression) { return try bool(value) }
            throw Unresolved("`\(describe(expression))` is not YES/NO or true/false")
        }
    }

    /// The numbers of a struct made by a C function or a Swift initializer with these labels:
    /// `CGPointMake(1, 2)`, `CGPoint(x: 1, y: 2)`.
    func numbers(_ expression: Expression, function: String, type: String, labels: [String]) throws(Unresolved) -> [Double] {
        switch expression.unwrapped {
        case .call(.name(let name), let arguments) where (name == function || name == type) && arguments.count == labels.count:
            var values: [Double] = []
            for argument in arguments { values.append(try number(argument.value)) }
            return values
        case .implicitMember("zero"), .member(.name(type), "zero"), .name("CGPointZero"), .name("UIEdgeInsetsZero"),
             .name("UIOffsetZero"), .name("CGRectZero"):
            return Array(repeating: 0, count: labels.count)
        default:
            if let value = lookup(expression) { return try numbers(value, function: function, type: type, labels: labels) }
            throw Unresolved("`\(describe(expression))` is not a \(type) the reader can work out without running the code")
        }
    }

    func point(_ e: Expression) throws(Unresolved) -> [Double] {
        try numbers(e, function: "CGPointMake", type: "CGPoint", labels: ["x", "y"])
    }

    func vector(_ e: Expression) throws(Unresolved) -> [Double] {
        try numbers(e, function: "CGVectorMake", type: "CGVector", labels: ["dx", "dy"])
    }

    func offset(_ e: Expression) throws(Unresolved) -> [Double] {
        try numbers(e, function: "UIOffsetMake", type: "UIOffset", labels: ["horizontal", "vertical"])
    }

    func insets(_ e: Expression) throws(Unresolved) -> [Double] {
        try numbers(e, function: "UIEdgeInsetsMake", type: "UIEdgeInsets", labels: ["top", "left", "bottom", "right"])
    }

    func rect(_ e: Expression) throws(Unresolved) -> [Double] {
        try numbers(e, function: "CGRectMake", type: "CGRect", labels: ["x", "y", "width", "height"])
    }

    /// The last name of an enumeration case: `UIPushBehaviorModeInstantaneous`, `.instantaneous`.
    func caseName(_ expression: Expression, prefix: String) throws(Unresolved) -> String {
        var name: String
        switch expression.unwrapped {
        case .implicitMember(let member): name = member
        default:
            guard let last = expression.path?.last else { throw Unresolved("`\(describe(expression))` is not a mode") }
            name = last
        }
        if name.hasPrefix(prefix) {
            name = String(name.dropFirst(prefix.count))
            name = (name.first?.lowercased() ?? "") + name.dropFirst()
        }
        return name
    }
}
