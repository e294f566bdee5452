/// Definitions: rows that keep naming basic user variables instead of their rows.
///
/// A constraint that introduces a user variable no row or objective mentions yet (the next view
/// of a row, `left[i] == left[i-1] + width[i-1] + 8`) is solved for that variable as written,
/// without substituting the rows of the basic user variables it names. Substituting them would
/// make the row carry every term of every row it depends on (a chain of n such constraints holds
/// about n² cells); a definition holds only the constraint's own terms.
///
/// Invariants: only user variables are defined; restricted rows and objectives never name basic
/// symbols, so the simplex (ratio tests, costs) only ever reads expanded rows. Besides parametric
/// symbols, a definition names only user variables that were basic when it was installed (a pivot
/// only ever substitutes expanded rows into it), so definitions refer to one another without
/// cycles. Readers that need the classic row of a user variable ask for `expandedRow(of:)`. The
/// value of a definition is its constant plus its terms at the values of the symbols it names;
/// `writeChangedValues` evaluates definitions in dependency order, reusing `definitionValues` for
/// those that did not change.
extension Tableau {
    /// The row of `symbol` over parametric symbols only, or nil when it is parametric.
    mutating func expandedRow(of symbol: Int) -> Row? {
        guard let row = rows[symbol] else { return nil }
        return isDefinition(symbol) ? expanded(row) : row
    }

    /// `row` with every basic symbol replaced by its expanded row.
    ///
    /// The definitions reached are visited once each, in an order where every definition comes
    /// before the definitions it names, so a factor is complete before it is passed on.
    private mutating func expanded(_ row: Row) -> Row {
        let order = reachableDefinitions(from: row)
        var touched: [Int] = []
        var constant = row.constant
        var cells: [Cell] = []
        func spread(_ row: Row, times factor: Double, into tableau: inout Tableau) {
            for cell in row.cells {
                if tableau.rows[cell.symbol] == nil {
                    cells.append(Cell(symbol: cell.symbol, coefficient: cell.coefficient * factor))
                } else {
                    if tableau.factors[cell.symbol] == nil { touched.append(cell.symbol) }
                    tableau.factors[cell.symbol] = (tableau.factors[cell.symbol] ?? 0) + cell.coefficient * factor
                }
            }
        }
        spread(row, times: 1, into: &self)
        for definition in order.reversed() {
            guard let factor = factors[definition], let definitionRow = rows[definition] else { continue }
            factors[definition] = nil
            constant += definitionRow.constant * factor
            spread(definitionRow, times: factor, into: &self)
        }
        touched.sort()
        for basic in touched {
            guard let factor = factors[basic] else { continue }
            factors[basic] = nil
            guard let basicRow = rows[basic] else { continue }
            constant += basicRow.constant * factor
            for cell in basicRow.cells {
                cells.append(Cell(symbol: cell.symbol, coefficient: cell.coefficient * factor))
            }
        }
        return Row(constant: constant, combining: cells)
    }

    /// The definitions `row` names directly or through other definitions, each after every
    /// definition it names (depth-first post-order, without recursion).
    private mutating func reachableDefinitions(from row: Row) -> [Int] {
        markEpoch += 1
        var order: [Int] = []
        var stack: [(symbol: Int, next: Int)] = []
        for root in row.cells.map(\.symbol) where isDefinition(root) && marks[root] != markEpoch {
            marks[root] = markEpoch
            stack.append((root, 0))
            while let (symbol, next) = stack.last {
                guard let cells = rows[symbol]?.cells, next < cells.count else {
                    stack.removeLast()
                    order.append(symbol)
                    continue
                }
                stack[stack.count - 1].next = next + 1
                let named = cells[next].symbol
                if isDefinition(named) && marks[named] != markEpoch {
                    marks[named] = markEpoch
                    stack.append((named, 0))
                }
            }
        }
        return order
    }

    /// Whether the row of `symbol` is a definition.
    @inline(__always)
    func isDefinition(_ symbol: Int) -> Bool {
        definitionRank[symbol] > 0
    }

    /// Records that `definition` names the basic `symbol`. Stale entries are dropped whenever the
    /// list's length reaches a power of two (from 16), so it stays proportional to the live ones.
    mutating func addDependent(_ definition: Int, of symbol: Int) {
        dependents[symbol].append(definition)
        let count = dependents[symbol].count
        if count >= 16 && count & (count - 1) == 0 {
            let list = dependents[symbol]
            dependents[symbol] = list.filter { dependent in
                isDefinition(dependent) && rows[dependent]?.coefficient(of: symbol) != 0
            }
        }
    }

    /// Appends to `orderBuffer`, in depth-first post-order, `root` and the definitions that depend
    /// on it that the current mark epoch has not reached yet; `orderBuffer` reversed then lists
    /// each symbol after everything it depends on.
    ///
    /// A definition installed while the symbols it names were basic ranks after their own
    /// definitions (no symbol it names can be defined again while it names it: its column is not
    /// empty), so following only edges to higher ranks keeps every real dependency and makes the
    /// graph acyclic even with stale `dependents` entries, which at worst re-evaluate a value.
    mutating func appendDependencyOrder(from root: Int) {
        guard marks[root] != markEpoch else { return }
        marks[root] = markEpoch
        stackBuffer.removeAll(keepingCapacity: true)
        stackBuffer.append((root, 0))
        while let (symbol, next) = stackBuffer.last {
            guard next < dependents[symbol].count else {
                stackBuffer.removeLast()
                orderBuffer.append(symbol)
                continue
            }
            stackBuffer[stackBuffer.count - 1].next = next + 1
            let dependent = dependents[symbol][next]
            if dependent < symbolCount && definitionRank[dependent] > definitionRank[symbol]
                && marks[dependent] != markEpoch {
                marks[dependent] = markEpoch
                stackBuffer.append((dependent, 0))
            }
        }
    }

    /// The value of an external symbol, given current `definitionValues` for every definition it
    /// names.
    func currentValue(of symbol: Int) -> Double {
        guard let row = rows[symbol] else { return 0 }
        guard isDefinition(symbol) else { return row.constant }
        var value = row.constant
        for cell in row.cells {
            guard let named = rows[cell.symbol] else { continue }
            value += cell.coefficient * (isDefinition(cell.symbol) ? definitionValues[cell.symbol] : named.constant)
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
