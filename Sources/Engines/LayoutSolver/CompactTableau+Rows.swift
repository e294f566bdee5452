/// The row arithmetic of `CompactTableau`: each operation performs, cell by cell and in id order,
/// the floating-point steps `Row` performs, so both representations compute the same bits.
extension CompactTableau {
    /// Adds `coefficient` to the coefficient of `symbol`, dropping the cell if the sum is near
    /// zero (`Row.insert`).
    mutating func insert(_ entry: Int, _ symbol: Int, _ coefficient: Double) {
        let index = entry * stride + symbol
        if heads[entry].mask.contains(symbol) {
            let sum = cells[index] + coefficient
            if nearZero(sum) { heads[entry].mask.remove(symbol) } else { cells[index] = sum }
        } else if !nearZero(coefficient) {
            heads[entry].mask.insert(symbol)
            cells[index] = coefficient
        }
    }

    /// Adds `value` to the pending sum of `symbol` in a row being built (the first value is taken
    /// as it is); `dropCancelled` then drops the sums that are near zero (`Row(constant:combining:)`).
    @inline(__always)
    mutating func accumulate(_ entry: Int, _ symbol: Int, _ value: Double) {
        let index = entry * stride + symbol
        if heads[entry].mask.contains(symbol) {
            cells[index] += value
        } else {
            heads[entry].mask.insert(symbol)
            cells[index] = value
        }
    }

    /// `accumulate(target, symbol, coefficient × factor)` for each cell of `source` in id order,
    /// skipping the products near zero when `skippingNearZero`. The mask is kept in a local while
    /// the pass runs.
    mutating func accumulate(_ target: Int, from source: Int, times factor: Double, skippingNearZero: Bool) {
        let stride = self.stride
        let cells = self.cells
        let theirs = heads[source].mask
        var mine = heads[target].mask
        let targetBase = target * stride
        let sourceBase = source * stride
        for symbol in theirs {
            let value = cells[sourceBase + symbol] * factor
            if skippingNearZero && nearZero(value) { continue }
            if mine.contains(symbol) {
                cells[targetBase + symbol] += value
            } else {
                mine.insert(symbol)
                cells[targetBase + symbol] = value
            }
        }
        heads[target].mask = mine
    }

    /// Drops the cells of `entry` whose coefficient is near zero.
    mutating func dropCancelled(_ entry: Int) {
        let base = entry * stride
        var mask = heads[entry].mask
        for symbol in mask where nearZero(cells[base + symbol]) { mask.remove(symbol) }
        heads[entry].mask = mask
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func multiply(_ entry: Int, by factor: Double) {
        heads[entry].constant *= factor
        let base = entry * stride
        let cells = self.cells
        for symbol in heads[entry].mask { cells[base + symbol] *= factor }
    }

    /// Rewrites `0 = row` as `symbol = …` (`Row.solve(for:)`); `symbol` must be present.
    mutating func solve(_ entry: Int, for symbol: Int) {
        let factor = -1 / cells[entry * stride + symbol]
        heads[entry].mask.remove(symbol)
        multiply(entry, by: factor)
    }

    /// Rewrites `lhs = row` as `rhs = …` (`Row.solve(_:for:)`).
    mutating func solve(_ entry: Int, _ lhs: Int, for rhs: Int) {
        guard heads[entry].mask.contains(rhs), !heads[entry].mask.contains(lhs) else {
            insert(entry, lhs, -1)
            solve(entry, for: rhs)
            return
        }
        let base = entry * stride
        let factor = -1 / cells[base + rhs]
        heads[entry].mask.remove(rhs)
        heads[entry].mask.insert(lhs)
        cells[base + lhs] = -1
        multiply(entry, by: factor)
    }

    /// `target += factor × source` with the cell of `replaced` (if any) removed first (`Row.add`).
    /// When `basic` is given, the symbols that newly appear in the target (its row) are linked to
    /// its column entries, as `Tableau.substitute` links the symbols a merge added.
    mutating func add(_ target: Int, _ source: Int, times factor: Double, replacing replaced: Int = -1,
                      linkingTo basic: Int = -1) {
        heads[target].constant += heads[source].constant * factor
        let theirs = heads[source].mask
        if theirs.isEmpty && replaced < 0 { return }
        var mine = heads[target].mask
        if replaced >= 0 && mine.contains(replaced) && !theirs.contains(replaced) { mine.remove(replaced) }
        var added = Mask()
        let stride = self.stride
        let cells = self.cells
        let targetBase = target * stride
        let sourceBase = source * stride
        for symbol in theirs {
            let value = cells[sourceBase + symbol] * factor
            if mine.contains(symbol) {
                let sum = (symbol == replaced ? 0 : cells[targetBase + symbol]) + value
                if nearZero(sum) {
                    mine.remove(symbol)
                } else {
                    cells[targetBase + symbol] = sum
                    if symbol == replaced { added.insert(symbol) }
                }
            } else if !nearZero(value) {
                mine.insert(symbol)
                cells[targetBase + symbol] = value
                added.insert(symbol)
            }
        }
        heads[target].mask = mine
        if basic >= 0 { link(added, toRowOf: basic) }
    }
}
