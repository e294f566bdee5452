/// Behaviors at work: timeline events, per-item properties, pushes, joints and anchors.
extension SceneRunner {
    /// Applies one timeline event; returns whether joints must be rebuilt.
    mutating func handle(_ event: Event) -> Bool {
        switch event {
        case .appear(let item):
            let body = item + 1
            world.insert(body: body, velocity: scene.items[item].velocity, angularVelocity: scene.items[item].angularVelocity)
            applyBehaviors(toItem: item)
            fireInstantaneousPushes(items: [item])
            return true
        case .activate(let first):
            for b in first..<behaviors[first].end { behaviors[b].active = true }
            behaviorsChanged()
            return true
        case .remove(let id):
            for b in behaviors.indices where behaviors[b].id == id && behaviors[b].active {
                for d in b..<behaviors[b].end { behaviors[d].active = false }
            }
            behaviorsChanged()
            return true
        case .wake:
            world.wakeAll()
            return false
        }
    }

    private mutating func behaviorsChanged() {
        world.wakeAll()
        let present = scene.items.indices.filter { world.bodies[$0 + 1].state != .absent }
        for item in present { applyBehaviors(toItem: item) }
        fireInstantaneousPushes(items: present)
    }

    /// Resolves gravity, continuous pushes, collision membership and item properties for one
    /// item from the active behaviors, in tree order (the last item behavior setting a property wins).
    private mutating func applyBehaviors(toItem item: Int) {
        var gravity = Vector.zero, force = Vector.zero
        var itemMask: UInt64 = 0, boundaryMask: UInt64 = 0
        var elasticity = 0.0, friction = 0.0, density = 1.0, resistance = 0.0, angularResistance = 0.0
        var allowsRotation = true, anchored = false
        for b in behaviors where b.active && b.applies(to: item) {
            switch b.kind {
            case .gravity(let angle, let magnitude):
                gravity += (1000 * magnitude) * Vector.unit(angle: angle)
            case .collision(let c):
                if c.mode != .boundaries { itemMask |= b.collisionBit }
                if c.mode != .items { boundaryMask |= b.collisionBit }
            case .itemProperties(let p):
                elasticity = p.elasticity ?? elasticity
                friction = p.friction ?? friction
                density = p.density ?? density
                resistance = p.resistance ?? resistance
                angularResistance = p.angularResistance ?? angularResistance
                allowsRotation = p.allowsRotation ?? allowsRotation
                anchored = p.anchored ?? anchored
            case .push(let p) where p.mode == .continuous:
                force += (100 * p.magnitude) * Vector.unit(angle: p.angle)
            default:
                break
            }
        }
        var body = world.bodies[item + 1]
        body.gravity = gravity
        body.force = force
        body.itemMask = itemMask
        body.boundaryMask = boundaryMask
        body.elasticity = elasticity
        body.friction = friction
        body.linearDamping = resistance
        body.angularDamping = angularResistance
        body.setMassProperties(density: density, anchored: anchored, allowsRotation: allowsRotation)
        if anchored && body.calmSince == nil { body.calmSince = world.time }
        world.bodies[item + 1] = body
        world.materialsChanged = true
    }

    /// Gives each present, movable target of an active instantaneous push its impulse, once.
    private mutating func fireInstantaneousPushes(items: [Int]) {
        for b in behaviors.indices where behaviors[b].active {
            guard case .push(let p) = behaviors[b].kind, p.mode == .instantaneous else { continue }
            let impulse = (100 * p.magnitude) * Vector.unit(angle: p.angle)
            for item in items where behaviors[b].applies(to: item) && !behaviors[b].pushed[item] {
                behaviors[b].pushed[item] = true
                let body = item + 1
                guard world.bodies[body].inverseMass > 0 else { continue }
                world.bodies[body].velocity += world.bodies[body].inverseMass * impulse
                if world.bodies[body].state == .asleep { world.bodies[body].state = .awake }
            }
        }
    }

    /// Recreates the joints of active attachments and snaps whose items are present.
    mutating func rebuildJoints() {
        world.joints.removeAll(keepingCapacity: true)
        jointSources.removeAll(keepingCapacity: true)
        for i in world.bodies.indices { world.bodies[i].keptAwake = false }
        for b in behaviors.indices where behaviors[b].active {
            switch behaviors[b].kind {
            case .attachment(let a):
                guard let item = itemIndex[a.item], isPresent(item) else { continue }
                let bodyA = world.bodies[item + 1]
                let pointA = bodyA.worldPoint(a.offset)
                var joint: Joint
                switch a.target {
                case .anchor:
                    let anchor = behaviors[b].anchor(at: world.time)
                    joint = Joint(kind: .distance, bodyA: item + 1, bodyB: 0, localA: a.offset, localB: anchor,
                                  length: 0, hertz: a.frequency, dampingRatio: a.damping)
                    behaviors[b].attachmentLength = behaviors[b].attachmentLength ?? (anchor - pointA).length
                case .item(let otherID, let offset):
                    guard let other = itemIndex[otherID], isPresent(other) else { continue }
                    let bodyB = world.bodies[other + 1]
                    joint = Joint(kind: .distance, bodyA: item + 1, bodyB: other + 1, localA: a.offset, localB: offset,
                                  length: 0, hertz: a.frequency, dampingRatio: a.damping)
                    let pointB = bodyB.worldPoint(offset)
                    behaviors[b].attachmentLength = behaviors[b].attachmentLength ?? (pointB - pointA).length
                }
                joint.length = a.length ?? behaviors[b].attachmentLength ?? 0
                world.joints.append(joint)
                jointSources.append(b)
            case .snap(let s):
                guard let item = itemIndex[s.item], isPresent(item) else { continue }
                world.joints.append(Joint(kind: .snap, bodyA: item + 1, bodyB: 0, localA: .zero, localB: s.point,
                                          length: 0, hertz: Tuning.snapHertz, dampingRatio: 0.1 + 0.9 * s.damping))
                jointSources.append(b)
            default:
                continue
            }
        }
    }

    /// Widens the measured length range of each acting attachment that has an id by its actual
    /// length at time `t`, the end of the step just taken.
    mutating func measureAttachments(at t: Double) {
        for j in world.joints.indices where world.joints[j].kind == .distance {
            let b = jointSources[j]
            guard behaviors[b].id != nil else { continue }
            let joint = world.joints[j]
            let pointA = world.bodies[joint.bodyA].worldPoint(joint.localA)
            let pointB = joint.bodyB == 0 ? behaviors[b].anchor(at: t) : world.bodies[joint.bodyB].worldPoint(joint.localB)
            let length = (pointB - pointA).length
            if let range = behaviors[b].measuredLengths {
                behaviors[b].measuredLengths = (min: min(range.min, length), max: max(range.max, length))
            } else {
                behaviors[b].measuredLengths = (min: length, max: length)
            }
        }
    }

    /// Moves attachment anchors along their keyframes for the coming step; a moving anchor
    /// keeps its item awake.
    mutating func updateAnchors(t: Double, h: Double) {
        for j in world.joints.indices where world.joints[j].kind == .distance && world.joints[j].bodyB == 0 {
            let source = behaviors[jointSources[j]]
            let start = source.anchor(at: t)
            let velocity = (1 / h) * (source.anchor(at: t + h) - start)
            world.joints[j].localB = start
            world.joints[j].anchorVelocity = velocity
            let body = world.joints[j].bodyA
            let moving = velocity != .zero
            world.bodies[body].keptAwake = moving
            if moving && world.bodies[body].state == .asleep { world.wakeAll() }
        }
    }
}
