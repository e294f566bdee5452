/// A table of plain-data elements in a `CompactStorage` block: a count and a fixed capacity.
///
/// It reads and writes through its pointer without checks in release builds. That is safe by
/// construction: the tableau indexes symbols with ids below `symbols.count` (from its masks and
/// tags, ids it made) and entries with numbers `newEntry` handed out (below `heads.count`), and
/// it replaces its block by a larger one before an append could pass the capacity (appends check
/// it anyway: an overflow would be a bug, never an input).
struct BlockArray<Element>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    let capacity: Int

    init(base: UnsafeMutablePointer<Element>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(position >= 0 && position < count, "index out of the table")
            return UnsafePointer(base + position)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            assert(position >= 0 && position < count, "index out of the table")
            return base + position
        }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        precondition(count < capacity, "a compact table outgrew its block")
        (base + count).initialize(to: element)
        count += 1
    }

    /// Inserts `element` at `index`, moving the later elements up by one.
    mutating func insert(_ element: Element, at index: Int) {
        precondition(count < capacity && index >= 0 && index <= count, "a compact table outgrew its block")
        (base + index + 1).moveInitialize(from: base + index, count: count - index)
        (base + index).initialize(to: element)
        count += 1
    }

    /// Removes and returns the last element, or nil when the table is empty.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    mutating func removeLast() {
        precondition(count > 0, "removing from an empty compact table")
        count -= 1
    }

    /// Keeps the elements that do not satisfy `shouldRemove`, in order.
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var kept = 0
        for index in 0..<count where !shouldRemove(base[index]) {
            base[kept] = base[index]
            kept += 1
        }
        count = kept
    }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        count = Swift.min(count, newCount)
    }

    mutating func removeAll() {
        count = 0
    }

    /// Makes this table a copy of `other` (its capacity must hold `other.count` elements).
    mutating func replaceContents(with other: BlockArray<Element>) {
        precondition(other.count <= capacity, "a compact table outgrew its block")
        base.update(from: other.base, count: other.count)
        count = other.count
    }
}
