/// Sort-and-sweep on x over compact copies of the shapes' bounds, kept sorted between steps.
///
/// Each step `refresh` copies the bounding boxes of the shapes of awake bodies (the only ones
/// that move) into small entries, then an insertion sort restores the order by lower x, which
/// barely changes from one step to the next. The sweep reads these entries, contiguous in
/// memory, and looks at bodies only for pairs whose boxes overlap.
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

    /// Copies the bounds of the shapes of awake bodies, and sorts the entries by lower x.
    mutating func refresh(shapes: [Shape], bodies: [Body]) {
        shapes.withUnsafeBufferPointer { shapes in
            bodies.withUnsafeBufferPointer { bodies in
                entries.withUnsafeMutableBufferPointer { entries in
                    for k in entries.indices where bodies[entries[k].body].state == .awake {
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
    /// one of them movable.
    ///
    /// The keys are written through a pointer into room made beforehand (the array's capacity,
    /// which the previous steps' pairs have grown), not appended one by one; a sweep that finds
    /// more pairs than there is room for is run again with room for all of them.
    func pairs(bodies: [Body], into keys: inout [UInt64]) {
        let start = keys.count
        var room = max(keys.capacity - start, 64)
        keys.append(contentsOf: repeatElement(0, count: room))
        var found = keys.withUnsafeMutableBufferPointer { sweep(bodies, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
        if found > room {
            // The same sweep again, now with room for every pair it finds.
            keys.append(contentsOf: repeatElement(0, count: found - room))
            room = found
            found = keys.withUnsafeMutableBufferPointer { sweep(bodies, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
        }
        keys.removeLast(room - found)
    }

    /// Writes the pairs into `keys` as far as it reaches and returns how many there are.
    private func sweep(_ bodies: [Body], into keys: UnsafeMutableBufferPointer<UInt64>) -> Int {
        entries.withUnsafeBufferPointer { entries in
            bodies.withUnsafeBufferPointer { bodies in
                let n = entries.count, room = keys.count
                var found = 0
                for ii in 0..<n {
                    let upperX = entries[ii].upperX, lowerY = entries[ii].lowerY, upperY = entries[ii].upperY
                    var jj = ii + 1
                    while jj < n {
                        if entries[jj].lowerX > upperX { break }
                        if !(entries[jj].lowerY > upperY || entries[jj].upperY < lowerY)
                            && Self.shouldCollide(entries[ii], entries[jj], bodies) {
                            if found < room {
                                let a = entries[ii].shape, b = entries[jj].shape
                                keys[found] = Contact.key(min(a, b), max(a, b))
                            }
                            found += 1
                        }
                        jj += 1
                    }
                }
                return found
            }
        }
    }

    @inline(__always)
    private static func shouldCollide(_ a: Entry, _ b: Entry, _ bodies: UnsafeBufferPointer<Body>) -> Bool {
        if a.body == b.body { return false }
        let bodyA = a.body, bodyB = b.body
        guard bodies[bodyA].state == .awake || bodies[bodyB].state == .awake else { return false }
        if a.ownerBit != 0 { return bodies[bodyB].boundaryMask & a.ownerBit != 0 && bodies[bodyB].inverseMass > 0 }
        if b.ownerBit != 0 { return bodies[bodyA].boundaryMask & b.ownerBit != 0 && bodies[bodyA].inverseMass > 0 }
        return bodies[bodyA].itemMask & bodies[bodyB].itemMask != 0 && (bodies[bodyA].inverseMass > 0 || bodies[bodyB].inverseMass > 0)
    }
}
