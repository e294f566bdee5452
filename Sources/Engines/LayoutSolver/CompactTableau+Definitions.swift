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
    /// the cells gathered in that order and summed per symbol. Its scratch lists live on the stack.
    private mutating func expanded(_ entry: Int) -> Int {
        let capacity = symbolCount
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { factors in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * capacity) { lists in
                withUnsafeTemporaryAllocation(of: (symbol: Int, rest: Mask).self, capacity: capacity) { stack in
                    var scratch = ExpansionScratch(factors: factors, order: UnsafeMutableBufferPointer(rebasing: lists[..<capacity]),
                                                   touched: UnsafeMutableBufferPointer(rebasing: lists[capacity...]),
                                                   stack: stack)
                    return expanded(entry, scratch: &scratch)
                }
            }
        }
    }

    /// The lists of one expansion: the factor gathered for each basic symbol, the definitions in
    /// dependency order, the basic symbols reached, and the stack of the depth-first walk.
    private struct ExpansionScratch {
        var factors: UnsafeMutableBufferPointer<Double>
        var order: UnsafeMutableBufferPointer<Int>
        var touched: UnsafeMutableBufferPointer<Int>
        var stack: UnsafeMutableBufferPointer<(symbol: Int, rest: Mask)>
        var orderCount = 0
        var touchedCount = 0
        var gathered = Mask()
    }

    private mutating func expanded(_ entry: Int, scratch: inout ExpansionScratch) -> Int {
        appendReachableDefinitions(from: entry, scratch: &scratch)
        let result = newEntry()
        var constant = heads[entry].constant
        spread(entry, times: 1, into: result, scratch: &scratch)
        for index in (0..<scratch.orderCount).reversed() {
            let definition = scratch.order[index]
            guard scratch.gathered.contains(definition) else { continue }
            let factor = scratch.factors[definition]
            scratch.gathered.remove(definition)
            let definitionEntry = rowEntry(definition)
            constant += heads[definitionEntry].constant * factor
            spread(definitionEntry, times: factor, into: result, scratch: &scratch)
        }
        var touched = UnsafeMutableBufferPointer(rebasing: scratch.touched[..<scratch.touchedCount])
        touched.sort()
        for index in 0..<scratch.touchedCount {
            let symbol = scratch.touched[index]
            guard scratch.gathered.contains(symbol) else { continue }
            let factor = scratch.factors[symbol]
            scratch.gathered.remove(symbol)
            let rowEntry = rowEntry(symbol)
            constant += heads[rowEntry].constant * factor
            accumulate(result, from: rowEntry, times: factor, skippingNearZero: false)
        }
        dropCancelled(result)
        heads[result].constant = constant
        return result
    }

    /// Adds `factor ×` the parametric cells of `entry` to `result` and gathers the factors of
    /// the basic symbols it names.
    @inline(__always)
    private mutating func spread(_ entry: Int, times factor: Double, into result: Int, scratch: inout ExpansionScratch) {
        let base = entry * stride
        let resultBase = result * stride
        let theirs = heads[entry].mask
        let basic = self.basic
        var mine = heads[result].mask
        let cells = self.cells
        for cell in theirs {
            let value = cells[base + cell] * factor
            if !basic.contains(cell) {
                if mine.contains(cell) {
                    cells[resultBase + cell] += value
                } else {
                    mine.insert(cell)
                    cells[resultBase + cell] = value
                }
            } else if !scratch.gathered.contains(cell) {
                scratch.touched[scratch.touchedCount] = cell
                scratch.touchedCount += 1
                scratch.factors[cell] = 0 + value
                scratch.gathered.insert(cell)
            } else {
                scratch.factors[cell] = scratch.factors[cell] + value
            }
        }
        heads[result].mask = mine
    }

    /// Appends to the order the definitions `entry` names directly or through other definitions,
    /// each after every definition it names (depth-first post-order).
    @inline(__always)
    private func appendReachableDefinitions(from entry: Int, scratch: inout ExpansionScratch) {
        var visited = Mask()
        for cell in heads[entry].mask where isDefinition(cell) && !visited.contains(cell) {
            visited.insert(cell)
            scratch.stack[0] = (cell, heads[rowEntry(cell)].mask)
            var depth = 1
            while depth > 0 {
                var top = scratch.stack[depth - 1]
                guard let named = top.rest.first else {
                    depth -= 1
                    scratch.order[scratch.orderCount] = top.symbol
                    scratch.orderCount += 1
                    continue
                }
                top.rest.remove(named)
                scratch.stack[depth - 1] = top
                if isDefinition(named) && !visited.contains(named) {
                    visited.insert(named)
                    scratch.stack[depth] = (named, heads[rowEntry(named)].mask)
                    depth += 1
                }
            }
        }
    }

    /// The row of a constraint left as written and the user variable it defines, when the choice
    /// of subject would fall on a user variable that nothing mentions yet and the row names a basic
    /// symbol (`Tableau.definitionRow`); nil otherwise.
    mutating func definitionRow(_ terms: UnsafeBufferPointer<Term>, _ termSymbols: UnsafeMutableBufferPointer<Int>,
                                constant: Double) -> (entry: Int, subject: Int)? {
        let entry = newEntry()
        for index in terms.indices where termSymbols[index] >= 0 {
            accumulate(entry, termSymbols[index], terms[index].coefficient)
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
