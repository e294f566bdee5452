extension CompactTableau {
    /// The same tableau as a `Tableau`: the same symbols (ids, kinds, levels, variables), rows,
    /// objectives, infeasible rows and pivot count, the same slot permutation, and columns with
    /// the entries this tableau counts (the same number, naming the same slots, with the same
    /// compacted length), so that `Tableau` goes on choosing subjects as it would have. Every value
    /// is written at the next read. Called between operations, never inside a transaction.
    func makeTableau() -> Tableau {
        var tableau = Tableau()
        tableau.reserveSymbols(symbolCount)
        for symbol in 0..<symbolCount {
            if let variable = variable(of: symbol) {
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
        for symbol in 0..<symbolCount { tableau.setSlot(of: symbol, to: symbols[symbol].slot) }
        for symbol in 0..<symbolCount {
            let column = symbols[symbol].column
            var entries = Array(column.slots)
            if let first = entries.first, entries.count < column.count {
                entries.append(contentsOf: repeatElement(first, count: column.count - entries.count))
            }
            tableau.setColumn(symbol, entries: entries, compactedLength: column.compactedLength)
        }
        tableau.objectives = objectives.map { Objective(level: $0.level, row: row($0.entry)) }
        tableau.infeasible = Array(infeasible)
        tableau.pricing.pricesEverySymbol = true
        tableau.work = work
        return tableau
    }
}
