/// Storage the tableau reuses from one operation to the next instead of allocating it each time:
/// the merge buffers of row additions, the walks over definitions and their marks, and the
/// factors of an expansion. None of it carries meaning between operations.
struct ScratchBuffers {
    /// The cells of a row merge (see `Row.add`), which trade storage with the merged row.
    var cells: [Cell] = []
    /// The symbols a merge added to a row.
    var added: [Int] = []
    /// A column being rebuilt or walked while the tableau changes.
    var column: [Int] = []
    /// The definitions an expansion visits, and the basic symbols it reaches.
    var expansionOrder: [Int] = []
    var expansionTouched: [Int] = []
    /// The dependency order of a value update, and the stack of that walk and of an expansion's.
    var order: [Int] = []
    var stack: [(symbol: Int, next: Int)] = []
    /// Per symbol: the factor an expansion has gathered for it (nil outside an expansion).
    var factors: [Double?] = []
    /// Per symbol: the walk that last reached it; a walk takes a new `epoch`.
    var marks: [Int] = []
    var epoch = 0

    /// Makes room for `extra` more symbols without growing storage again.
    mutating func reserve(_ extra: Int) {
        factors.reserveCapacity(factors.count + extra)
        marks.reserveCapacity(marks.count + extra)
    }

    mutating func appendSymbol() {
        factors.append(nil)
        marks.append(0)
    }

    mutating func truncate(to count: Int) {
        factors.removeSubrange(count...)
        marks.removeSubrange(count...)
    }

    /// Starts a walk: no symbol is marked in it yet.
    @inline(__always)
    mutating func newWalk() { epoch += 1 }

    /// Marks `symbol` in the current walk; false when it already was.
    @inline(__always)
    mutating func mark(_ symbol: Int) -> Bool {
        guard marks[symbol] != epoch else { return false }
        marks[symbol] = epoch
        return true
    }

    /// Whether `symbol` is marked in the current walk.
    @inline(__always)
    func isMarked(_ symbol: Int) -> Bool { marks[symbol] == epoch }

    /// Moves a buffer out, emptied (its storage kept), so that it can be filled while the tableau
    /// changes; the caller puts it back.
    static func take<Element>(_ buffer: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &buffer)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}
