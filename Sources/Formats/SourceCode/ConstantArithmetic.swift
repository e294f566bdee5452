extension Expression {
    /// The type names whose one-argument call converts a number (`CGFloat(8)`, `Double(x)`).
    public static let numericConversions: Set<String> = ["CGFloat", "Double", "Float", "Int", "NSNumber"]

    /// The number this expression stands for when it is plain arithmetic: a number literal, `-x`,
    /// `x + y`, `x - y`, `x * y`, `x / y` or a numeric conversion such as `CGFloat(x)`, with
    /// `operand` working out each part (so a reader decides what names and deeper forms mean).
    /// `nil` when it is none of these.
    /// - Throws: what `operand` throws, or `divisionByZero()` for `x / 0`.
    public func arithmetic<Failure: Error>(_ operand: (Expression) throws(Failure) -> Double,
                                           divisionByZero: () -> Failure) throws(Failure) -> Double? {
        switch self {
        case .number(let value):
            return value
        case .unary("-", let inner):
            return -(try operand(inner))
        case .binary(let op, let a, let b) where ["+", "-", "*", "/"].contains(op):
            let x = try operand(a)
            let y = try operand(b)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default:
                guard y != 0 else { throw divisionByZero() }
                return x / y
            }
        case .call(.name(let type), let arguments) where Self.numericConversions.contains(type) && arguments.count == 1:
            return try operand(arguments[0].value)
        default:
            return nil
        }
    }
}
