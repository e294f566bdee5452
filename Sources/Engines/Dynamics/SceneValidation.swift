/// Checks a scene (parsed or built in code) against the limits and for consistency before
/// anything is simulated. Errors name the JSON path of the offending part.
struct SceneValidator {
    let scene: Scene
    let limits: SimulationLimits
    private(set) var itemIndex: [String: Int] = [:]
    private var behaviorIDs: [String: String] = [:]
    private var attachmentIDs: [String] = []
    private var behaviorCount = 0
    private var collisionCount = 0
    private var boundaryCount = 0

    init(scene: Scene, limits: SimulationLimits) {
        self.scene = scene
        self.limits = limits
    }

    /// Number of steps the scene runs: enough to cover the duration, ignoring a remainder of
    /// less than 1/10,000 of a step (so a rounded step such as 0.008333333 s divides 6 s into 720).
    var stepCount: Int { Int((scene.duration / scene.step - 1e-4).rounded(.up)) }

    private func invalid(_ path: String, _ message: String) -> DynamicsError {
        DynamicsError(kind: .invalid, location: path, message: message)
    }

    private func limit(_ path: String, _ message: String) -> DynamicsError {
        DynamicsError(kind: .limit, location: path, message: message)
    }

    private func check(_ x: Double, in range: ClosedRange<Double>, _ path: String) throws(DynamicsError) {
        guard x.isFinite, range.contains(x) else {
            throw invalid(path, "expected a number in \(range.lowerBound)...\(range.upperBound), found \(x)")
        }
    }

    private func check(_ v: Vector, in range: ClosedRange<Double> = SceneReader.coordinateRange, _ path: String) throws(DynamicsError) {
        try check(v.x, in: range, "\(path)[0]")
        try check(v.y, in: range, "\(path)[1]")
    }

    mutating func validate() throws(DynamicsError) {
        try check(scene.width, in: 1...1e5, "$.bounds.width")
        try check(scene.height, in: 1...1e5, "$.bounds.height")
        try check(scene.duration, in: 0...1e6, "$.duration")
        guard scene.duration <= limits.maxDuration else {
            throw limit("$.duration", "a scene may simulate at most \(limits.maxDuration) s, asked for \(scene.duration) s")
        }
        try check(scene.step, in: 1e-4...0.1, "$.step")
        guard stepCount <= limits.maxSteps else {
            throw limit("$.step", "a scene may run at most \(limits.maxSteps) steps, asked for \(stepCount)")
        }
        guard (1...16).contains(scene.substeps) else { throw invalid("$.substeps", "expected an integer in 1...16") }
        guard scene.items.count <= limits.maxItems else {
            throw limit("$.items", "a scene may hold at most \(limits.maxItems) items, found \(scene.items.count)")
        }
        for (i, item) in scene.items.enumerated() { try validate(item, path: "$.items[\(i)]", index: i) }
        if let fps = scene.samplesPerSecond {
            guard (1...240).contains(fps) else { throw invalid("$.samples", "expected an integer in 1...240") }
            let frames = scene.duration * Double(fps) + 1
            guard frames * Double(scene.items.count) <= Double(limits.maxSampledPoses) else {
                throw limit("$.samples", "sampling would record more than \(limits.maxSampledPoses) item poses")
            }
        }
        if let behavior = scene.behavior { try validate(behavior, path: "$.behavior", depth: 0) }
        guard scene.script.count <= limits.maxScriptEvents else {
            throw limit("$.script", "a script may hold at most \(limits.maxScriptEvents) events, found \(scene.script.count)")
        }
        for (i, event) in scene.script.enumerated() {
            if case .addBehavior(let behavior) = event.action {
                try validate(behavior, path: "$.script[\(i)].addBehavior", depth: 1)
            }
        }
        for (i, event) in scene.script.enumerated() { try validate(event, path: "$.script[\(i)]") }
    }

    private mutating func validate(_ item: Scene.Item, path: String, index: Int) throws(DynamicsError) {
        guard !item.id.isEmpty else { throw invalid("\(path).id", "expected a non-empty id") }
        guard itemIndex[item.id] == nil else { throw invalid("\(path).id", "duplicate item id \"\(item.id)\"") }
        itemIndex[item.id] = index
        try check(item.center, "\(path).center")
        switch item.shape {
        case .rectangle(let w, let h):
            guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 1e5, h <= 1e5 else {
                throw invalid("\(path).size", "expected a positive width and height up to 100000, found [\(w), \(h)]")
            }
        case .circle(let r):
            guard r.isFinite, r > 0, r <= 1e5 else { throw invalid("\(path).radius", "expected a positive radius up to 100000") }
        }
        try check(item.angle, in: SceneReader.coordinateRange, "\(path).angle")
        try check(item.velocity, in: -1e5...1e5, "\(path).velocity")
        try check(item.angularVelocity, in: -1e4...1e4, "\(path).angularVelocity")
        try check(item.appearsAt, in: 0...1e6, "\(path).appearsAt")
    }

    private func requireItem(_ id: String, _ path: String) throws(DynamicsError) {
        guard itemIndex[id] != nil else { throw invalid(path, "unknown item id \"\(id)\"") }
    }

    private mutating func validate(_ behavior: Behavior, path: String, depth: Int) throws(DynamicsError) {
        behaviorCount += 1
        guard behaviorCount <= limits.maxBehaviors else {
            throw limit(path, "a scene may hold at most \(limits.maxBehaviors) behaviors")
        }
        if let id = behavior.id {
            guard !id.isEmpty else { throw invalid("\(path).id", "expected a non-empty id") }
            if let other = behaviorIDs[id] { throw invalid("\(path).id", "duplicate behavior id \"\(id)\" (also at \(other))") }
            behaviorIDs[id] = path
        }
        for (i, id) in (behavior.items ?? []).enumerated() { try requireItem(id, "\(path).items[\(i)]") }
        switch behavior.kind {
        case .composite(let children):
            guard depth < SceneReader.maxBehaviorDepth else {
                throw limit(path, "composites nest deeper than \(SceneReader.maxBehaviorDepth) levels")
            }
            for (i, child) in children.enumerated() { try validate(child, path: "\(path).children[\(i)]", depth: depth + 1) }
        case .gravity(let angle, let magnitude):
            try check(angle, in: SceneReader.coordinateRange, "\(path).angle")
            try check(magnitude, in: -1000...1000, "\(path).magnitude")
        case .collision(let c):
            collisionCount += 1
            guard collisionCount <= SimulationLimits.maxCollisionBehaviors else {
                throw limit(path, "a scene may hold at most \(SimulationLimits.maxCollisionBehaviors) collision behaviors")
            }
            for inset in [c.insets.top, c.insets.left, c.insets.bottom, c.insets.right] {
                try check(inset, in: -1e5...1e5, "\(path).insets")
            }
            for (i, boundary) in c.boundaries.enumerated() {
                boundaryCount += 1
                let bPath = "\(path).boundaries[\(i)]"
                guard boundaryCount <= limits.maxBoundaries else {
                    throw limit(bPath, "a scene may hold at most \(limits.maxBoundaries) boundaries")
                }
                guard !boundary.id.isEmpty else { throw invalid("\(bPath).id", "expected a non-empty id") }
                switch boundary.shape {
                case .segment(let from, let to):
                    try check(from, "\(bPath).from")
                    try check(to, "\(bPath).to")
                    guard from != to else { throw invalid(bPath, "a segment boundary needs two distinct points") }
                case .rectangle(let x, let y, let w, let h):
                    try check(Vector(x, y), "\(bPath).rect")
                    guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 2e6, h <= 2e6 else {
                        throw invalid("\(bPath).rect", "expected a positive width and height")
                    }
                }
            }
        case .itemProperties(let p):
            if let x = p.elasticity { try check(x, in: 0...1, "\(path).elasticity") }
            if let x = p.friction { try check(x, in: 0...100, "\(path).friction") }
            if let x = p.density {
                guard x.isFinite, x > 0, x <= 1e6 else { throw invalid("\(path).density", "expected a positive density") }
            }
            if let x = p.resistance { try check(x, in: 0...1e4, "\(path).resistance") }
            if let x = p.angularResistance { try check(x, in: 0...1e4, "\(path).angularResistance") }
        case .attachment(let a):
            try requireItem(a.item, "\(path).item")
            try check(a.offset, "\(path).offset")
            switch a.target {
            case .anchor(let p):
                try check(p, "\(path).anchor")
                if let id = behavior.id { attachmentIDs.append(id) }
            case .item(let other, let offset):
                try requireItem(other, "\(path).toItem")
                guard other != a.item else { throw invalid("\(path).toItem", "an item cannot be attached to itself") }
                try check(offset, "\(path).toOffset")
            }
            if let l = a.length { try check(l, in: 0...1e6, "\(path).length") }
            try check(a.damping, in: 0...1000, "\(path).damping")
            try check(a.frequency, in: 0...1000, "\(path).frequency")
        case .push(let p):
            try check(p.angle, in: SceneReader.coordinateRange, "\(path).angle")
            try check(p.magnitude, in: -1e6...1e6, "\(path).magnitude")
        case .snap(let s):
            try requireItem(s.item, "\(path).item")
            try check(s.point, "\(path).point")
            try check(s.damping, in: 0...1, "\(path).damping")
        }
    }

    private func validate(_ event: Scene.ScriptEvent, path: String) throws(DynamicsError) {
        try check(event.at, in: 0...1e6, "\(path).at")
        switch event.action {
        case .moveAnchor(let id, let to):
            guard attachmentIDs.contains(id) else {
                throw invalid("\(path).moveAnchor", "no attachment to an anchor has the id \"\(id)\"")
            }
            try check(to, "\(path).to")
        case .removeBehavior(let id):
            guard behaviorIDs[id] != nil else { throw invalid("\(path).removeBehavior", "unknown behavior id \"\(id)\"") }
        case .addBehavior:
            break
        }
    }
}
