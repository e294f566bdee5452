/// How hard the solver tries to satisfy a constraint.
///
/// Encoding: a strength is an Auto Layout priority level, an integer in 1...1000, where 1000 is
/// `required`. Levels are compared lexicographically, not added up: the solver keeps one objective per
/// level and minimizes the error of a level only among the solutions that are optimal for every
/// stronger level, so one priority-999 constraint beats any number of priority-998 constraints.
/// Within one level every constraint has weight 1: the solver minimizes the sum of absolute
/// violations of that level's constraints. Limits: 999 non-required levels and no fractional
/// priorities; levels are exact integers, so ordering never depends on floating-point magnitudes.
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The priority level, 1...1000 (1000 is required).
    public let level: Int

    private init(level: Int) {
        self.level = level
    }

    /// Must hold; a system whose required constraints cannot all hold is rejected.
    public static let required = Strength(level: 1000)
    /// Auto Layout's "high" priority, 750.
    public static let strong = Strength(level: 750)
    /// Priority 500.
    public static let medium = Strength(level: 500)
    /// The lowest priority, 1. Constraints at this level do not count when deciding whether a
    /// variable is determined (`Solver.ambiguousVariables(among:)`).
    public static let weak = Strength(level: 1)

    /// Auto Layout priority `p`; values outside 1...1000 are clamped into that range.
    public static func priority(_ p: Int) -> Strength {
        Strength(level: min(max(p, 1), 1000))
    }

    /// Whether this is `required`.
    public var isRequired: Bool { level == Strength.required.level }

    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        lhs.level < rhs.level
    }

    public var description: String {
        isRequired ? "required" : "priority \(level)"
    }
}
