extension CompactTableau {
    /// The same tableau as a `Tableau`: the same symbols (ids, kinds, levels, variables), rows,
    /// objectives, infeasible rows and pivot count. Its columns list exactly the rows that hold
    /// each symbol (the stale entries this tableau counts are not carried over), and every value
    /// is written at the next read. Called between operations, never inside a transaction.
    func makeTableau() -> Tableau {
        var tableau = Tableau()
        tableau.reserveSymbols(symbolCount)
        for symbol in 0..<symbolCount {
            if let variable = variables[symbol] {
                _ = tableau.symbol(for: variable)
            } else {
                _ = tableau.makeSymbol(kind(symbol), level: level(symbol))
            }
        }
        for symbol in basic.subtracting(externals) { tableau.installRow(symbol, row(rowEntry(symbol))) }
        for symbol in basic.intersection(externals) { tableau.installRow(symbol, row(rowEntry(symbol))) }
        for symbol in basic.intersection(externals) {
            for named in heads[rowEntry(symbol)].mask.intersection(basic) { tableau.addDependent(symbol, of: named) }
        }
        tableau.objectives = objectives.map { Objective(level: $0.level, row: row($0.entry)) }
        tableau.infeasible = Array(infeasible)
        tableau.pricing.pricesEverySymbol = true
        tableau.work = work
        return tableau
    }
}
