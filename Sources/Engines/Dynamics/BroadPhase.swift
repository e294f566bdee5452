/// Sort-and-sweep on x over compact copies of the shapes' bounds, kept sorted between steps.
///
/// Each step `refresh` copies the bounding boxes of the shapes of awake bodies (the only ones
/// that move) into small entries, with what the pair filter needs of each shape's body (awake,
/// movable, collision masks), then an insertion sort restores the order by lower x, which
/// barely changes from one step to the next. The sweep reads only these entries, contiguous in
/// memory, and never the bodies.
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
        /// The body's collision masks, as of the last `refresh`.
        var itemMask: UInt64 = 0
        var boundaryMask: UInt64 = 0
        /// The body is awake (it moves and may start contacts), as of the last `refresh`.
        var awake = false
        /// The body has mass (it can be pushed), as of the last `refresh`.
        var movable = false
    }

    /// Present shapes, sorted by lower x (ties by shape index) after each `refresh`.
    private var entries: [Entry] = []

    /// Adds a shape that has entered the world (its bounds computed); it is sorted into place
    /// by the next `refresh`.
    mutating func insert(shape: Int, of shapes: [Shape]) {
        let s = shapes[shape]
        entries.append(Entry(lowerX: s.lower.x, lowerY: s.lower.y, upperX: s.upper.x, upperY: s.upper.y,
                             shape: shape, body: s.body, ownerBit: s.ownerBit))
    }

    /// Copies the bounds of the shapes of awake bodies and the filter data of every shape's body,
    /// and sorts the entries by lower x.
    mutating func refresh(shapes: [Shape], bodies: [Body]) {
        shapes.withUnsafeBufferPointer { shapes in
            bodies.withUnsafeBufferPointer { bodies in
                entries.withUnsafeMutableBufferPointer { entries in
                    for k in entries.indices {
                        let body = entries[k].body
                        let awake = bodies[body].state == .awake
                        entries[k].awake = awake
                        entries[k].movable = bodies[body].inverseMass > 0
                        entries[k].itemMask = bodies[body].itemMask
                        entries[k].boundaryMask = bodies[body].boundaryMask
                        guard awake else { continue }
                        let s = entries[k].shape
                        entries[k].lowerX = shapes[s].lower.x
                        entries[k].lowerY = shapes[s].lower.y
                        entries[k].upperX = shapes[s].upper.x
                        entries[k].upperY = shapes[s].upper.y
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
    /// one of them movable. Reads the bodies as of the last `refresh`.
    func pairs(into keys: inout [UInt64]) {
        entries.withUnsafeBufferPointer { entries in
            let n = entries.count
            for ii in 0..<n {
                let upperX = entries[ii].upperX, lowerY = entries[ii].lowerY, upperY = entries[ii].upperY
                var jj = ii + 1
                while jj < n {
                    if entries[jj].lowerX > upperX { break }
                    if !(entries[jj].lowerY > upperY || entries[jj].upperY < lowerY)
                        && Self.shouldCollide(entries[ii], entries[jj]) {
                        let a = entries[ii].shape, b = entries[jj].shape
                        keys.append(Contact.key(min(a, b), max(a, b)))
                    }
                    jj += 1
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
