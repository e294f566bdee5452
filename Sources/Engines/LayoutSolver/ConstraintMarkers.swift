/// What a tableau offers to give a new constraint's row its marker and error symbols. Both tableaus
/// follow the same rules (`addMarkers(of:to:)`); they differ only in where the row being built
/// lives: a `Row` value for `Tableau`, an entry of the pool for `CompactTableau`.
protocol ConstraintMarkers {
    /// The row being built.
    associatedtype NewRow

    /// A new symbol of `kind`, at `level` for an error symbol.
    mutating func makeSymbol(_ kind: SymbolKind, level: Int) -> Int
    /// Puts `coefficient × symbol` into the row being built (the symbol is new to it).
    mutating func insertMarker(_ symbol: Int, _ coefficient: Double, into row: inout NewRow)
    /// Adds `factor × symbol` to the objective of `level`.
    mutating func addToObjective(_ symbol: Int, times factor: Double, level: Int)
}

extension ConstraintMarkers {
    /// Gives the row of `constraint` its symbols, as kiwi does:
    /// - an inequality gets a slack symbol (its marker), and, unless required, an error symbol
    ///   entered in its strength's objective;
    /// - a required equality gets a dummy symbol, which never enters the basis;
    /// - an equality that is not required gets two error symbols, one for each direction, both
    ///   entered in the objective.
    ///
    /// Returns the tag by which the constraint's symbols are found again.
    @inline(__always)
    mutating func addMarkers(of constraint: Constraint, to row: inout NewRow) -> ConstraintTag {
        let level = constraint.strength.level
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack, level: 0)
            insertMarker(slack, coefficient, into: &row)
            if required {
                return ConstraintTag(marker: slack, markerCoefficient: coefficient, other: nil, otherCoefficient: 0)
            }
            let error = makeSymbol(.error, level: level)
            insertMarker(error, -coefficient, into: &row)
            addToObjective(error, times: 1, level: level)
            return ConstraintTag(marker: slack, markerCoefficient: coefficient, other: error,
                                 otherCoefficient: -coefficient)
        case .equal:
            if required {
                let dummy = makeSymbol(.dummy, level: 0)
                insertMarker(dummy, 1, into: &row)
                return ConstraintTag(marker: dummy, markerCoefficient: 1, other: nil, otherCoefficient: 0)
            }
            let plus = makeSymbol(.error, level: level)
            let minus = makeSymbol(.error, level: level)
            insertMarker(plus, -1, into: &row)
            insertMarker(minus, 1, into: &row)
            addToObjective(plus, times: 1, level: level)
            addToObjective(minus, times: 1, level: level)
            return ConstraintTag(marker: plus, markerCoefficient: -1, other: minus, otherCoefficient: 1)
        }
    }
}
