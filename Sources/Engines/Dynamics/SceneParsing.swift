import JSON

extension Scene {
    /// Parses a scene from its JSON text. Throws `DynamicsError` with a line:column for syntax
    /// errors and a JSON path otherwise (unknown fields, wrong types, out-of-range numbers).
    ///
    /// Fields (points, seconds, radians; optional ones show their default):
    /// - `bounds` `{"width", "height"}`; `duration` 6; `step` 1/120; `substeps` 4; `sleeping` true;
    ///   `samples` (frames per second of sampled trajectories, none by default).
    /// - `items`: `{"id", "center": [x, y], "size": [w, h]` or `"radius": r, "angle": 0,
    ///   "velocity": [0, 0], "angularVelocity": 0, "appearsAt": 0}`.
    /// - `behavior`: a tree of `{"type", "id"?, "items"?: [ids], …}` with types
    ///   `composite` (`children`), `gravity` (`angle` π/2, `magnitude` 1),
    ///   `collision` (`mode` items|boundaries|everything, `translatesReferenceBoundsIntoBoundary`,
    ///   `insets` `{"top", "left", "bottom", "right"}`, `boundaries` `[{"id", "from", "to"} | {"id", "rect": [x, y, w, h]}]`),
    ///   `itemBehavior` (`elasticity`, `friction`, `density`, `resistance`, `angularResistance`,
    ///   `allowsRotation`, `anchored`), `attachment` (`item`, `offset`, `anchor` or `toItem` with
    ///   `toOffset`, `length`, `damping` 0, `frequency` 0), `push` (`mode` instantaneous|continuous,
    ///   `angle` 0, `magnitude`), `snap` (`item`, `point`, `damping` 0.5).
    /// - `script`: `[{"at", "moveAnchor": id, "to": [x, y]} | {"at", "addBehavior": behavior} |
    ///   {"at", "removeBehavior": id}]`.
    public static func parse(json: String) throws(DynamicsError) -> Scene {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw DynamicsError(error)
        }
        do {
            return try SceneReader.scene(JSONNode(value))
        } catch {
            throw DynamicsError(error)
        }
    }
}

/// Reads the JSON scene format into `Scene`, rejecting unknown fields and out-of-range values.
enum SceneReader {
    /// Deepest nesting of composite behaviors.
    static let maxBehaviorDepth = 16
    static let coordinateRange = -1e6...1e6

    static func scene(_ node: JSONNode) throws(JSONDecodingError) -> Scene {
        try node.checkKeys(allowed: ["bounds", "duration", "step", "substeps", "sleeping", "items", "behavior",
                                     "script", "samples"])
        let bounds = try node.required("bounds")
        try bounds.checkKeys(allowed: ["width", "height"])
        var scene = Scene(width: try bounds.required("width").double(in: 1...1e5),
                          height: try bounds.required("height").double(in: 1...1e5))
        if let d = try node.optional("duration") { scene.duration = try d.double(in: 0...1e6) }
        if let s = try node.optional("step") { scene.step = try s.double(in: 1e-4...0.1) }
        if let s = try node.optional("substeps") { scene.substeps = try s.int(in: 1...16) }
        if let s = try node.optional("sleeping") { scene.sleeping = try s.bool() }
        if let s = try node.optional("samples") { scene.samplesPerSecond = try s.int(in: 1...240) }
        var ids: [String] = []
        for itemNode in try node.optionalArray("items") ?? [] {
            let item = try item(itemNode)
            if ids.contains(item.id) { throw try itemNode.required("id").error("duplicate item id \"\(item.id)\"") }
            ids.append(item.id)
            scene.items.append(item)
        }
        if let b = try node.optional("behavior") { scene.behavior = try behavior(b, depth: 0) }
        for event in try node.optionalArray("script") ?? [] { scene.script.append(try scriptEvent(event)) }
        return scene
    }

    static func vector(_ node: JSONNode, in range: ClosedRange<Double> = coordinateRange) throws(JSONDecodingError) -> Vector {
        let numbers = try node.doubles(count: 2)
        for (i, n) in numbers.enumerated() where !range.contains(n) {
            throw JSONDecodingError(path: "\(node.path)[\(i)]", message: "expected a number in \(range.lowerBound)...\(range.upperBound), found \(n)")
        }
        return Vector(numbers[0], numbers[1])
    }

    static func nonEmptyString(_ node: JSONNode) throws(JSONDecodingError) -> String {
        let s = try node.string()
        guard !s.isEmpty, s.utf8.count <= 200 else { throw node.error("expected a non-empty string of at most 200 bytes") }
        return s
    }

    static func item(_ node: JSONNode) throws(JSONDecodingError) -> Scene.Item {
        try node.checkKeys(allowed: ["id", "center", "size", "radius", "appearsAt", "angle", "velocity", "angularVelocity"])
        let id = try nonEmptyString(node.required("id"))
        let shape: Scene.Item.Shape
        switch (try node.optional("size"), try node.optional("radius")) {
        case (let size?, nil):
            let s = try size.doubles(count: 2)
            for (i, v) in s.enumerated() where !(v > 0 && v <= 1e5) {
                throw JSONDecodingError(path: "\(size.path)[\(i)]", message: "expected a positive size up to 100000, found \(v)")
            }
            shape = .rectangle(width: s[0], height: s[1])
        case (nil, let radius?):
            let r = try radius.double(in: 0...1e5)
            guard r > 0 else { throw radius.error("expected a positive radius") }
            shape = .circle(radius: r)
        default:
            throw node.error("expected exactly one of \"size\" (a rectangle) or \"radius\" (a circle)")
        }
        return Scene.Item(
            id: id, center: try vector(node.required("center")), shape: shape,
            angle: try node.optional("angle")?.double(in: coordinateRange) ?? 0,
            velocity: try node.optional("velocity").map { n throws(JSONDecodingError) in try vector(n, in: -1e5...1e5) } ?? .zero,
            angularVelocity: try node.optional("angularVelocity")?.double(in: -1e4...1e4) ?? 0,
            appearsAt: try node.optional("appearsAt")?.double(in: 0...1e6) ?? 0)
    }

    static func behavior(_ node: JSONNode, depth: Int) throws(JSONDecodingError) -> Behavior {
        let type = try node.required("type").string(oneOf: ["composite", "gravity", "collision", "itemBehavior",
                                                            "attachment", "push", "snap"])
        let common = ["type", "id"]
        let targeted = common + ["items"]
        let kind: Behavior.Kind
        switch type {
        case "composite":
            try node.checkKeys(allowed: common + ["children"])
            guard depth < maxBehaviorDepth else { throw node.error("composites nest deeper than \(maxBehaviorDepth) levels") }
            var children: [Behavior] = []
            for child in try node.required("children").array() { children.append(try behavior(child, depth: depth + 1)) }
            kind = .composite(children)
        case "gravity":
            try node.checkKeys(allowed: targeted + ["angle", "magnitude"])
            kind = .gravity(angle: try node.optional("angle")?.double(in: coordinateRange) ?? .pi / 2,
                            magnitude: try node.optional("magnitude")?.double(in: -1000...1000) ?? 1)
        case "collision":
            try node.checkKeys(allowed: targeted + ["mode", "translatesReferenceBoundsIntoBoundary", "insets", "boundaries"])
            kind = .collision(try collision(node))
        case "itemBehavior":
            try node.checkKeys(allowed: targeted + ["elasticity", "friction", "density", "resistance",
                                                    "angularResistance", "allowsRotation", "anchored"])
            kind = .itemProperties(try itemProperties(node))
        case "attachment":
            try node.checkKeys(allowed: common + ["item", "offset", "anchor", "toItem", "toOffset", "length",
                                                  "damping", "frequency"])
            kind = .attachment(try attachment(node))
        case "push":
            try node.checkKeys(allowed: targeted + ["mode", "angle", "magnitude"])
            kind = .push(Behavior.Push(
                mode: Behavior.Push.Mode(rawValue: try node.required("mode").string(oneOf: ["instantaneous", "continuous"])) ?? .continuous,
                angle: try node.optional("angle")?.double(in: coordinateRange) ?? 0,
                magnitude: try node.required("magnitude").double(in: -1e6...1e6)))
        default:
            try node.checkKeys(allowed: common + ["item", "point", "damping"])
            kind = .snap(Behavior.Snap(item: try nonEmptyString(node.required("item")),
                                       point: try vector(node.required("point")),
                                       damping: try node.optional("damping")?.double(in: 0...1) ?? 0.5))
        }
        let id = try node.optional("id").map { n throws(JSONDecodingError) in try nonEmptyString(n) }
        let items = try node.optional("items").map { n throws(JSONDecodingError) in try n.strings() }
        return Behavior(id: id, items: items, kind)
    }

    static func collision(_ node: JSONNode) throws(JSONDecodingError) -> Behavior.Collision {
        var c = Behavior.Collision()
        if let m = try node.optional("mode") {
            c.mode = Behavior.CollisionMode(rawValue: try m.string(oneOf: ["items", "boundaries", "everything"])) ?? .everything
        }
        c.translatesReferenceBoundsIntoBoundary = try node.optionalBool("translatesReferenceBoundsIntoBoundary") ?? false
        if let insets = try node.optional("insets") {
            try insets.checkKeys(allowed: ["top", "left", "bottom", "right"])
            func inset(_ key: String) throws(JSONDecodingError) -> Double {
                try insets.optional(key)?.double(in: -1e5...1e5) ?? 0
            }
            c.insets = Behavior.Insets(top: try inset("top"), left: try inset("left"),
                                       bottom: try inset("bottom"), right: try inset("right"))
        }
        for b in try node.optionalArray("boundaries") ?? [] {
            try b.checkKeys(allowed: ["id", "from", "to", "rect"])
            let id = try nonEmptyString(b.required("id"))
            if let rect = try b.optional("rect") {
                guard try b.optional("from") == nil, try b.optional("to") == nil else {
                    throw b.error("expected either \"rect\" or \"from\" and \"to\", not both")
                }
                let r = try rect.doubles(count: 4)
                guard r.allSatisfy({ coordinateRange.contains($0) }), r[2] > 0, r[3] > 0 else {
                    throw rect.error("expected [x, y, width, height] with a positive width and height")
                }
                c.boundaries.append(Behavior.Boundary(id: id, shape: .rectangle(x: r[0], y: r[1], width: r[2], height: r[3])))
            } else {
                let from = try vector(b.required("from")), to = try vector(b.required("to"))
                guard from != to else { throw b.error("a segment boundary needs two distinct points") }
                c.boundaries.append(Behavior.Boundary(id: id, shape: .segment(from: from, to: to)))
            }
        }
        return c
    }

    static func itemProperties(_ node: JSONNode) throws(JSONDecodingError) -> Behavior.ItemProperties {
        var p = Behavior.ItemProperties()
        p.elasticity = try node.optional("elasticity")?.double(in: 0...1)
        p.friction = try node.optional("friction")?.double(in: 0...100)
        if let d = try node.optional("density") {
            let density = try d.double(in: 0...1e6)
            guard density > 0 else { throw d.error("expected a positive density") }
            p.density = density
        }
        p.resistance = try node.optional("resistance")?.double(in: 0...1e4)
        p.angularResistance = try node.optional("angularResistance")?.double(in: 0...1e4)
        p.allowsRotation = try node.optionalBool("allowsRotation")
        p.anchored = try node.optionalBool("anchored")
        return p
    }

    static func attachment(_ node: JSONNode) throws(JSONDecodingError) -> Behavior.Attachment {
        let target: Behavior.Attachment.Target
        switch (try node.optional("anchor"), try node.optional("toItem")) {
        case (let anchor?, nil):
            guard try node.optional("toOffset") == nil else { throw node.error("\"toOffset\" needs \"toItem\"") }
            target = .anchor(try vector(anchor))
        case (nil, let other?):
            target = .item(try nonEmptyString(other),
                           offset: try node.optional("toOffset").map { n throws(JSONDecodingError) in try vector(n) } ?? .zero)
        default:
            throw node.error("expected exactly one of \"anchor\" (a point) or \"toItem\" (an item id)")
        }
        return Behavior.Attachment(
            item: try nonEmptyString(node.required("item")),
            offset: try node.optional("offset").map { n throws(JSONDecodingError) in try vector(n) } ?? .zero,
            target: target,
            length: try node.optional("length")?.double(in: 0...1e6),
            damping: try node.optional("damping")?.double(in: 0...1000) ?? 0,
            frequency: try node.optional("frequency")?.double(in: 0...1000) ?? 0)
    }

    static func scriptEvent(_ node: JSONNode) throws(JSONDecodingError) -> Scene.ScriptEvent {
        let at = try node.required("at").double(in: 0...1e6)
        if let id = try node.optional("moveAnchor") {
            try node.checkKeys(allowed: ["at", "moveAnchor", "to"])
            return Scene.ScriptEvent(at: at, action: .moveAnchor(attachment: try nonEmptyString(id),
                                                                 to: try vector(node.required("to"))))
        }
        if let b = try node.optional("addBehavior") {
            try node.checkKeys(allowed: ["at", "addBehavior"])
            return Scene.ScriptEvent(at: at, action: .addBehavior(try behavior(b, depth: 1)))
        }
        if let id = try node.optional("removeBehavior") {
            try node.checkKeys(allowed: ["at", "removeBehavior"])
            return Scene.ScriptEvent(at: at, action: .removeBehavior(try nonEmptyString(id)))
        }
        throw node.error("expected one of \"moveAnchor\", \"addBehavior\" or \"removeBehavior\"")
    }
}
