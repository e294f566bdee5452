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
///
/// The columns share one arena instead of being an array each: a column is a chunk of the arena
/// whose capacity is a power of two (from 4), and a column that outgrows its chunk moves to one
/// twice as large. Freed chunks go to a free list per capacity and are reused, so a small tableau
/// makes no allocation per column and a long-lived one does not grow its arena without bound.
struct ColumnIndex {
    /// Where a column lives in the arena.
    private struct Span {
        var start = 0
        var count = 0
        /// The chunk's capacity class: `minimumChunk << capacityClass` entries; -1 without a chunk.
        var capacityClass = -1
        /// The length of the column after its last compaction.
        var compactedLength = 0
    }

    /// The smallest chunk a column gets.
    private static let minimumChunk = 4
    /// Every column's entries, each in its own chunk.
    private var arena: [Int] = []
    private var spans: [Span] = []
    /// For each capacity class, the start of a free chunk (-1: none); a free chunk's first entry
    /// holds the start of the next free chunk of its class.
    private var freeChunks: [Int] = []
    /// The slot of each symbol's row: a permutation of the symbol ids.
    private var slots: [Int] = []
    /// The symbol owning each slot: the inverse permutation of `slots`.
    private var occupants: [Int] = []
    /// Per-slot marks of the compaction's duplicate check (grown by a compaction, not with every
    /// new symbol), and the current mark.
    private var marks: [Int] = []
    private var epoch = 0

    /// The number of symbols.
    var count: Int { slots.count }

    /// Makes room for `extra` more symbols (and a small column each) without growing storage again.
    mutating func reserve(_ extra: Int) {
        spans.reserveCapacity(count + extra)
        slots.reserveCapacity(count + extra)
        occupants.reserveCapacity(count + extra)
        let needed = arena.count + ColumnIndex.minimumChunk * extra
        if needed > arena.capacity { arena.reserveCapacity(Swift.max(needed, 2 * arena.capacity)) }
    }

    /// Adds the next symbol, with an empty column and its own slot.
    mutating func appendSymbol() {
        let symbol = slots.count
        spans.append(Span())
        slots.append(symbol)
        occupants.append(symbol)
    }

    /// Forgets the symbols from `count` on (their chunks are freed). Entries naming their slots
    /// become stale ones.
    mutating func truncate(to count: Int) {
        for symbol in count..<spans.count { release(symbol) }
        spans.removeSubrange(count...)
        slots.removeSubrange(count...)
        occupants.removeSubrange(count...)
        if count < marks.count { marks.removeSubrange(count...) }
    }

    /// The column of `symbol` as an array: row slots, possibly stale or repeated. Setting it
    /// replaces the column and takes its length as compacted.
    subscript(symbol: Int) -> [Int] {
        get {
            let span = spans[symbol]
            return Array(arena[span.start..<span.start + span.count])
        }
        set {
            spans[symbol].count = 0
            for slot in newValue { append(slot, to: symbol) }
            spans[symbol].compactedLength = newValue.count
        }
    }

    /// Replaces the column of `symbol` by `entries` and sets the length of its last compaction
    /// (a column carried over from another representation).
    mutating func setColumn(_ symbol: Int, entries: [Int], compactedLength: Int) {
        self[symbol] = entries
        spans[symbol].compactedLength = compactedLength
    }

    /// The number of entries in the column of `symbol` (stale ones included).
    @inline(__always)
    func entryCount(of symbol: Int) -> Int { spans[symbol].count }

    /// Whether the column of `symbol` has no entry at all.
    @inline(__always)
    func isEmpty(_ symbol: Int) -> Bool { spans[symbol].count == 0 }

    /// Calls `body` with the entries of `symbol`'s column, in place; `body` must not change the index.
    @inline(__always)
    func withEntries<Result>(of symbol: Int, _ body: (UnsafeBufferPointer<Int>) throws -> Result) rethrows -> Result {
        let span = spans[symbol]
        return try arena.withUnsafeBufferPointer { arena in
            try body(UnsafeBufferPointer(rebasing: arena[span.start..<span.start + span.count]))
        }
    }

    /// Copies the column of `symbol` into `buffer` (emptied first).
    func copy(_ symbol: Int, into buffer: inout [Int]) {
        buffer.removeAll(keepingCapacity: true)
        let span = spans[symbol]
        buffer.append(contentsOf: arena[span.start..<span.start + span.count])
    }

    /// Copies the column of `symbol` into `buffer` (emptied first) and empties the column, which
    /// keeps its chunk.
    mutating func take(_ symbol: Int, into buffer: inout [Int]) {
        copy(symbol, into: &buffer)
        spans[symbol].count = 0
        spans[symbol].compactedLength = 0
    }

    /// Appends `slot` to the column of `symbol` without a compaction check (see `markCompacted`).
    @inline(__always)
    mutating func append(_ slot: Int, to symbol: Int) {
        let span = spans[symbol]
        if span.capacityClass < 0 || span.count == ColumnIndex.minimumChunk << span.capacityClass {
            grow(symbol)
        }
        arena[spans[symbol].start + spans[symbol].count] = slot
        spans[symbol].count += 1
    }

    /// Moves the column of `symbol` to a chunk of the next capacity class.
    private mutating func grow(_ symbol: Int) {
        let old = spans[symbol]
        let capacityClass = old.capacityClass + 1
        let start = allocate(capacityClass)
        if old.count > 0 {
            for offset in 0..<old.count { arena[start + offset] = arena[old.start + offset] }
        }
        release(symbol)
        spans[symbol].start = start
        spans[symbol].capacityClass = capacityClass
    }

    /// The start of a free chunk of `capacityClass`, from its free list or the end of the arena.
    private mutating func allocate(_ capacityClass: Int) -> Int {
        if capacityClass < freeChunks.count, freeChunks[capacityClass] >= 0 {
            let start = freeChunks[capacityClass]
            freeChunks[capacityClass] = arena[start]
            return start
        }
        let start = arena.count
        let size = ColumnIndex.minimumChunk << capacityClass
        // The arena grows fourfold, so a long-lived tableau copies it rarely.
        if start + size > arena.capacity { arena.reserveCapacity(Swift.max(start + size, 4 * arena.capacity)) }
        arena.append(contentsOf: repeatElement(0, count: size))
        return start
    }

    /// Frees the chunk of `symbol`'s column, if any (the column keeps its count: callers reset it).
    private mutating func release(_ symbol: Int) {
        let span = spans[symbol]
        guard span.capacityClass >= 0 else { return }
        while freeChunks.count <= span.capacityClass { freeChunks.append(-1) }
        arena[span.start] = freeChunks[span.capacityClass]
        freeChunks[span.capacityClass] = span.start
        spans[symbol].capacityClass = -1
    }

    /// Takes the current length of `symbol`'s column as its compacted length.
    mutating func markCompacted(_ symbol: Int) {
        spans[symbol].compactedLength = spans[symbol].count
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
        append(slots[basic], to: symbol)
        let span = spans[symbol]
        return span.count > 4 * span.compactedLength + 64
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
    /// listed at most once, so a column never outgrows the number of rows. Works in place.
    mutating func compact(_ symbol: Int, rows: [Row?]) {
        epoch += 1
        if marks.count < occupants.count { marks.append(contentsOf: repeatElement(0, count: occupants.count - marks.count)) }
        let span = spans[symbol]
        var kept = 0
        for index in span.start..<span.start + span.count {
            let slot = arena[index]
            guard slot < occupants.count && rows[occupants[slot]] != nil && marks[slot] != epoch else { continue }
            marks[slot] = epoch
            arena[span.start + kept] = slot
            kept += 1
        }
        spans[symbol].count = kept
        spans[symbol].compactedLength = kept
    }
}
