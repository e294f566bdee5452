/// An unknown of a linear constraint system.
///
/// Variables compare by identity: two variables with the same name are still different unknowns.
/// `value` is written by `Solver.updateVariables()`, which writes only the variables whose value
/// changed since that solver's previous update; a variable shared by several solvers therefore
/// holds whichever value was written last. Reading and writing a variable from several threads at
/// once is not supported.
public final class Variable: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// A name used only for descriptions and diagnostics.
    public let name: String

    /// The value the last `Solver.updateVariables()` assigned (0 before any update).
    ///
    /// Only the solver writes it, never while another access to it is under way, so writes skip
    /// the runtime exclusivity check (an update writes every value that changed).
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    /// The symbol this variable has in the tableau that last registered or searched for it: a
    /// hint, which a tableau trusts only when its own variable at that symbol is this one, so
    /// that finding a variable's symbol costs one comparison instead of a search or a hash. A
    /// variable shared by several solvers only makes them search more often. It stays -1 until a
    /// tableau registers the variable, so a tableau takes a variable without a hint as new at once.
    @exclusivity(unchecked) var symbolHint = -1

    /// Creates a variable with an optional diagnostic name.
    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String {
        name.isEmpty ? "<unnamed>" : name
    }
}

/// A variable multiplied by a coefficient.
public struct Term: Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    /// Creates `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient))*\(variable)"
    }
}

/// A linear expression: a sum of terms plus a constant.
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    /// Creates `Σ terms + constant`.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression made of one term.
    public init(_ term: Term) {
        self.init(terms: [term])
    }

    /// Creates the expression `1 * variable`.
    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)])
    }

    /// Creates a constant expression.
    public init(constant: Double) {
        self.init(terms: [], constant: constant)
    }

    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.description
            } else if term.coefficient < 0 {
                text += " - " + Term(term.variable, -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant > 0 { text += " + " + formatNumber(constant) }
        if constant < 0 { text += " - " + formatNumber(-constant) }
        return text
    }
}

/// Formats a number without a trailing `.0` for whole values.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(value)
}
