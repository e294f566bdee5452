/// An expression as the reader understands it: literals, names, member access, calls and
/// Objective-C messages, collection literals and arithmetic. Nothing is evaluated here.
public indirect enum Expression: Sendable, Equatable {
    case number(Double)
    case string(String, interpolated: Bool)
    case boolean(Bool)
    /// `nil`, `NULL`, `Nil`.
    case null
    /// A name: `self`, `_gravity`, `NSLayoutAttributeLeading`.
    case name(String)
    /// Swift's `.defaultHigh`.
    case implicitMember(String)
    /// `base.name`.
    case member(Expression, String)
    /// `callee(label: value, …)`: a Swift call or a C function call.
    case call(Expression, [Argument])
    /// `[receiver selector:argument …]`: `selector` is the whole selector (`addBoundaryWithIdentifier:fromPoint:toPoint:`).
    case message(Expression, selector: String, arguments: [Expression])
    /// `base[index]`.
    case subscripted(Expression, Expression)
    case array([Expression])
    case dictionary([Pair])
    case unary(String, Expression)
    case binary(String, Expression, Expression)
    /// `(CGFloat)8` or `8 as CGFloat`.
    case cast(String, Expression)
    /// `cond ? a : b`.
    case conditional(Expression, Expression, Expression)

    /// A labelled argument of a Swift call.
    public struct Argument: Sendable, Equatable {
        public let label: String?
        public let value: Expression

        public init(label: String?, value: Expression) {
            self.label = label
            self.value = value
        }
    }

    /// A key and value of a dictionary literal.
    public struct Pair: Sendable, Equatable {
        public let key: Expression
        public let value: Expression
    }

    /// `a.b.c` as `["a", "b", "c"]` when the expression is only names and members.
    public var path: [String]? {
        switch self {
        case .name(let name): return [name]
        case .member(let base, let name): return base.path.map { $0 + [name] }
        default: return nil
        }
    }

    /// The expression with casts, parentheses and `@( )` boxes removed.
    public var unwrapped: Expression {
        if case .cast(_, let inner) = self { return inner.unwrapped }
        return self
    }
}

/// A statement as the reader understands it.
public enum StatementForm: Sendable, Equatable {
    /// `let name = value`, `UIView *name = value;`, `static NSString *const name = value;`.
    case declaration(name: String, type: String?, value: Expression?)
    /// `target = value` (`op` is `=`, `+=`, …).
    case assignment(target: Expression, op: String, value: Expression)
    /// `return value`.
    case returns(Expression?)
    case expression(Expression)
}

/// Why a statement or expression could not be read.
public struct ParseFailure: Error, Sendable, Equatable {
    public let position: SourcePosition
    public let reason: String

    public init(_ position: SourcePosition, _ reason: String) {
        self.position = position
        self.reason = reason
    }
}
