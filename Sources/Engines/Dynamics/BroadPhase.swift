/// The broad phase: the pairs of shapes whose bounds overlap and that may collide, found each
/// step in key order from a list of candidates that is kept while no shape leaves its enlarged
/// bounds.
///
/// Each shape present has enlarged bounds: its bounds when they were last set, widened on every
/// side by `allowance` and by twice its contact margin. The candidates are the pairs of shapes of
/// different bodies whose enlarged bounds overlap, sorted by key. Two shapes whose bounds overlap
/// have overlapping enlarged bounds, so while every shape's bounds are within its enlarged
/// bounds, the candidates include every pair whose bounds overlap; `pairs` then checks each
/// candidate's bounds and bodies as they are. Only awake bodies' shapes get new bounds; when one
/// leaves its enlarged bounds, they are set again and the candidates found again: for a few such
/// shapes, only theirs, each compared with every entry; for more (or when a shape enters the
/// world), all of them, by sort-and-sweep on x over the enlarged bounds, kept sorted by lower x
/// from one search to the next. The pairs found are exactly those whose current bounds overlap
/// (closed intervals on both axes) and that may collide, whatever the candidates: the allowance
/// decides only how often the candidates are found again and how many are checked.
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

    /// How far the enlarged bounds reach beyond a shape's bounds on every side, besides twice its
    /// contact margin: the speculative distance, 2 pt. (Box2D's 0.1 m, 10 pt, and more margin
    /// made more candidates to check each step than searches saved, in the steady-stacks grade
    /// and Dropit.)
    static let allowance = Tuning.speculativeDistance

    /// What `pairs` checks of one shape: its bounds and what decides whether it may collide.
    private struct Bounds {
        var lowerX = 0.0
        var lowerY = 0.0
        var upperX = 0.0
        var upperY = 0.0
        var body = 0
        var ownerBit: UInt64 = 0
    }

    /// The bounds of each shape by index, copied from the shapes (those of absent shapes unused),
    /// so that the check of a candidate reads two small records.
    private var bounds: [Bounds] = []
    /// Present shapes, sorted by the lower x of their enlarged bounds (ties by shape index) after
    /// each search for candidates.
    private var entries: [Entry] = []
    /// Keys of the pairs of shapes of different bodies whose enlarged bounds overlap, sorted.
    private var candidates: [UInt64] = []
    /// Set when the candidates must be searched again before the next pairs.
    private var stale = true
    private var sorter = PairKeySorter()
    /// Scratch, kept from step to step: the entries whose shapes left their enlarged bounds, a
    /// flag per shape for them, and room for their new candidates.
    private var moved: [Int] = []
    private var movedCount = 0
    private var isMoved: [Bool] = []
    private var found: [UInt64] = []

    /// Adds a shape that has entered the world (its bounds computed); the candidates are searched
    /// again at the next `refresh`.
    mutating func insert(shape: Int, of shapes: [Shape]) {
        entries.append(Self.enlarged(shapes[shape], shape))
        if bounds.count < shapes.count { bounds.append(contentsOf: repeatElement(Bounds(), count: shapes.count - bounds.count)) }
        bounds[shape] = Self.bounds(of: shapes[shape])
        stale = true
    }

    private static func bounds(of s: Shape) -> Bounds {
        Bounds(lowerX: s.lower.x, lowerY: s.lower.y, upperX: s.upper.x, upperY: s.upper.y, body: s.body, ownerBit: s.ownerBit)
    }

    /// A shape's enlarged bounds: its bounds widened by `allowance` plus twice its contact margin
    /// (which grows with the distance it may travel in a step), so that a falling shape leaves
    /// them every other step or so rather than every step.
    private static func enlarged(_ s: Shape, _ index: Int) -> Entry {
        let reach = allowance + 2 * s.margin
        return Entry(lowerX: s.lower.x - reach, lowerY: s.lower.y - reach, upperX: s.upper.x + reach,
                     upperY: s.upper.y + reach, shape: index, body: s.body)
    }

    /// Sets the enlarged bounds of every shape whose bounds have left them and, if any did (or a
    /// shape entered), finds the candidates again: for a few such shapes, only theirs (the pairs
    /// of every other shape are unchanged); for more, or after an entry, all of them.
    mutating func refresh(shapes: [Shape], bodies: [Body]) {
        let count = shapes.count
        if moved.count < entries.count { moved = Array(repeating: 0, count: entries.count) }
        movedCount = 0
        shapes.withUnsafeBufferPointer { shapes in
            bodies.withUnsafeBufferPointer { bodies in
                entries.withUnsafeMutableBufferPointer { entries in
                    moved.withUnsafeMutableBufferPointer { moved in
                        bounds.withUnsafeMutableBufferPointer { bounds in
                            // Only awake bodies' shapes get new bounds (`World.updateGeometry`).
                            for k in entries.indices where bodies[entries[k].body].state == .awake {
                                let s = entries[k].shape
                                let lower = shapes[s].lower, upper = shapes[s].upper
                                bounds[s].lowerX = lower.x
                                bounds[s].lowerY = lower.y
                                bounds[s].upperX = upper.x
                                bounds[s].upperY = upper.y
                                if lower.x < entries[k].lowerX || lower.y < entries[k].lowerY
                                    || upper.x > entries[k].upperX || upper.y > entries[k].upperY {
                                    entries[k] = Self.enlarged(shapes[s], s)
                                    moved[movedCount] = k
                                    movedCount += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        if stale || movedCount > Self.fewMoved || movedCount * entries.count > Self.comparisonsApart {
            search(shapeCount: count)
        } else if movedCount > 0 {
            update(shapeCount: count)
        }
    }

    /// At most this many shapes leaving their enlarged bounds in one step have their candidates
    /// found apart, each against every entry, and only while that takes at most
    /// `comparisonsApart` comparisons (so that the keys found, sorted by insertion, stay few);
    /// otherwise a whole search starts.
    private static let fewMoved = 8
    private static let comparisonsApart = 512

    /// Finds the candidates of the shapes of the first `movedCount` entries in `moved` again:
    /// drops every candidate that has one of them, then compares each with every entry and merges
    /// the pairs found (each once, sorted) into the list, from its end.
    private mutating func update(shapeCount: Int) {
        if isMoved.count != shapeCount { isMoved = Array(repeating: false, count: shapeCount) }
        let room = movedCount * entries.count
        if found.count < room { found = Array(repeating: 0, count: room) }
        var kept = 0, added = 0
        entries.withUnsafeBufferPointer { entries in
            isMoved.withUnsafeMutableBufferPointer { isMoved in
                found.withUnsafeMutableBufferPointer { found in
                    for k in moved[..<movedCount] { isMoved[entries[k].shape] = true }
                    candidates.withUnsafeMutableBufferPointer { candidates in
                        for key in candidates where !isMoved[Int(key >> 32)] && !isMoved[Int(key & 0xFFFF_FFFF)] {
                            candidates[kept] = key
                            kept += 1
                        }
                    }
                    for k in moved[..<movedCount] {
                        let m = entries[k]
                        for e in entries where e.body != m.body && (!isMoved[e.shape] || e.shape > m.shape) {
                            if e.lowerX > m.upperX || e.upperX < m.lowerX || e.lowerY > m.upperY || e.upperY < m.lowerY { continue }
                            let key = Contact.key(min(e.shape, m.shape), max(e.shape, m.shape))
                            var j = added
                            while j > 0 && found[j - 1] > key {
                                found[j] = found[j - 1]
                                j -= 1
                            }
                            found[j] = key
                            added += 1
                        }
                    }
                    for k in moved[..<movedCount] { isMoved[entries[k].shape] = false }
                }
            }
        }
        let total = kept + added
        if candidates.count > total {
            candidates.removeLast(candidates.count - total)
        } else if candidates.count < total {
            candidates.append(contentsOf: repeatElement(0, count: total - candidates.count))
        }
        guard added > 0 else { return }
        found.withUnsafeBufferPointer { found in
            candidates.withUnsafeMutableBufferPointer { candidates in
                var i = kept - 1, j = added - 1, k = total - 1
                while j >= 0 {
                    if i >= 0 && candidates[i] > found[j] {
                        candidates[k] = candidates[i]
                        i -= 1
                    } else {
                        candidates[k] = found[j]
                        j -= 1
                    }
                    k -= 1
                }
            }
        }
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
    func pairs(bodies: [Body], into keys: inout [UInt64]) {
        let start = keys.count, room = candidates.count
        keys.append(contentsOf: repeatElement(0, count: room))
        let found = keys.withUnsafeMutableBufferPointer { keys in
            bounds.withUnsafeBufferPointer { bounds in
                bodies.withUnsafeBufferPointer { bodies in
                    candidates.withUnsafeBufferPointer { candidates in
                        var found = start
                        for key in candidates {
                            let a = bounds[Int(key >> 32)], b = bounds[Int(key & 0xFFFF_FFFF)]
                            if b.lowerX > a.upperX || b.upperX < a.lowerX || b.lowerY > a.upperY || b.upperY < a.lowerY { continue }
                            if Self.shouldCollide(a.body, a.ownerBit, b.body, b.ownerBit, bodies) {
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
