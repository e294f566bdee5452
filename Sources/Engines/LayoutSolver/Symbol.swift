/// What a tableau symbol stands for.
///
/// Symbols are identified by integers handed out by a per-tableau counter, so every ordering the
/// simplex uses (row cells, columns, tie-breaking) depends only on the order of operations.
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality: restricted to be non-negative.
    case slack
    /// One side of the violation of a non-required constraint: non-negative, costs 1 at its level.
    case error
    /// The zero-valued marker of a required equality: never allowed to leave zero.
    case dummy

    /// Whether the simplex keeps the symbol non-negative.
    var isRestricted: Bool { self != .external }

    /// Whether the symbol may enter the basis to relieve a restricted row.
    var isPivotable: Bool { self == .slack || self == .error }
}

/// The tableau symbols that stand for one constraint.
///
/// The constraint's original row is `0 = constant + Σ terms + markerCoefficient·marker
/// (+ otherCoefficient·other)`; the coefficients tell how a change of the constant moves them.
struct ConstraintTag {
    var marker: Int
    var markerCoefficient: Double
    var other: Int?
    var otherCoefficient: Double
}
