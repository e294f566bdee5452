/// The relation between a constraint's expression and zero.
public enum Relation: Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual

    var symbol: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear constraint `expression (== | <= | >=) 0` with a strength.
///
/// Constraints compare by identity: adding two equal-looking constraint objects adds two constraints.
/// A constraint may be in several solvers at once; as with `Variable`, solvers that share one must
/// not add or remove it on several threads at once (they keep the bookkeeping below in it).
public final class Constraint: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength

    /// How many solvers hold this constraint, and, while exactly one has held it since it was last
    /// in none, the position of its record there (else -1): what lets a solver find its own record
    /// of the constraint, or know it has none, without a search (see `Solver+Records.swift`). Only
    /// solvers write them, as they add and remove the constraint, never while another access to
    /// them is under way.
    @exclusivity(unchecked) var holders = 0
    @exclusivity(unchecked) var recordHint = -1

    /// Creates `expression relation 0` with the given strength.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// A new constraint with the same expression and relation and another strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String {
        "\(Expression(terms: expression.terms)) \(relation.symbol) \(formatNumber(-expression.constant)) (\(strength))"
    }
}
