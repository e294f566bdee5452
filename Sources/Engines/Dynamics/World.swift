/// A begin or end of touching between two shapes, as recorded by the world.
struct ContactRecord {
    var time: Double
    var began: Bool
    var shapeA: Int
    var shapeB: Int
}

/// The rigid-body world: bodies, shapes, persistent contacts and joints, advanced by fixed
/// steps. Body 0 is the ground; item `i` is body `i + 1` with shape `i`; boundary shapes follow
/// the item shapes. All storage is reused from step to step.
struct World {
    var bodies: [Body]
    var shapes: [Shape]
    var joints: [Joint] = []
    /// Persistent contacts, sorted by key.
    var contacts: [Contact] = []
    var substeps: Int
    var sleepingEnabled: Bool
    /// Time at the start of the next step.
    var time = 0.0
    /// Begin/end touching events, in the order they happened, up to `contactRecordLimit`.
    var contactRecords: [ContactRecord] = []
    var contactRecordLimit = Int.max
    /// Events left out beyond the limit.
    var droppedContactRecords = 0

    /// Shapes taking part in the broadphase, with the candidate pairs kept from step to step.
    private var broadPhase = BroadPhase()
    private var pairKeys: [UInt64] = []
    /// The previous step's pairs, sorted.
    private var previousPairKeys: [UInt64] = []
    /// Whether `contacts` holds exactly the pairs of `previousPairKeys` (no kept sleeping contacts).
    private var contactsArePairs = false
    /// Set when item friction or elasticity may have changed: contact materials are then
    /// recomputed at the next step. They are otherwise set only when a contact is created.
    var materialsChanged = true
    private var spareContacts: [Contact] = []
    /// The last manifold of each contact between unrotated boxes, in the order of `contacts`.
    private var manifolds: [CachedManifold] = []
    private var spareManifolds: [CachedManifold] = []
    var activeContacts: [Int] = []
    var solverBodies: [SolverBody] = []
    var solverMasses: [SolverBodyMass] = []
    /// The solver's per-step contact constraints, in colour-ordered wide batches.
    var contactBatches = ContactBatches()
    /// The position projection's record of what each pass moved, kept from step to step.
    var projectionPasses = ProjectionPasses()
    var islandParent: [Int] = []
    var islandMinSleep: [Double] = []
    var islandAwake: [Bool] = []

    init(bodies: [Body], shapes: [Shape], substeps: Int, sleepingEnabled: Bool) {
        self.bodies = bodies
        self.shapes = shapes
        self.substeps = substeps
        self.sleepingEnabled = sleepingEnabled
        for i in shapes.indices where bodies[shapes[i].body].state != .absent {
            self.shapes[i].updateWorldGeometry(position: bodies[shapes[i].body].position,
                                               rotation: bodies[shapes[i].body].rotation,
                                               margin: 0.5 * Tuning.speculativeDistance)
            broadPhase.insert(shape: i, of: self.shapes)
        }
        let n = bodies.count
        solverBodies = Array(repeating: SolverBody(), count: n)
        solverMasses = Array(repeating: SolverBodyMass(), count: n)
        islandParent = Array(repeating: 0, count: n)
        islandMinSleep = Array(repeating: 0, count: n)
        islandAwake = Array(repeating: false, count: n)
    }

    /// Puts an absent body into the world, awake, with the given velocities.
    mutating func insert(body index: Int, velocity: Vector, angularVelocity: Double) {
        guard bodies[index].state == .absent else { return }
        bodies[index].state = .awake
        bodies[index].velocity = velocity
        bodies[index].angularVelocity = angularVelocity
        for i in shapes.indices where shapes[i].body == index {
            shapes[i].updateWorldGeometry(position: bodies[index].position, rotation: bodies[index].rotation,
                                          margin: 0.5 * Tuning.speculativeDistance)
            broadPhase.insert(shape: i, of: shapes)
        }
    }

    /// Wakes every sleeping body (behaviors changed).
    mutating func wakeAll() {
        for i in bodies.indices where bodies[i].state == .asleep {
            bodies[i].state = .awake
            bodies[i].sleepTime = 0
        }
    }

    /// Advances the world by `h` seconds.
    mutating func step(_ h: Double) {
        updateGeometry(h)
        findContacts()
        if sleepingEnabled { wakeApproachedIslands(h) }
        solve(h)
        time += h
        updateRest(h)
    }

    // MARK: Broadphase

    private mutating func updateGeometry(_ h: Double) {
        let base = 0.5 * Tuning.speculativeDistance
        bodies.withUnsafeBufferPointer { bodies in
            shapes.withUnsafeMutableBufferPointer { shapes in
                for i in shapes.indices {
                    let b = shapes[i].body
                    guard bodies[b].state == .awake else { continue }
                    let travel = (bodies[b].velocity.length + abs(bodies[b].angularVelocity) * shapes[i].extent
                                  + bodies[b].gravity.length * h) * h
                    shapes[i].updateWorldGeometry(position: bodies[b].position, rotation: bodies[b].rotation, margin: base + travel)
                }
            }
        }
        broadPhase.refresh(shapes: shapes, bodies: bodies)
    }

    /// The broad phase's pairs (sorted), then a merge with the previous contacts that keeps
    /// warm-starting impulses, keeps the contacts of sleeping bodies and records begin/end events.
    /// When the merge would give the same list back (the pairs of the previous step, and kept
    /// sleeping contacts), the contacts are updated in place; when the pairs are even those of the
    /// previous step, the merge is not looked at.
    private mutating func findContacts() {
        pairKeys.removeAll(keepingCapacity: true)
        broadPhase.pairs(bodies: bodies, into: &pairKeys)
        // The contact list is taken out of the world while it is updated, so that updating a
        // contact can record events; shapes are read through a buffer pointer (no copies).
        var list: [Contact] = [], cache: [CachedManifold] = []
        swap(&list, &contacts)
        swap(&cache, &manifolds)
        defer {
            swap(&list, &contacts)
            swap(&cache, &manifolds)
        }
        let shapeList = shapes
        let bodyList = bodies
        let refreshMaterials = materialsChanged
        if contactsArePairs && pairKeys == previousPairKeys {
            shapeList.withUnsafeBufferPointer { shapes in bodyList.withUnsafeBufferPointer { bodyBuffer in
                list.withUnsafeMutableBufferPointer { list in
                    cache.withUnsafeMutableBufferPointer { cache in
                        for ci in list.indices {
                            updateContact(&list[ci], &cache[ci], shapes, bodyBuffer, material: refreshMaterials)
                        }
                    }
                }
            } }
            materialsChanged = false
            return
        }
        previousPairKeys.removeAll(keepingCapacity: true)
        previousPairKeys.append(contentsOf: pairKeys)
        shapeList.withUnsafeBufferPointer { shapes in bodyList.withUnsafeBufferPointer { bodyBuffer in
            if mergeKeepsList(list) {
                // Update the contacts of this step's pairs where they are; the others sleep. The
                // list holds every pair, in order, so the walk ends at the last pair's contact: in
                // a world asleep (no pairs) it looks at no contact at all.
                list.withUnsafeMutableBufferPointer { list in
                    cache.withUnsafeMutableBufferPointer { cache in
                        var ni = 0, ci = 0
                        while ni < pairKeys.count && ci < list.count {
                            if list[ci].key == pairKeys[ni] {
                                updateContact(&list[ci], &cache[ci], shapes, bodyBuffer, material: refreshMaterials)
                                ni += 1
                            }
                            ci += 1
                        }
                    }
                }
                contactsArePairs = list.count == pairKeys.count
                // Contacts kept without an update keep their material, which must be refreshed later.
                materialsChanged = refreshMaterials && list.count > pairKeys.count
                return
            }
            var next: [Contact] = [], nextCache: [CachedManifold] = []
            swap(&next, &spareContacts)
            swap(&nextCache, &spareManifolds)
            next.removeAll(keepingCapacity: true)
            nextCache.removeAll(keepingCapacity: true)
            // A contact kept without an update keeps its material, which must be refreshed later.
            var keptStale = false
            var oi = 0, ni = 0
            while oi < list.count || ni < pairKeys.count {
                let oldKey = oi < list.count ? list[oi].key : UInt64.max
                let newKey = ni < pairKeys.count ? pairKeys[ni] : UInt64.max
                if oldKey < newKey {
                    if isKept(list[oi]) {
                        next.append(list[oi])
                        nextCache.append(cache[oi])
                        keptStale = keptStale || refreshMaterials
                    } else if list[oi].touching {
                        record(began: false, list[oi].shapeA, list[oi].shapeB)
                    }
                    oi += 1
                    continue
                }
                let isNew: Bool
                if oldKey == newKey {
                    next.append(list[oi])
                    nextCache.append(cache[oi])
                    oi += 1
                    isNew = false
                } else {
                    let shapeA = Int(newKey >> 32), shapeB = Int(newKey & 0xFFFF_FFFF)
                    next.append(Contact(shapeA: shapeA, shapeB: shapeB, bodyA: shapes[shapeA].body, bodyB: shapes[shapeB].body))
                    nextCache.append(.empty)
                    isNew = true
                }
                ni += 1
                next.withUnsafeMutableBufferPointer { next in
                    nextCache.withUnsafeMutableBufferPointer { nextCache in
                        updateContact(&next[next.count - 1], &nextCache[next.count - 1], shapes, bodyBuffer,
                                      material: refreshMaterials || isNew)
                    }
                }
            }
            contactsArePairs = next.count == pairKeys.count
            materialsChanged = keptStale
            // The previous list becomes the spare one, keeping its capacity for the next merge.
            swap(&list, &next)
            swap(&next, &spareContacts)
            swap(&cache, &nextCache)
            swap(&nextCache, &spareManifolds)
        } }
    }

    /// Whether a contact that is not among this step's pairs is kept as it is: its bodies sleep
    /// (neither is awake, one is asleep).
    private func isKept(_ contact: Contact) -> Bool {
        let stateA = bodies[contact.bodyA].state, stateB = bodies[contact.bodyB].state
        return stateA != .awake && stateB != .awake && (stateA == .asleep || stateB == .asleep)
    }

    /// Whether merging this step's pairs (sorted) into `list` would give `list` back, keys and
    /// order: every pair already has its contact and every other contact is kept. This is so when
    /// the pairs did not change, and in a scene that is mostly asleep.
    private func mergeKeepsList(_ list: [Contact]) -> Bool {
        guard pairKeys.count <= list.count else { return false }
        var ni = 0
        for ci in list.indices {
            if ni < pairKeys.count {
                if list[ci].key == pairKeys[ni] {
                    ni += 1
                    continue
                }
                // A pair that has no contact yet.
                if list[ci].key > pairKeys[ni] { return false }
            }
            if !isKept(list[ci]) { return false }
        }
        return ni == pairKeys.count
    }

    /// Recomputes a contact's manifold in place, carrying over the impulses of points with the
    /// same feature id, and records a begin or end of touching. Its friction and restitution
    /// are recomputed when `material` is set (a new contact, or item properties changed). The
    /// shapes and bodies are read in place: a contact's shape and body indices are those of the
    /// world's own lists.
    @inline(__always)
    private mutating func updateContact(_ contact: inout Contact, _ cached: inout CachedManifold,
                                        _ shapes: UnsafeBufferPointer<Shape>, _ bodyBuffer: UnsafeBufferPointer<Body>,
                                        material: Bool) {
        let shapeA = contact.shapeA, shapeB = contact.shapeB
        guard let base = shapes.baseAddress, let bodyBase = bodyBuffer.baseAddress else { return }
        let a = base + shapeA, b = base + shapeB
        let margin = a.pointee.margin + b.pointee.margin
        let manifold = a.pointee.isAxisAlignedBox && b.pointee.isAxisAlignedBox
            ? cached.alignedBoxes(a, b, margin: margin)
            : Collide.manifold(a, b, margin: margin)
        let wasTouching = contact.touching
        contact.update(with: manifold, centerA: bodyBase[contact.bodyA].position,
                       centerB: bodyBase[contact.bodyB].position)
        if material {
            let material = self.material(shapeA, shapeB)
            contact.friction = material.friction
            contact.restitution = material.restitution
        }
        if contact.touching != wasTouching {
            record(began: !wasTouching, shapeA, shapeB)
        }
    }

    private mutating func record(began: Bool, _ shapeA: Int, _ shapeB: Int) {
        if contactRecords.count < contactRecordLimit {
            contactRecords.append(ContactRecord(time: time, began: began, shapeA: shapeA, shapeB: shapeB))
        } else {
            droppedContactRecords += 1
        }
    }

    /// Friction is the geometric mean of the items' frictions and elasticity the larger of the
    /// two; against a boundary the item's own values apply.
    private func material(_ shapeA: Int, _ shapeB: Int) -> (friction: Double, restitution: Double) {
        let a = shapes[shapeA].body, b = shapes[shapeB].body
        if shapes[shapeB].ownerBit != 0 { return (bodies[a].friction, bodies[a].elasticity) }
        if shapes[shapeA].ownerBit != 0 { return (bodies[b].friction, bodies[b].elasticity) }
        return ((bodies[a].friction * bodies[b].friction).squareRoot(), max(bodies[a].elasticity, bodies[b].elasticity))
    }
}
