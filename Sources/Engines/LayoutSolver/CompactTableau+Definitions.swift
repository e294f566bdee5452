/// Definitions in `CompactTableau`: a constraint that introduces a user variable placed against
/// basic ones is kept as written, as in `Tableau` (see `Tableau+Definitions.swift`), and read
/// through its expansion, built in the same order with the same arithmetic.
extension CompactTableau {
    /// The row of `symbol` over parametric symbols only, or nil when it is parametric: its own
    /// entry, or a temporary entry (`temporary`, which the caller frees) for a definition that
    /// names basic symbols.
    mutating func expandedRow(of symbol: Int) -> (entry: Int, temporary: Bool)? {
        guard isBasic(symbol) else { return nil }
        let entry = rowEntry(symbol)
        guard externals.contains(symbol), !heads[entry].mask.intersection(basic).isEmpty else { return (entry, false) }
        return (expanded(entry), true)
    }

    /// `entry` with every basic symbol replaced by its expanded row (`Tableau.expanded`): the
    /// definitions reached, each before those it names, then the other basic rows in id order,
    /// the cells gathered in that order and summed per symbol.
    private mutating func expanded(_ entry: Int) -> Int {
        if factors.count < symbolCount { factors.append(contentsOf: repeatElement(0, count: symbolCount - factors.count)) }
        order.removeAll(keepingCapacity: true)
        appendReachableDefinitions(from: entry)
        touched.removeAll(keepingCapacity: true)
        var gathered = SymbolMask()
        let result = newEntry()
        var constant = heads[entry].constant
        spread(entry, times: 1, into: result, gathered: &gathered)
        for index in order.indices.reversed() {
            let definition = order[index]
            guard gathered.contains(definition) else { continue }
            let factor = factors[definition]
            gathered.remove(definition)
            let definitionEntry = rowEntry(definition)
            constant += heads[definitionEntry].constant * factor
            spread(definitionEntry, times: factor, into: result, gathered: &gathered)
        }
        touched.sort()
        let stride = self.stride
        for symbol in touched {
            guard gathered.contains(symbol) else { continue }
            let factor = factors[symbol]
            gathered.remove(symbol)
            let rowEntry = rowEntry(symbol)
            constant += heads[rowEntry].constant * factor
            for cell in heads[rowEntry].mask { accumulate(result, cell, cells[rowEntry * stride + cell] * factor) }
        }
        dropCancelled(result)
        heads[result].constant = constant
        return result
    }

    /// Adds `factor ×` the parametric cells of `entry` to `result` and gathers the factors of
    /// the basic symbols it names.
    private mutating func spread(_ entry: Int, times factor: Double, into result: Int, gathered: inout SymbolMask) {
        let base = entry * stride
        for cell in heads[entry].mask {
            let value = cells[base + cell] * factor
            if !isBasic(cell) {
                accumulate(result, cell, value)
            } else {
                if !gathered.contains(cell) {
                    touched.append(cell)
                    factors[cell] = 0 + value
                    gathered.insert(cell)
                } else {
                    factors[cell] = factors[cell] + value
                }
            }
        }
    }

    /// Appends to `order` the definitions `entry` names directly or through other definitions, each
    /// after every definition it names (depth-first post-order).
    private mutating func appendReachableDefinitions(from entry: Int) {
        var visited = SymbolMask()
        stack.removeAll(keepingCapacity: true)
        for cell in heads[entry].mask where isDefinition(cell) && !visited.contains(cell) {
            visited.insert(cell)
            stack.append((cell, heads[rowEntry(cell)].mask))
            while var top = stack.last {
                guard let named = top.rest.first else {
                    stack.removeLast()
                    order.append(top.symbol)
                    continue
                }
                top.rest.remove(named)
                stack[stack.count - 1] = top
                if isDefinition(named) && !visited.contains(named) {
                    visited.insert(named)
                    stack.append((named, heads[rowEntry(named)].mask))
                }
            }
        }
    }

    /// The row of a constraint left as written and the user variable it defines, when the choice
    /// of subject would fall on a user variable that nothing mentions yet and the row names a basic
    /// symbol (`Tableau.definitionRow`); nil otherwise.
    mutating func definitionRow(_ terms: [Term], _ termSymbols: UnsafeMutableBufferPointer<Int>,
                                constant: Double) -> (entry: Int, subject: Int)? {
        let entry = newEntry()
        for (index, term) in terms.enumerated() where termSymbols[index] >= 0 {
            accumulate(entry, termSymbols[index], term.coefficient)
        }
        dropCancelled(entry)
        heads[entry].constant = constant
        let mask = heads[entry].mask
        let candidate = mask.intersection(externals).subtracting(basic).first(where: { symbols[$0].column.count == 0 })
        guard let subject = candidate,
              objectives.allSatisfy({ coefficient($0.entry, subject) == 0 }),
              !mask.intersection(basic).isEmpty else {
            freeEntry(entry)
            return nil
        }
        return (entry, subject)
    }
}
