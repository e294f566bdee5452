/// Definitions: the rows of user variables, which may name basic symbols instead of their rows.
///
/// The simplex reads only the rows of restricted symbols (ratio tests) and the objectives (costs);
/// a user variable is unrestricted, so its row only gives its value. Such rows are therefore kept
/// as they were written and never rewritten by a pivot: a symbol that becomes basic stays named in
/// them, and its new row is not merged in. Otherwise every pivot on a long row would copy that row
/// into the rows of all the user variables that depend on it. Likewise, a constraint that
/// introduces a user variable no row or objective mentions yet (the next view of a row,
/// `left[i] == left[i-1] + width[i-1] + 8`) is solved for that variable as written, without
/// substituting the rows of the basic user variables it names: a chain of n such constraints
/// would otherwise hold about n² cells.
///
/// Invariants: restricted rows and objectives never name basic symbols. A definition names
/// symbols that were parametric when it started naming them (which may have become basic since),
/// and, for a new variable's definition, user variables that were basic when it was installed.
/// A symbol becomes basic with a row over parametric symbols only, and a new variable is named by
/// nothing, so no definition can come to depend on itself: the definitions form an acyclic graph.
/// Readers that need the classic row of a user variable ask for `expandedRow(of:)`. The value of a
/// definition is its constant plus its terms at the values of the basic symbols it names;
/// `writeChangedValues` evaluates definitions in dependency order, reusing `definitionValues` for
/// those that did not change. A symbol leaving the tableau for good (a removed constraint's
/// marker) is first replaced by its row in every definition that names it.
extension Tableau {
    /// The row of `symbol` over parametric symbols only, or nil when it is parametric.
    mutating func expandedRow(of symbol: Int) -> Row? {
        guard let row = rows[symbol] else { return nil }
        guard isDefinition(symbol), namesBasicSymbol(row) else { return row }
        return expanded(row)
    }

    /// Whether `row` names a basic symbol (else it is already expanded).
    private func namesBasicSymbol(_ row: Row) -> Bool {
        rows.withUnsafeBufferPointer { rows in row.cells.contains { rows[$0.symbol] != nil } }
    }

    /// `row` with every basic symbol replaced by its expanded row.
    ///
    /// The definitions reached are visited once each, in an order where every definition comes
    /// before the definitions it names, so a factor is complete before it is passed on.
    private mutating func expanded(_ row: Row) -> Row {
        var order = ScratchBuffers.take(&scratch.expansionOrder)
        appendReachableDefinitions(from: row, to: &order)
        var touched = ScratchBuffers.take(&scratch.expansionTouched)
        var constant = row.constant
        var cells: [Cell] = []
        cells.reserveCapacity(row.cells.count)
        func spread(_ row: Row, times factor: Double, into tableau: inout Tableau) {
            for cell in row.cells {
                if tableau.rows[cell.symbol] == nil {
                    cells.append(Cell(symbol: cell.symbol, coefficient: cell.coefficient * factor))
                } else {
                    if tableau.scratch.factors[cell.symbol] == nil { touched.append(cell.symbol) }
                    tableau.scratch.factors[cell.symbol] = (tableau.scratch.factors[cell.symbol] ?? 0) + cell.coefficient * factor
                }
            }
        }
        spread(row, times: 1, into: &self)
        for definition in order.reversed() {
            guard let factor = scratch.factors[definition], let definitionRow = rows[definition] else { continue }
            scratch.factors[definition] = nil
            constant += definitionRow.constant * factor
            spread(definitionRow, times: factor, into: &self)
        }
        touched.sort()
        for basic in touched {
            guard let factor = scratch.factors[basic] else { continue }
            scratch.factors[basic] = nil
            guard let basicRow = rows[basic] else { continue }
            constant += basicRow.constant * factor
            for cell in basicRow.cells {
                cells.append(Cell(symbol: cell.symbol, coefficient: cell.coefficient * factor))
            }
        }
        scratch.expansionOrder = order
        scratch.expansionTouched = touched
        return Row(constant: constant, combining: cells)
    }

    /// Appends to `order` the definitions `row` names directly or through other definitions, each
    /// after every definition it names (depth-first post-order, without recursion).
    private mutating func appendReachableDefinitions(from row: Row, to order: inout [Int]) {
        scratch.newWalk()
        var stack = ScratchBuffers.take(&scratch.stack)
        for cell in row.cells where isDefinition(cell.symbol) && scratch.mark(cell.symbol) {
            stack.append((cell.symbol, 0))
            while let (symbol, next) = stack.last {
                // Read in place: binding the cells would retain and release them at every step.
                guard next < rows[symbol]?.cells.count ?? 0, let named = rows[symbol]?.cells[next].symbol else {
                    stack.removeLast()
                    order.append(symbol)
                    continue
                }
                stack[stack.count - 1].next = next + 1
                if isDefinition(named) && scratch.mark(named) {
                    stack.append((named, 0))
                }
            }
        }
        scratch.stack = stack
    }

    /// Whether `symbol` is a basic user variable, whose row is a definition.
    @inline(__always)
    func isDefinition(_ symbol: Int) -> Bool {
        kinds[symbol] == .external && rows[symbol] != nil
    }

    /// Whether `basic` is a basic user variable whose definition has a cell for `symbol`.
    private func isNamed(_ symbol: Int, byDefinitionOf basic: Int) -> Bool {
        kinds[basic] == .external && (rows[basic]?.coefficient(of: symbol) ?? 0) != 0
    }

    /// Records that `definition` names the basic `symbol`. Whenever the list's length reaches a
    /// power of two (from 16), stale and repeated entries are dropped, so it stays proportional to
    /// the definitions that really name `symbol`.
    mutating func addDependent(_ definition: Int, of symbol: Int) {
        if dependents[symbol].last == definition { return }
        dependents[symbol].append(definition)
        let count = dependents[symbol].count
        if count >= 16 && count & (count - 1) == 0 {
            scratch.newWalk()
            var kept: [Int] = []
            for dependent in dependents[symbol]
            where !scratch.isMarked(dependent) && isNamed(symbol, byDefinitionOf: dependent) {
                _ = scratch.mark(dependent)
                kept.append(dependent)
            }
            dependents[symbol] = kept
        }
    }

    /// Appends to `scratch.order`, in depth-first post-order, `root` and the definitions that depend
    /// on it that the current walk has not reached yet; `scratch.order` reversed then lists
    /// each symbol after everything it depends on.
    ///
    /// Only the entries of `dependents` that are still true (the definition still names the
    /// symbol) are followed, so the walk stays on the acyclic graph of definitions.
    mutating func appendDependencyOrder(from root: Int) {
        guard scratch.mark(root) else { return }
        scratch.stack.removeAll(keepingCapacity: true)
        scratch.stack.append((root, 0))
        while let (symbol, next) = scratch.stack.last {
            guard next < dependents[symbol].count else {
                scratch.stack.removeLast()
                scratch.order.append(symbol)
                continue
            }
            scratch.stack[scratch.stack.count - 1].next = next + 1
            let dependent = dependents[symbol][next]
            if dependent < symbolCount && !scratch.isMarked(dependent)
                && isNamed(symbol, byDefinitionOf: dependent) {
                _ = scratch.mark(dependent)
                scratch.stack.append((dependent, 0))
            }
        }
    }

    /// The value of a user variable, given current `definitionValues` for every definition it
    /// names.
    func currentValue(of symbol: Int) -> Double {
        rows.withUnsafeBufferPointer { rows in
            kinds.withUnsafeBufferPointer { kinds in
                definitionValues.withUnsafeBufferPointer { values in
                    Tableau.value(of: symbol, rows: rows, kinds: kinds, definitionValues: values)
                }
            }
        }
    }

    /// `currentValue(of:)` over the tableau's storage: 0 when parametric, the row constant for a
    /// restricted symbol, and for a definition its constant plus its terms at the values of the
    /// basic symbols it names.
    @inline(__always)
    static func value<Values: Collection<Double>>(of symbol: Int, rows: UnsafeBufferPointer<Row?>,
                                                  kinds: UnsafeBufferPointer<SymbolKind>,
                                                  definitionValues: Values) -> Double where Values.Index == Int {
        guard let constant = rows[symbol]?.constant else { return 0 }
        guard kinds[symbol] == .external else { return constant }
        var value = constant
        rows[symbol]?.cells.withUnsafeBufferPointer { cells in
            for cell in cells {
                guard let named = rows[cell.symbol]?.constant else { continue }  // parametric: 0
                value += cell.coefficient * (kinds[cell.symbol] == .external ? definitionValues[cell.symbol] : named)
            }
        }
        return value
    }

    /// The row of a constraint over `terms` (with their `symbols`, -1 for a zero coefficient) left
    /// as written, and the user variable to define by it, when the choice of subject would fall
    /// on a user variable that no row and no objective mentions (the smallest such id, as for any
    /// new row) and the row names a basic symbol; nil otherwise, when the constraint takes the
    /// ordinary, expanded row.
    mutating func definitionRow(_ terms: [Term], _ symbols: UnsafeMutableBufferPointer<Int>, constant: Double,
                                reserving extra: Int) -> (row: Row, subject: Int)? {
        var cells: [Cell] = []
        cells.reserveCapacity(terms.count + extra)
        for (index, term) in terms.enumerated() where symbols[index] >= 0 {
            cells.append(Cell(symbol: symbols[index], coefficient: term.coefficient))
        }
        let row = Row(constant: constant, combining: cells)
        guard let subject = row.cells.first(where: {
            kinds[$0.symbol] == .external && rows[$0.symbol] == nil && columns[$0.symbol].isEmpty
        })?.symbol, objectives.allSatisfy({ $0.row.coefficient(of: subject) == 0 }),
              row.cells.contains(where: { rows[$0.symbol] != nil }) else { return nil }
        return (row, subject)
    }
}
