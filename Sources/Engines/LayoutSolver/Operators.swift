/// A value that can stand for a linear expression in operators: `Variable`, `Term` and `Expression`.
///
/// `Double` is deliberately not a conforming type, so that the operators below never apply to two
/// plain numbers and ordinary arithmetic keeps its usual meaning.
public protocol LinearExpressible {
    /// The value as a linear expression.
    var linearExpression: Expression { get }
}

extension Variable: LinearExpressible {
    public var linearExpression: Expression { Expression(self) }
}

extension Term: LinearExpressible {
    public var linearExpression: Expression { Expression(self) }
}

extension Expression: LinearExpressible {
    public var linearExpression: Expression { self }
}

extension Expression {
    /// The expression multiplied by a number.
    func scaled(by factor: Double) -> Expression {
        Expression(terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// The sum of two expressions (terms concatenated, not merged).
    func adding(_ other: Expression) -> Expression {
        Expression(terms: terms + other.terms, constant: constant + other.constant)
    }
}

// MARK: Arithmetic

public prefix func - <T: LinearExpressible>(operand: T) -> Expression {
    operand.linearExpression.scaled(by: -1)
}

public func * <T: LinearExpressible>(lhs: T, rhs: Double) -> Expression {
    lhs.linearExpression.scaled(by: rhs)
}

public func * <T: LinearExpressible>(lhs: Double, rhs: T) -> Expression {
    rhs.linearExpression.scaled(by: lhs)
}

/// Division by a number; dividing by zero yields non-finite coefficients, which `Solver.add` rejects.
public func / <T: LinearExpressible>(lhs: T, rhs: Double) -> Expression {
    lhs.linearExpression.scaled(by: 1 / rhs)
}

public func + <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Expression {
    lhs.linearExpression.adding(rhs.linearExpression)
}

public func + <L: LinearExpressible>(lhs: L, rhs: Double) -> Expression {
    lhs.linearExpression.adding(Expression(constant: rhs))
}

public func + <R: LinearExpressible>(lhs: Double, rhs: R) -> Expression {
    Expression(constant: lhs).adding(rhs.linearExpression)
}

public func - <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Expression {
    lhs.linearExpression.adding(rhs.linearExpression.scaled(by: -1))
}

public func - <L: LinearExpressible>(lhs: L, rhs: Double) -> Expression {
    lhs.linearExpression.adding(Expression(constant: -rhs))
}

public func - <R: LinearExpressible>(lhs: Double, rhs: R) -> Expression {
    Expression(constant: lhs).adding(rhs.linearExpression.scaled(by: -1))
}

// MARK: Relations

/// `lhs == rhs` as a required constraint (`lhs - rhs == 0`). Between two variables, give the result a
/// `Constraint` context (for example pass it to `Solver.add`), otherwise identity comparison is chosen.
public func == <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

public func == <L: LinearExpressible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

public func == <R: LinearExpressible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

public func <= <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

public func <= <L: LinearExpressible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

public func <= <R: LinearExpressible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

public func >= <L: LinearExpressible, R: LinearExpressible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

public func >= <L: LinearExpressible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

public func >= <R: LinearExpressible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The same constraint with another strength: `(x == 100) | .weak`. The parentheses are needed:
/// `|` binds tighter than the relational operators.
public func | (constraint: Constraint, strength: Strength) -> Constraint {
    constraint.withStrength(strength)
}
