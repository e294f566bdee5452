/// Sort-and-sweep on x over compact copies of the shapes' bounds, kept sorted between steps.
///
/// Each step `refresh` copies every present shape's bounding box and collision filter (its
/// body's state, masks and mobility) into a small entry, then an insertion sort restores the
/// order by lower x, which barely changes from one step to the next. The sweep then reads only
/// these entries, contiguous in memory, instead of shapes and bodies scattered over large structs.
struct BroadPhase {
    /// What the sweep needs of one shape.
    private struct Entry {
        var lowerX: Double
        var lowerY: Double
        var upperX: Double
        var upperY: Double
        var shape: Int
        var body: Int
        var ownerBit: UInt64
        var itemMask: UInt64
        var boundaryMask: UInt64
        var awake: Bool
        var movable: Bool
    }

    /// Present shapes, sorted by lower x (ties by shape index) after each `refresh`.
    private var entries: [Entry] = []

    /// Adds a shape that has entered the world; it takes part from the next `refresh`.
    mutating func insert(shape: Int, of shapes: [Shape], bodies: [Body]) {
        entries.append(Self.entry(shape, shapes[shape], bodies[shapes[shape].body]))
    }

    private static func entry(_ index: Int, _ shape: Shape, _ body: Body) -> Entry {
        Entry(lowerX: shape.lower.x, lowerY: shape.lower.y, upperX: shape.upper.x, upperY: shape.upper.y,
              shape: index, body: shape.body, ownerBit: shape.ownerBit, itemMask: body.itemMask,
              boundaryMask: body.boundaryMask, awake: body.state == .awake, movable: body.inverseMass > 0)
    }

    /// Copies the current bounds and filters, and sorts the entries by lower x.
    mutating func refresh(shapes: [Shape], bodies: [Body]) {
        shapes.withUnsafeBufferPointer { shapes in
            bodies.withUnsafeBufferPointer { bodies in
                entries.withUnsafeMutableBufferPointer { entries in
                    for k in entries.indices {
                        let i = entries[k].shape
                        entries[k] = Self.entry(i, shapes[i], bodies[shapes[i].body])
                    }
                    // Insertion sort: the order barely changes between steps. Ties keep index order.
                    guard entries.count > 1 else { return }
                    for k in 1..<entries.count {
                        let item = entries[k]
                        var j = k - 1
                        while j >= 0 {
                            let other = entries[j]
                            if other.lowerX < item.lowerX || (other.lowerX == item.lowerX && other.shape < item.shape) { break }
                            entries[j + 1] = other
                            j -= 1
                        }
                        entries[j + 1] = item
                    }
                }
            }
        }
    }

    /// Appends to `keys` (lower shape << 32 | higher shape, in sweep order) every pair whose boxes
    /// overlap and that may collide: different bodies, one of them awake, and either an item and
    /// a boundary of a collision behavior it belongs to, or two items sharing a collision behavior,
    /// one of them movable.
    func pairs(into keys: inout [UInt64]) {
        entries.withUnsafeBufferPointer { entries in
            let n = entries.count
            for ii in 0..<n {
                let e = entries[ii]
                var jj = ii + 1
                while jj < n {
                    let f = entries[jj]
                    jj += 1
                    if f.lowerX > e.upperX { break }
                    if f.lowerY > e.upperY || f.upperY < e.lowerY { continue }
                    if Self.shouldCollide(e, f) { keys.append(Contact.key(min(e.shape, f.shape), max(e.shape, f.shape))) }
                }
            }
        }
    }

    @inline(__always)
    private static func shouldCollide(_ a: Entry, _ b: Entry) -> Bool {
        if a.body == b.body { return false }
        guard a.awake || b.awake else { return false }
        if a.ownerBit != 0 { return b.boundaryMask & a.ownerBit != 0 && b.movable }
        if b.ownerBit != 0 { return a.boundaryMask & b.ownerBit != 0 && a.movable }
        return a.itemMask & b.itemMask != 0 && (a.movable || b.movable)
    }
}
