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
    /// The entries of a column that are kept when it is rebuilt.
    var exactColumn: [Int] = []
    /// The definitions an expansion visits, and the basic symbols it reaches.
    var expansionOrder: [Int] = []
    var expansionTouched: [Int] = []
    /// The dependency order of a value update, and the stack of that walk and of an expansion's.
    var order: [Int] = []
    var stack: [(symbol: Int, next: Int)] = []
    /// Per symbol: the factor an expansion has gathered for it (nil outside an expansion). Sized
    /// by `prepareFactors` before an expansion, not with every new symbol.
    var factors: [Double?] = []
    /// Per symbol: the walk that last reached it; a walk takes a new `epoch`. It grows when a
    /// symbol past its end is marked, not with every new symbol.
    private var marks: [Int] = []
    private var epoch = 0

    /// Forgets the symbols from `count` on.
    mutating func truncate(to count: Int) {
        if count < factors.count { factors.removeSubrange(count...) }
        if count < marks.count { marks.removeSubrange(count...) }
    }

    /// Makes `factors` cover `count` symbols.
    mutating func prepareFactors(_ count: Int) {
        if factors.count < count { factors.append(contentsOf: repeatElement(nil, count: count - factors.count)) }
    }

    /// Starts a walk: no symbol is marked in it yet.
    @inline(__always)
    mutating func newWalk() { epoch += 1 }

    /// Marks `symbol` in the current walk; false when it already was.
    @inline(__always)
    mutating func mark(_ symbol: Int) -> Bool {
        if symbol >= marks.count { marks.append(contentsOf: repeatElement(0, count: symbol + 1 - marks.count)) }
        guard marks[symbol] != epoch else { return false }
        marks[symbol] = epoch
        return true
    }

    /// Whether `symbol` is marked in the current walk.
    @inline(__always)
    func isMarked(_ symbol: Int) -> Bool { symbol < marks.count && marks[symbol] == epoch }

    /// Moves a buffer out, emptied (its storage kept), so that it can be filled while the tableau
    /// changes; the caller puts it back.
    static func take<Element>(_ buffer: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &buffer)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}
