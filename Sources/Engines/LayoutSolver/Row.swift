/// Numbers whose magnitude is below `epsilon` are treated as zero: coefficients that cancel to less
/// than it are dropped from rows, and it is the tolerance of every sign and tie test in the simplex.
/// Layout coordinates are in points (magnitudes up to about 1e6), so 1e-8 sits far below any
/// meaningful difference and far above accumulated rounding of a few thousand pivots.
let epsilon = 1e-8

@inline(__always)
func nearZero(_ value: Double) -> Bool {
    abs(value) < epsilon
}

/// One entry of a sparse row.
struct Cell {
    var symbol: Int
    var coefficient: Double
}

/// A sparse linear form `constant + Σ coefficient·symbol`, with cells sorted by symbol id.
///
/// In the tableau a row stands for `basic = constant + Σ coefficient·parametric`.
struct Row {
    var constant: Double
    private(set) var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    /// A row from cells in any order, possibly repeating symbols: sorts them once, sums the
    /// coefficients of each symbol and drops sums that cancel. Cheaper than inserting one by one.
    init(constant: Double, combining unsorted: consuming [Cell]) {
        self.constant = constant
        var cells = consume unsorted
        cells.sort { $0.symbol < $1.symbol }
        var kept = 0
        var index = 0
        while index < cells.count {
            var sum = cells[index]
            index += 1
            while index < cells.count && cells[index].symbol == sum.symbol {
                sum.coefficient += cells[index].coefficient
                index += 1
            }
            if !nearZero(sum.coefficient) {
                cells[kept] = sum
                kept += 1
            }
        }
        cells.removeSubrange(kept...)
        self.cells = cells
    }

    /// The index of `symbol`'s cell, or where it would be inserted.
    private func search(_ symbol: Int) -> (found: Bool, index: Int) {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) >> 1
            let current = cells[middle].symbol
            if current == symbol { return (true, middle) }
            if current < symbol { low = middle + 1 } else { high = middle }
        }
        return (false, low)
    }

    /// The coefficient of `symbol` (0 when absent).
    func coefficient(of symbol: Int) -> Double {
        let position = search(symbol)
        return position.found ? cells[position.index].coefficient : 0
    }

    /// Adds `coefficient` to the coefficient of `symbol`, dropping the cell if the sum is near zero.
    mutating func insert(_ symbol: Int, _ coefficient: Double) {
        let position = search(symbol)
        if position.found {
            let sum = cells[position.index].coefficient + coefficient
            if nearZero(sum) {
                cells.remove(at: position.index)
            } else {
                cells[position.index].coefficient = sum
            }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: position.index)
        }
    }

    /// Removes the cell of `symbol`, if any.
    mutating func remove(_ symbol: Int) {
        let position = search(symbol)
        if position.found { cells.remove(at: position.index) }
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func multiply(by factor: Double) {
        constant *= factor
        cells.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index].coefficient *= factor }
        }
    }

    /// Rewrites `0 = self` as `symbol = …`: removes `symbol` and divides the rest by its negated
    /// coefficient. `symbol` must be present.
    mutating func solve(for symbol: Int) {
        let position = search(symbol)
        let factor = -1 / cells[position.index].coefficient
        cells.remove(at: position.index)
        multiply(by: factor)
    }

    /// Rewrites `lhs = self` as `rhs = …`; `rhs` must be present and `lhs` absent.
    mutating func solve(_ lhs: Int, for rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// `self += factor * other`, with the cell of `replaced` (if any) removed first.
    ///
    /// Symbols that newly appear (other than `replaced`) are appended to `added`; cells whose
    /// coefficient cancels are dropped. The merge is written through a pointer into `buffer`, grown
    /// when it holds fewer cells than the merge may need (its old cells are only overwritten), which
    /// then trades storage with the row's cells, so a caller that passes the same buffer to every
    /// call reuses two allocations instead of making one per call.
    @inline(__always)
    mutating func add(_ other: Row, times factor: Double, replacing replaced: Int = -1,
                      added: inout [Int], buffer: inout [Cell]) {
        constant += other.constant * factor
        if other.cells.isEmpty && replaced < 0 { return }
        if other.cells.count <= Row.inPlaceLimit && cells.count >= Row.inPlaceMinimum {
            addInPlace(other, times: factor, replacing: replaced, added: &added)
            return
        }
        let room = cells.count + other.cells.count
        if buffer.count < room {
            buffer.append(contentsOf: repeatElement(Cell(symbol: 0, coefficient: 0), count: room - buffer.count))
        }
        let count = cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                buffer.withUnsafeMutableBufferPointer { merged in
                    Row.merge(mine, theirs, times: factor, replacing: replaced, into: merged, added: &added)
                }
            }
        }
        buffer.removeLast(buffer.count - count)
        swap(&cells, &buffer)
    }

    /// Writes `mine + factor × theirs` (both sorted, the cell of `replaced` in `mine` dropped) into
    /// `merged`, which has room for both, and returns the number of cells written. Appends to
    /// `added` the symbols of `theirs` that `mine` lacked (or held as `replaced`) and that survive.
    private static func merge(_ mine: UnsafeBufferPointer<Cell>, _ theirs: UnsafeBufferPointer<Cell>,
                              times factor: Double, replacing replaced: Int,
                              into merged: UnsafeMutableBufferPointer<Cell>, added: inout [Int]) -> Int {
        var count = 0
        func emit(_ symbol: Int, _ coefficient: Double) {
            merged[count] = Cell(symbol: symbol, coefficient: coefficient)
            count += 1
        }
        var i = 0
        var j = 0
        while i < mine.count && j < theirs.count {
            let a = mine[i].symbol
            let b = theirs[j].symbol
            if a < b {
                if a != replaced { emit(a, mine[i].coefficient) }
                i += 1
            } else if b < a {
                let value = theirs[j].coefficient * factor
                if !nearZero(value) {
                    emit(b, value)
                    added.append(b)
                }
                j += 1
            } else {
                let value = (a == replaced ? 0 : mine[i].coefficient) + theirs[j].coefficient * factor
                if !nearZero(value) {
                    emit(a, value)
                    if a == replaced { added.append(a) }
                }
                i += 1
                j += 1
            }
        }
        while i < mine.count {
            if mine[i].symbol != replaced { emit(mine[i].symbol, mine[i].coefficient) }
            i += 1
        }
        while j < theirs.count {
            let value = theirs[j].coefficient * factor
            if !nearZero(value) {
                emit(theirs[j].symbol, value)
                added.append(theirs[j].symbol)
            }
            j += 1
        }
        return count
    }

    /// When `other` has at most `inPlaceLimit` cells and this row at least `inPlaceMinimum`,
    /// `add` updates this row cell by cell (a binary search and, for a new or cancelled symbol,
    /// one move of the cells after it) instead of merging: an objective that gains a few cells per
    /// constraint then costs a few searches, not a copy of the whole objective.
    private static let inPlaceLimit = 2
    private static let inPlaceMinimum = 256

    /// `add` for a short `other`: the same sums and the same dropped cells as the merge.
    private mutating func addInPlace(_ other: Row, times factor: Double, replacing replaced: Int,
                                     added: inout [Int]) {
        if replaced >= 0 { remove(replaced) }
        for cell in other.cells {
            let value = cell.coefficient * factor
            let position = search(cell.symbol)
            if position.found {
                let sum = cells[position.index].coefficient + value
                if nearZero(sum) {
                    cells.remove(at: position.index)
                } else {
                    cells[position.index].coefficient = sum
                }
            } else if !nearZero(value) {
                cells.insert(Cell(symbol: cell.symbol, coefficient: value), at: position.index)
                added.append(cell.symbol)
            }
        }
    }
}
