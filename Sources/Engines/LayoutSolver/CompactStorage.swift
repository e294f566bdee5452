/// The one heap block of a `CompactTableau`: its symbols, the heads of its pool entries, the free
/// entries, the objectives and the pool's coefficients, carved out of one allocation.
///
/// A solver on the compact tableau makes and frees this one block instead of an array for each
/// table, and reads and writes the tables through pointers, without the uniqueness and bounds
/// checks of arrays. Every element is plain data (no references), so copying a block is copying
/// its bytes and freeing it is one deallocation.
///
/// The layout depends on the tableau's mask (whose width sets the tables' element sizes and the
/// room for `CompactTableau.symbolLimit` symbols) and on two capacities: `entryCapacity` pool
/// entries (their heads, the free list and the objectives, each objective owning an entry, get as
/// many) of `stride` coefficients (the tableau gives every entry room for every symbol id). The
/// tableau replaces its block by a larger one (`CompactTableau.regrow`) when its entries outgrow
/// it; the symbols and the stride never do, since
/// the solver moves to a wider tableau before a symbol past the limit is made. A block is made and
/// read for one mask type; the class itself is not generic (one class serves both widths), so
/// `make` and `emptyTables` take the mask type as a parameter.
final class CompactStorage: ManagedBuffer<CompactStorageLayout, Double> {
    typealias Layout = CompactStorageLayout

    /// A new block for a tableau with masks of type `Mask`, with room for `entryCapacity` entries
    /// of `stride` coefficients, its tables uninitialized.
    @inline(__always)
    static func make<Mask: CompactMask>(for _: Mask.Type, entryCapacity: Int, stride: Int) -> CompactStorage {
        let layout = Layout(entryCapacity: entryCapacity, stride: stride)
        let block = create(minimumCapacity: words(for: layout, Mask.self)) { _ in layout }
        // `create` makes an instance of the class it is called on.
        return unsafeDowncast(block, to: CompactStorage.self)
    }

    /// The 8-byte words of a block: each table rounded up to whole words.
    @inline(__always)
    private static func words<Mask: CompactMask>(for layout: Layout, _: Mask.Type) -> Int {
        let symbolsWords = wordsOf(CompactTableau<Mask>.SymbolInfo.self, CompactTableau<Mask>.symbolLimit)
        let entryWords = wordsOf(CompactTableau<Mask>.EntryHead.self, layout.entryCapacity)
            + wordsOf(Int.self, layout.entryCapacity)
            + wordsOf(CompactTableau<Mask>.ObjectiveEntry.self, layout.entryCapacity)
        return symbolsWords + entryWords + layout.entryCapacity * layout.stride
    }

    private static func wordsOf<Element>(_ type: Element.Type, _ count: Int) -> Int {
        (MemoryLayout<Element>.stride * count + 7) / 8
    }

    /// The tables of this block, empty. The pointers stay valid while the block lives: a
    /// `ManagedBuffer`'s elements are allocated with the object, which never moves, and every
    /// `CompactTableau` holding these tables holds the block too.
    @inline(__always)
    func emptyTables<Mask: CompactMask>() -> CompactTables<Mask> {
        // Both pointers at once: reading `header` as a property would check exclusive access.
        withUnsafeMutablePointers { header, words in
            let layout = header.pointee
            var raw = UnsafeMutableRawPointer(words)
            func carve<Element>(_ type: Element.Type, _ count: Int) -> BlockArray<Element> {
                let table = BlockArray(base: raw.bindMemory(to: type, capacity: count), capacity: count)
                raw += CompactStorage.wordsOf(type, count) * 8
                return table
            }
            let symbols = carve(CompactTableau<Mask>.SymbolInfo.self, CompactTableau<Mask>.symbolLimit)
            let heads = carve(CompactTableau<Mask>.EntryHead.self, layout.entryCapacity)
            let freeEntries = carve(Int.self, layout.entryCapacity)
            let objectives = carve(CompactTableau<Mask>.ObjectiveEntry.self, layout.entryCapacity)
            let cells = raw.bindMemory(to: Double.self, capacity: layout.entryCapacity * layout.stride)
            return CompactTables(symbols: symbols, heads: heads, freeEntries: freeEntries, objectives: objectives,
                                 cells: cells, stride: layout.stride)
        }
    }
}

/// The capacities a `CompactStorage` block is made with.
struct CompactStorageLayout {
    var entryCapacity: Int
    var stride: Int
}

/// The tables of a `CompactStorage` block as a tableau uses them: views with their counts, and
/// the coefficients, `stride` per entry.
struct CompactTables<Mask: CompactMask> {
    var symbols: BlockArray<CompactTableau<Mask>.SymbolInfo>
    var heads: BlockArray<CompactTableau<Mask>.EntryHead>
    var freeEntries: BlockArray<Int>
    var objectives: BlockArray<CompactTableau<Mask>.ObjectiveEntry>
    var cells: UnsafeMutablePointer<Double>
    var stride: Int

    /// Copies the tables' contents into `target`'s (which must have room for them): the tables
    /// whole, and each entry's coefficients where its mask has a bit (the others are never read).
    func copy(into target: inout CompactTables<Mask>) {
        target.symbols.replaceContents(with: symbols)
        target.heads.replaceContents(with: heads)
        target.freeEntries.replaceContents(with: freeEntries)
        target.objectives.replaceContents(with: objectives)
        if target.stride == stride {
            target.cells.update(from: cells, count: heads.count * stride)
        } else {
            for entry in heads.indices {
                for symbol in heads[entry].mask {
                    target.cells[entry * target.stride + symbol] = cells[entry * stride + symbol]
                }
            }
        }
    }
}
