/// Drives a `World` through a scene: item appearances, the behavior tree, the script and sampling.
struct SceneRunner {
    enum Event {
        case appear(item: Int)
        case activate(behavior: Int)
        case remove(id: String)
        case wake
    }

    let scene: Scene
    let itemIndex: [String: Int]
    var world: World
    var behaviors: [BehaviorInstance] = []
    /// Boundary name of each static shape, by shape index minus the item count.
    var boundaryNames: [String] = []
    var events: [(time: Double, event: Event)] = []
    /// Behavior instance that produced each joint.
    var jointSources: [Int] = []
    var frames: [SimulationResult.Frame] = []

    init(scene: Scene, itemIndex: [String: Int], maxContactEvents: Int) {
        self.scene = scene
        self.itemIndex = itemIndex
        var bodies = [Body.ground]
        var shapes: [Shape] = []
        bodies.reserveCapacity(scene.items.count + 1)
        shapes.reserveCapacity(scene.items.count + 8)
        for (i, item) in scene.items.enumerated() {
            switch item.shape {
            case .rectangle(let w, let h):
                let m = w * h / 10_000
                bodies.append(Body(position: item.center, angle: item.angle, unitMass: m,
                                   unitInertia: m * (w * w + h * h) / 12, extent: 0.5 * (w * w + h * h).squareRoot()))
                shapes.append(.box(body: i + 1, width: w, height: h))
            case .circle(let r):
                let m = Double.pi * r * r / 10_000
                bodies.append(Body(position: item.center, angle: item.angle, unitMass: m, unitInertia: m * r * r / 2, extent: r))
                shapes.append(.circle(body: i + 1, radius: r))
            }
        }

        var list: [BehaviorInstance] = []
        if let root = scene.behavior {
            BehaviorInstance.flatten(root, active: true, activationTime: 0, itemIndex: itemIndex, into: &list)
        }
        var pending: [(time: Double, event: Event)] = []
        for (i, item) in scene.items.enumerated() { pending.append((item.appearsAt, .appear(item: i))) }
        for scripted in scene.script {
            switch scripted.action {
            case .addBehavior(let behavior):
                pending.append((scripted.at, .activate(behavior: list.count)))
                BehaviorInstance.flatten(behavior, active: false, activationTime: scripted.at, itemIndex: itemIndex,
                                         into: &list)
            case .removeBehavior(let id):
                pending.append((scripted.at, .remove(id: id)))
            case .moveAnchor:
                pending.append((scripted.at, .wake))
            }
        }
        // Stable order by time: appearances, then script events, each in scene order.
        events = pending.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)

        var names: [String] = []
        var collisionIndex = 0
        for b in list.indices {
            if let ids = Self.namedItems(list[b], itemIndex: itemIndex) { list[b].targets = ids }
            switch list[b].kind {
            case .collision(let c):
                let bit = UInt64(1) << UInt64(collisionIndex)
                collisionIndex += 1
                list[b].collisionBit = bit
                if c.translatesReferenceBoundsIntoBoundary {
                    for wall in Self.walls(width: scene.width, height: scene.height, insets: c.insets) {
                        shapes.append(.box(body: 0, width: wall.size.x, height: wall.size.y, center: wall.center,
                                           ownerBit: bit, boundaryName: names.count))
                    }
                    names.append("bounds")
                }
                for boundary in c.boundaries {
                    switch boundary.shape {
                    case .segment(let from, let to):
                        shapes.append(.segment(body: 0, from: from, to: to, ownerBit: bit, boundaryName: names.count))
                    case .rectangle(let x, let y, let w, let h):
                        shapes.append(.box(body: 0, width: w, height: h, center: Vector(x + w / 2, y + h / 2),
                                           ownerBit: bit, boundaryName: names.count))
                    }
                    names.append(boundary.id)
                }
            case .attachment(let a):
                if case .anchor(let p) = a.target { list[b].keyframes = [(list[b].activationTime, p)] }
            case .push(let p) where p.mode == .instantaneous:
                list[b].pushed = Array(repeating: false, count: scene.items.count)
            default:
                break
            }
        }
        for scripted in scene.script {
            guard case .moveAnchor(let id, let to) = scripted.action,
                  let b = list.firstIndex(where: { $0.id == id }) else { continue }
            list[b].keyframes.append((scripted.at, to))
        }
        for b in list.indices { list[b].keyframes.sort { $0.time < $1.time } }
        behaviors = list
        boundaryNames = names
        world = World(bodies: bodies, shapes: shapes, substeps: scene.substeps, sleepingEnabled: scene.sleeping)
        world.contactRecordLimit = maxContactEvents
    }

    /// Item indices of an attachment or a snap, which name their items themselves.
    private static func namedItems(_ b: BehaviorInstance, itemIndex: [String: Int]) -> [Int]? {
        switch b.kind {
        case .attachment(let a):
            var ids = [a.item]
            if case .item(let other, _) = a.target { ids.append(other) }
            return ids.compactMap { itemIndex[$0] }
        case .snap(let s):
            return itemIndex[s.item].map { [$0] }
        default:
            return nil
        }
    }

    /// Thick walls just outside the inset reference bounds, so nothing can tunnel through them.
    private static func walls(width: Double, height: Double, insets: Behavior.Insets) -> [(center: Vector, size: Vector)] {
        let left = insets.left, right = width - insets.right, top = insets.top, bottom = height - insets.bottom
        let t = max(width, height)
        let midX = (left + right) / 2, midY = (top + bottom) / 2
        let spanX = abs(right - left) + 2 * t, spanY = abs(bottom - top) + 2 * t
        return [
            (Vector(midX, top - t / 2), Vector(spanX, t)),
            (Vector(midX, bottom + t / 2), Vector(spanX, t)),
            (Vector(left - t / 2, midY), Vector(t, spanY)),
            (Vector(right + t / 2, midY), Vector(t, spanY)),
        ]
    }

    // MARK: Running

    mutating func run(steps: Int) -> SimulationResult {
        let h = scene.step
        // Events and samples due within a ten-thousandth of a step count as due (rounded steps).
        let tolerance = 1e-4 * h
        var nextEvent = 0
        var nextSample = 0
        for k in 0...steps {
            let t = Double(k) * h
            world.time = t
            var changed = false
            while nextEvent < events.count, events[nextEvent].time <= t + tolerance {
                changed = handle(events[nextEvent].event) || changed
                nextEvent += 1
            }
            if changed { rebuildJoints() }
            if let fps = scene.samplesPerSecond, Double(nextSample) / Double(fps) <= t + tolerance {
                recordFrame(at: t)
                while Double(nextSample) / Double(fps) <= t + tolerance { nextSample += 1 }
            }
            guard k < steps else { break }
            updateAnchors(t: t, h: h)
            world.step(h)
            measureAttachments(at: t + h)
        }
        return result(endTime: Double(steps) * h)
    }

    func isPresent(_ item: Int) -> Bool { world.bodies[item + 1].state != .absent }

    private mutating func recordFrame(at t: Double) {
        var poses: [SimulationResult.Pose] = []
        poses.reserveCapacity(scene.items.count)
        for (i, item) in scene.items.enumerated() where isPresent(i) {
            let body = world.bodies[i + 1]
            poses.append(SimulationResult.Pose(id: item.id, center: body.position, angle: body.angle))
        }
        frames.append(SimulationResult.Frame(t: t, items: poses))
    }

    private func result(endTime: Double) -> SimulationResult {
        var items: [SimulationResult.ItemState] = []
        var pausedAt: Double? = nil
        var allResting = true
        for (i, item) in scene.items.enumerated() {
            let body = world.bodies[i + 1]
            let appeared = body.state != .absent
            var restingAt: Double? = nil
            if appeared, let calm = body.calmSince,
               body.state != .awake || endTime - calm >= RestDetection.duration - 1e-9 {
                restingAt = calm
                pausedAt = max(pausedAt ?? 0, calm + (body.state == .fixed ? 0 : RestDetection.duration))
            } else if appeared {
                allResting = false
            }
            items.append(SimulationResult.ItemState(
                id: item.id, center: body.position, angle: body.angle, velocity: body.velocity,
                angularVelocity: body.angularVelocity, restingAt: restingAt, maxAngle: body.maxAngle, appeared: appeared))
        }
        let itemCount = scene.items.count
        let contacts = world.contactRecords.map { record in
            let b: SimulationResult.ContactPartner = record.shapeB < itemCount
                ? .item(scene.items[record.shapeB].id)
                : .boundary(boundaryNames[world.shapes[record.shapeB].boundaryName])
            return SimulationResult.ContactEvent(at: record.time, began: record.began, a: scene.items[record.shapeA].id, b: b)
        }
        return SimulationResult(items: items, pausedAt: allResting ? pausedAt : nil, contacts: contacts,
                                droppedContactEvents: world.droppedContactRecords,
                                samplesPerSecond: scene.samplesPerSecond, frames: frames,
                                attachments: attachmentRecords())
    }

    /// Records of the attachments with an id that acted, in behavior order (tree, then script).
    private func attachmentRecords() -> [SimulationResult.AttachmentRecord] {
        behaviors.compactMap { b in
            guard let id = b.id, case .attachment(let a) = b.kind, let measured = b.measuredLengths,
                  let length = a.length ?? b.attachmentLength else { return nil }
            return SimulationResult.AttachmentRecord(id: id, length: length, minLength: measured.min, maxLength: measured.max)
        }
    }
}
