/// For each symbol, the rows of the tableau that contain it: the speed-up that lets a pivot find
/// the rows to rewrite without scanning every row.
///
/// A column is a superset index: it lists every row that contains the symbol, but may also list
/// rows that no longer do (or list one twice), so that keeping it current costs one append when a
/// row gains a symbol and nothing when it loses one. Readers skip entries whose row has no such
/// cell; a column is emptied when its symbol becomes basic and compacted when stale entries pile
/// up. Its order follows the history of operations, never hashing.
///
/// Entries name row slots rather than basic symbols. Every symbol owns one slot (`slot(of:)`, with
/// `occupant(ofSlot:)` its inverse), and a symbol's row is filed under its slot. A pivot swaps the
/// slots of the entering and the leaving symbol: the entering symbol's row is the leaving row
/// rewritten, with the same cells but for those two symbols, so by taking over the leaving row's
/// slot it keeps every column entry that row had. Without that, each pivot on a long row would
/// re-index the whole row.
struct ColumnIndex {
    /// For each symbol, the slots of the rows that contain it.
    private var entries: [[Int]] = []
    /// The slot of each symbol's row: a permutation of the symbol ids.
    private var slots: [Int] = []
    /// The symbol owning each slot: the inverse permutation of `slots`.
    private var occupants: [Int] = []
    /// The length of each column after its last compaction.
    private var compactedLength: [Int] = []
    /// Per-slot marks of the compaction's duplicate check, and the current mark.
    private var marks: [Int] = []
    private var epoch = 0

    /// The number of symbols.
    var count: Int { slots.count }

    /// Makes room for `extra` more symbols without growing storage again.
    mutating func reserve(_ extra: Int) {
        entries.reserveCapacity(count + extra)
        slots.reserveCapacity(count + extra)
        occupants.reserveCapacity(count + extra)
        compactedLength.reserveCapacity(count + extra)
        marks.reserveCapacity(count + extra)
    }

    /// Adds the next symbol, with an empty column and its own slot.
    mutating func appendSymbol() {
        let symbol = slots.count
        entries.append([])
        slots.append(symbol)
        occupants.append(symbol)
        compactedLength.append(0)
        marks.append(0)
    }

    /// Forgets the symbols from `count` on. Entries naming their slots become stale ones.
    mutating func truncate(to count: Int) {
        entries.removeSubrange(count...)
        slots.removeSubrange(count...)
        occupants.removeSubrange(count...)
        compactedLength.removeSubrange(count...)
        marks.removeSubrange(count...)
    }

    /// The column of `symbol`: row slots, possibly stale or repeated.
    subscript(symbol: Int) -> [Int] {
        get { entries[symbol] }
        set {
            entries[symbol] = newValue
            compactedLength[symbol] = newValue.count
        }
    }

    /// Exchanges the column of `symbol` with `other` (storage included), leaving `other` with the old column.
    mutating func exchange(_ symbol: Int, with other: inout [Int]) {
        swap(&entries[symbol], &other)
        compactedLength[symbol] = entries[symbol].count
    }

    /// Appends `slot` to the column of `symbol` without a compaction check (see `markCompacted`).
    mutating func append(_ slot: Int, to symbol: Int) {
        entries[symbol].append(slot)
    }

    /// Takes the current length of `symbol`'s column as its compacted length.
    mutating func markCompacted(_ symbol: Int) {
        compactedLength[symbol] = entries[symbol].count
    }

    /// The slot of `symbol`'s row.
    @inline(__always)
    func slot(of symbol: Int) -> Int { slots[symbol] }

    /// The symbol whose row is filed under `slot`, or nil for a slot that no longer exists (a
    /// stale entry left by a rollback).
    @inline(__always)
    func occupant(ofSlot slot: Int) -> Int? {
        slot < occupants.count ? occupants[slot] : nil
    }

    /// Records that the row of `basic` contains `symbol`. Returns true when the column has grown
    /// enough since its last compaction that the caller should compact it.
    @inline(__always)
    mutating func link(_ symbol: Int, toRowOf basic: Int) -> Bool {
        entries[symbol].append(slots[basic])
        return entries[symbol].count > 4 * compactedLength[symbol] + 64
    }

    /// Lets `entering` take over the slot of `leaving` and gives `leaving` the slot `entering` had.
    mutating func swapSlots(_ leaving: Int, _ entering: Int) {
        let slot = slots[leaving]
        slots[leaving] = slots[entering]
        occupants[slots[leaving]] = leaving
        slots[entering] = slot
        occupants[slot] = entering
    }

    /// Gives `symbol` back the slot it had (a rollback restores every symbol whose slot changed).
    mutating func restoreSlot(of symbol: Int, to slot: Int) {
        slots[symbol] = slot
        occupants[slot] = symbol
    }

    /// Drops, keeping the order, the entries of slots whose occupant has no row in `rows` and
    /// repeated entries. Entries of rows that exist but lost the symbol may stay: each row is
    /// listed at most once, so a column never outgrows the number of rows.
    mutating func compact(_ symbol: Int, rows: [Row?]) {
        epoch += 1
        var kept: [Int] = []
        kept.reserveCapacity(entries[symbol].count)
        for slot in entries[symbol] where slot < occupants.count && rows[occupants[slot]] != nil && marks[slot] != epoch {
            marks[slot] = epoch
            kept.append(slot)
        }
        entries[symbol] = kept
        compactedLength[symbol] = kept.count
    }
}
