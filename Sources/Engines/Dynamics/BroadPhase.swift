/// The broad phase: the pairs of shapes whose bounds overlap and that may collide, found each
/// step in key order from a list of candidates that is kept while no shape leaves its enlarged
/// bounds.
///
/// Each shape present has enlarged bounds: its bounds when they were last set, widened by
/// `allowance` on every side. The candidates are the pairs of shapes of different bodies whose
/// enlarged bounds overlap, sorted by key. A shape's bounds stay within its enlarged bounds
/// until it has moved by about the allowance, and two shapes whose bounds overlap have
/// overlapping enlarged bounds; so while every shape's bounds are within its enlarged bounds, the
/// candidates include every pair whose bounds overlap. `pairs` then checks each candidate's
/// bounds and bodies as they are. When a shape leaves its enlarged bounds (or enters the world),
/// the enlarged bounds of the shapes that left are set again and the candidates are found again
/// by sort-and-sweep on x over the enlarged bounds, kept sorted by lower x from one search to the
/// next. The pairs found are exactly those whose current bounds overlap (closed intervals on both
/// axes) and that may collide, whatever the candidates: the allowance decides only how often the
/// candidates are searched again and how many are checked.
struct BroadPhase {
    /// What the sweep needs of one shape: its enlarged bounds and what decides whether it may
    /// collide at all.
    private struct Entry {
        var lowerX: Double
        var lowerY: Double
        var upperX: Double
        var upperY: Double
        var shape: Int
        var body: Int
    }

    /// How far the enlarged bounds reach beyond a shape's bounds on every side (10 pt, Box2D's
    /// 0.1 m).
    static let allowance = 0.1 * Tuning.pointsPerMetre

    /// Present shapes, sorted by the lower x of their enlarged bounds (ties by shape index) after
    /// each search for candidates.
    private var entries: [Entry] = []
    /// Keys of the pairs of shapes of different bodies whose enlarged bounds overlap, sorted.
    private var candidates: [UInt64] = []
    /// Set when the candidates must be searched again before the next pairs.
    private var stale = true
    private var sorter = PairKeySorter()
    /// Scratch, kept from step to step: the entries whose shapes left their enlarged bounds, a
    /// flag per shape for them, their new candidates, and the merged list.
    private var moved: [Int] = []
    private var isMoved: [Bool] = []
    private var found: [UInt64] = []
    private var merged: [UInt64] = []

    /// Adds a shape that has entered the world (its bounds computed); the candidates are searched
    /// again at the next `refresh`.
    mutating func insert(shape: Int, of shapes: [Shape]) {
        entries.append(Self.enlarged(shapes[shape], shape))
        stale = true
    }

    private static func enlarged(_ s: Shape, _ index: Int) -> Entry {
        Entry(lowerX: s.lower.x - allowance, lowerY: s.lower.y - allowance, upperX: s.upper.x + allowance,
              upperY: s.upper.y + allowance, shape: index, body: s.body)
    }

    /// Sets the enlarged bounds of every shape whose bounds have left them and, if any did (or a
    /// shape entered), finds the candidates again: for a few such shapes, only theirs (the pairs
    /// of every other shape are unchanged); for more, or after an entry, all of them.
    mutating func refresh(shapes: [Shape], bodies: [Body]) {
        let count = shapes.count
        moved.removeAll(keepingCapacity: true)
        shapes.withUnsafeBufferPointer { shapes in
            entries.withUnsafeMutableBufferPointer { entries in
                for k in entries.indices {
                    let s = entries[k].shape
                    let lower = shapes[s].lower, upper = shapes[s].upper
                    if lower.x < entries[k].lowerX || lower.y < entries[k].lowerY
                        || upper.x > entries[k].upperX || upper.y > entries[k].upperY {
                        entries[k] = Self.enlarged(shapes[s], s)
                        moved.append(k)
                    }
                }
            }
        }
        if stale || moved.count > Self.fewMoved {
            search(shapeCount: count)
        } else if !moved.isEmpty {
            update(shapeCount: count)
        }
    }

    /// At most this many shapes leaving their enlarged bounds in one step have their candidates
    /// found apart, each against every entry; more start a whole search.
    private static let fewMoved = 8

    /// Finds the candidates of the shapes of the entries in `moved` again: drops every candidate
    /// that has one of them, then compares each with every entry and merges the pairs found
    /// (each once) into the sorted list.
    private mutating func update(shapeCount: Int) {
        if isMoved.count != shapeCount { isMoved = Array(repeating: false, count: shapeCount) }
        found.removeAll(keepingCapacity: true)
        entries.withUnsafeBufferPointer { entries in
            isMoved.withUnsafeMutableBufferPointer { isMoved in
                for k in moved { isMoved[entries[k].shape] = true }
                candidates.removeAll { isMoved[Int($0 >> 32)] || isMoved[Int($0 & 0xFFFF_FFFF)] }
                for k in moved {
                    let m = entries[k]
                    for e in entries where e.body != m.body && (!isMoved[e.shape] || e.shape > m.shape) {
                        if e.lowerX > m.upperX || e.upperX < m.lowerX || e.lowerY > m.upperY || e.upperY < m.lowerY { continue }
                        found.append(Contact.key(min(e.shape, m.shape), max(e.shape, m.shape)))
                    }
                }
                for k in moved { isMoved[entries[k].shape] = false }
            }
        }
        guard !found.isEmpty else { return }
        found.sort()
        merged.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        while i < candidates.count || j < found.count {
            if j == found.count || (i < candidates.count && candidates[i] < found[j]) {
                merged.append(candidates[i])
                i += 1
            } else {
                merged.append(found[j])
                j += 1
            }
        }
        swap(&candidates, &merged)
    }

    /// Sorts the entries by lower x (insertion sort: the order barely changes between searches;
    /// ties keep index order) and sweeps them for the candidates, then sorts those by key.
    private mutating func search(shapeCount: Int) {
        stale = false
        candidates.removeAll(keepingCapacity: true)
        entries.withUnsafeMutableBufferPointer { entries in
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
            let n = entries.count
            for ii in 0..<n {
                let upperX = entries[ii].upperX, lowerY = entries[ii].lowerY, upperY = entries[ii].upperY
                var jj = ii + 1
                while jj < n {
                    if entries[jj].lowerX > upperX { break }
                    if !(entries[jj].lowerY > upperY || entries[jj].upperY < lowerY) && entries[jj].body != entries[ii].body {
                        let a = entries[ii].shape, b = entries[jj].shape
                        candidates.append(Contact.key(min(a, b), max(a, b)))
                    }
                    jj += 1
                }
            }
        }
        sorter.sort(&candidates, shapeCount: shapeCount)
    }

    /// Appends to `keys`, in key order (lower shape << 32 | higher shape), every pair whose bounds
    /// overlap and that may collide: different bodies, one of them awake, and either an item and
    /// a boundary of a collision behavior it belongs to, or two items sharing a collision behavior,
    /// one of them movable. The keys are written through a pointer into room made beforehand for
    /// every candidate.
    func pairs(shapes: [Shape], bodies: [Body], into keys: inout [UInt64]) {
        let start = keys.count, room = candidates.count
        keys.append(contentsOf: repeatElement(0, count: room))
        let found = keys.withUnsafeMutableBufferPointer { keys in
            shapes.withUnsafeBufferPointer { shapes in
                bodies.withUnsafeBufferPointer { bodies in
                    candidates.withUnsafeBufferPointer { candidates in
                        var found = start
                        for key in candidates {
                            let a = Int(key >> 32), b = Int(key & 0xFFFF_FFFF)
                            let lowerA = shapes[a].lower, upperA = shapes[a].upper
                            let lowerB = shapes[b].lower, upperB = shapes[b].upper
                            if lowerB.x > upperA.x || upperB.x < lowerA.x || lowerB.y > upperA.y || upperB.y < lowerA.y { continue }
                            if Self.shouldCollide(shapes[a].body, shapes[a].ownerBit, shapes[b].body, shapes[b].ownerBit, bodies) {
                                keys[found] = key
                                found += 1
                            }
                        }
                        return found
                    }
                }
            }
        }
        keys.removeLast(start + room - found)
    }

    @inline(__always)
    private static func shouldCollide(_ bodyA: Int, _ ownerA: UInt64, _ bodyB: Int, _ ownerB: UInt64,
                                      _ bodies: UnsafeBufferPointer<Body>) -> Bool {
        guard bodies[bodyA].state == .awake || bodies[bodyB].state == .awake else { return false }
        if ownerA != 0 { return bodies[bodyB].boundaryMask & ownerA != 0 && bodies[bodyB].inverseMass > 0 }
        if ownerB != 0 { return bodies[bodyA].boundaryMask & ownerB != 0 && bodies[bodyA].inverseMass > 0 }
        return bodies[bodyA].itemMask & bodies[bodyB].itemMask != 0 && (bodies[bodyA].inverseMass > 0 || bodies[bodyB].inverseMass > 0)
    }
}
