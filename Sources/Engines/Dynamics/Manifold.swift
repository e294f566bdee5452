/// One contact point of a manifold, in world coordinates.
struct ManifoldPoint {
    /// Midpoint between the two surfaces.
    var point: Vector
    /// Signed distance between the surfaces along the normal (negative when overlapping).
    var separation: Double
    /// Identifies the features that produced the point, to match points across steps.
    var id: UInt32
}

/// Up to two contact points sharing a normal that points from shape A to shape B.
struct Manifold {
    var normal = Vector.zero
    var count = 0
    var point0 = ManifoldPoint(point: .zero, separation: 0, id: 0)
    var point1 = ManifoldPoint(point: .zero, separation: 0, id: 0)

    /// Appends a point when the manifold has room for it.
    mutating func add(_ p: ManifoldPoint) {
        if count == 0 { point0 = p } else { point1 = p }
        count += 1
    }

    /// The same contact seen from the other shape.
    mutating func flip() { normal = -normal }
}

/// Narrow phase: contact manifolds between pairs of shapes in world space. Points farther
/// apart than `margin` are left out; those within it are speculative contacts.
enum Collide {
    /// The manifold of two shapes given by value.
    static func manifold(_ a: Shape, _ b: Shape, margin: Double) -> Manifold {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in manifold(a, b, margin: margin) } }
    }

    /// The manifold of two shapes read in place: shapes are large, and passing them by value
    /// copies them.
    static func manifold(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        switch (a.pointee.kind, b.pointee.kind) {
        case (.polygon, .polygon):
            return polygons(a, b, margin: margin)
        case (.polygon, .circle):
            return polygonCircle(a, center: b.pointee.worldCenter, radius: b.pointee.radius, margin: margin)
        case (.circle, .polygon):
            var m = polygonCircle(b, center: a.pointee.worldCenter, radius: a.pointee.radius, margin: margin)
            m.flip()
            return m
        case (.circle, .circle):
            return circles(a, b, margin: margin)
        }
    }

    /// Edge of `p` whose outward normal best separates `q`, and that separation. An edge stops
    /// being measured once its separation (a minimum over `q`'s vertices, so it only falls) is no
    /// better than the best so far: it cannot win. Once an edge separates by more than `margin`,
    /// that edge is returned: the shapes have no contact, whatever the other edges give.
    static func maxSeparation(_ p: UnsafePointer<Shape>, _ q: UnsafePointer<Shape>,
                              margin: Double) -> (edge: Int, separation: Double) {
        var best = -Double.infinity
        var bestEdge = 0
        let pCount = p.pointee.count, qCount = q.pointee.count
        for i in 0..<pCount {
            let n = p.pointee.worldNormals[i], v = p.pointee.worldVertices[i]
            var s = Double.infinity
            for j in 0..<qCount {
                s = min(s, dot(n, q.pointee.worldVertices[j] - v))
                if s <= best { break }
            }
            if s > best {
                best = s
                bestEdge = i
                if best > margin { break }
            }
        }
        return (bestEdge, best)
    }

    /// The separations along an unrotated box A's four face normals, from the corners alone.
    /// They equal `maxSeparation(a, b)` and `maxSeparation(b, a)` bit for bit (B's faces give the
    /// same values), so A is the reference and the clipping below gives the same manifold.
    static func alignedBoxes(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        var margins = MarginRange.all
        return alignedBoxes(a, b, margin: margin, sameFor: &margins)
    }

    /// `alignedBoxes(a, b, margin:)`, which also gives the margins for which the manifold of
    /// these two boxes would be the same: the margin only decides which candidate points are
    /// kept, by comparing it with their separations.
    static func alignedBoxes(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double,
                             sameFor margins: inout MarginRange) -> Manifold {
        let aMin = a.pointee.worldVertices[0], aMax = a.pointee.worldVertices[2]
        let bMin = b.pointee.worldVertices[0], bMax = b.pointee.worldVertices[2]
        var edge = 0
        var best = aMin.y - bMax.y
        func consider(_ i: Int, _ s: Double) {
            if s > best {
                best = s
                edge = i
            }
        }
        consider(1, bMin.x - aMax.x)
        consider(2, bMin.y - aMax.y)
        consider(3, aMin.x - bMax.x)
        if best > margin {
            margins = MarginRange(lower: -.infinity, upper: best)
            return Manifold()
        }
        // B's face normals are the axes too, so the one most against A's face normal is the
        // opposite face: the search in `clip` would find the same edge.
        var candidates = (-Double.infinity, -Double.infinity)
        let m = clipEdges(reference: a, edge: edge, incident: b, incidentEdge: (edge + 2) & 3, flip: false, margin: margin,
                          axisAligned: true, candidates: &candidates)
        margins = MarginRange(lower: best, upper: .infinity)
        margins.narrow(keeping: candidates.0 <= margin, separation: candidates.0)
        margins.narrow(keeping: candidates.1 <= margin, separation: candidates.1)
        return m
    }

    /// `e.normalized` for an edge along an axis, bit for bit, without the square root and
    /// divisions: the length of such an edge is the absolute value of its nonzero component
    /// (the rounded square root of a rounded square is the absolute value exactly), so that
    /// component becomes ±1 and the zero one stays as it is. Other edges are normalized.
    @inline(__always)
    static func axisDirection(_ e: Vector) -> Vector {
        if e.y == 0 && abs(e.x) > 1e-12 { return Vector(e.x > 0 ? 1 : -1, e.y) }
        if e.x == 0 && abs(e.y) > 1e-12 { return Vector(e.x, e.y > 0 ? 1 : -1) }
        return e.normalized
    }

    /// Separating-axis test and reference-face clipping (two-sided segments are 2-gons). Two
    /// unrotated boxes and two boxes take the shorter routes, with the same results.
    private static func polygons(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        if a.pointee.isAxisAlignedBox && b.pointee.isAxisAlignedBox { return alignedBoxes(a, b, margin: margin) }
        if a.pointee.count == 4 && b.pointee.count == 4 { return boxes(a, b, margin: margin) }
        return anyPolygons(a, b, margin: margin)
    }

    /// The separating-axis test and reference-face clipping for any two polygons: the face that
    /// separates best on either side, A's unless B's is clearly better, and B's edge most facing
    /// it clipped against it.
    static func anyPolygons(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        let sa = maxSeparation(a, b, margin: margin)
        if sa.separation > margin { return Manifold() }
        let sb = maxSeparation(b, a, margin: margin)
        if sb.separation > margin { return Manifold() }

        // Prefer A's face unless B's is clearly better, so the reference face does not flip-flop.
        if sb.separation > sa.separation + 0.1 * Tuning.linearSlop {
            return clip(reference: b, edge: sb.edge, incident: a, flip: true, margin: margin)
        }
        return clip(reference: a, edge: sa.edge, incident: b, flip: false, margin: margin)
    }

    /// `anyPolygons` for two four-sided polygons (boxes, turned or not), bit for bit.
    ///
    /// A's faces are searched as the general route searches them (`maxSeparationOfBoxes` gives
    /// what `maxSeparation` gives). Of B's best face the general route uses only whether it
    /// separates by more than `margin` (then there is no contact) and whether it separates by
    /// more than A's best plus a tenth of the linear slop (then it is the reference), and, if
    /// either, which face it is. When no face of B separates by more than the smaller of the two
    /// limits, both answers are no and A's face is the reference. A face separates by more than a
    /// limit exactly when all four of A's corner values do (its separation is the least of those
    /// finite values, computed the same way), so B is first asked only that
    /// (`someBoxFaceSeparates`, which leaves a face at its first corner within the limit). Only
    /// when some face of B does separate beyond it is B searched in full, and the answers are then
    /// found as the general route finds them. The incident edge is found from two of its normals
    /// (`clipBox`). Its own function, so that this common case is compiled apart from the general
    /// one.
    static func boxes(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        let sa = maxSeparationOfBoxes(a, b, margin: margin)
        if sa.separation > margin { return Manifold() }
        let preferA = sa.separation + 0.1 * Tuning.linearSlop
        if someBoxFaceSeparates(b, a, beyond: min(margin, preferA)) {
            let sb = maxSeparationOfBoxes(b, a, margin: margin)
            if sb.separation > margin { return Manifold() }
            if sb.separation > preferA {
                return clipBox(reference: b, edge: sb.edge, incident: a, flip: true, margin: margin)
            }
        }
        return clipBox(reference: a, edge: sa.edge, incident: b, flip: false, margin: margin)
    }

    /// Clips the incident polygon's edge most facing the reference edge (the first of the lowest
    /// dot products of their normals) against that edge's side planes, keeping points within
    /// `margin` of it.
    @inline(__always)
    private static func clip(reference ref: UnsafePointer<Shape>, edge refEdge: Int, incident inc: UnsafePointer<Shape>,
                             flip: Bool, margin: Double) -> Manifold {
        let n = ref.pointee.worldNormals[refEdge]
        var incEdge = 0
        var minDot = Double.infinity
        for i in 0..<inc.pointee.count {
            let d = dot(n, inc.pointee.worldNormals[i])
            if d < minDot {
                minDot = d
                incEdge = i
            }
        }
        var candidates = (0.0, 0.0)
        return clipEdges(reference: ref, edge: refEdge, incident: inc, incidentEdge: incEdge, flip: flip, margin: margin,
                         axisAligned: false, candidates: &candidates)
    }

    /// Clips the incident polygon's edge `incEdge` against the side planes of the reference
    /// edge `refEdge`, keeping points within `margin` of it. `axisAligned` says that the
    /// reference edge runs along an axis (`axisDirection` then normalizes it). `candidates`
    /// receives the separations of the two clipped points, when it gets that far.
    @inline(__always)
    private static func clipEdges(reference ref: UnsafePointer<Shape>, edge refEdge: Int, incident inc: UnsafePointer<Shape>,
                                  incidentEdge incEdge: Int, flip: Bool, margin: Double,
                                  axisAligned: Bool, candidates: inout (Double, Double)) -> Manifold {
        let n = ref.pointee.worldNormals[refEdge]
        let i1 = incEdge, i2 = incEdge + 1 < inc.pointee.count ? incEdge + 1 : 0
        let r1 = refEdge, r2 = refEdge + 1 < ref.pointee.count ? refEdge + 1 : 0
        let v1 = ref.pointee.worldVertices[r1], v2 = ref.pointee.worldVertices[r2]
        let tangent = axisAligned ? axisDirection(v2 - v1) : (v2 - v1).normalized

        guard let (p1, id1, p2, id2) = clipToExtent(tangent: tangent, v1, v2, r1, r2,
                                                    inc.pointee.worldVertices[i1], UInt32(i1),
                                                    inc.pointee.worldVertices[i2], UInt32(i2)) else {
            return Manifold()
        }

        var m = Manifold()
        m.normal = flip ? -n : n
        let featureBase = (flip ? UInt32(0x10000) : 0) | UInt32(refEdge) << 8
        let offset = dot(n, v1)
        func keep(_ p: Vector, _ separation: Double, _ id: UInt32) {
            if separation <= margin {
                m.add(ManifoldPoint(point: p - 0.5 * separation * n, separation: separation, id: featureBase | id))
            }
        }
        candidates = (dot(n, p1) - offset, dot(n, p2) - offset)
        keep(p1, candidates.0, id1)
        keep(p2, candidates.1, id2)
        return m
    }

    /// Clips the incident edge from `p1` (feature `id1`) to `p2` (`id2`) to the extent of the
    /// reference edge from `v1` (corner `r1`) to `v2` (`r2`) along `tangent`; a point moved to an
    /// end of the reference edge takes that corner's feature id (`0x10 | corner`). Nil when the
    /// incident edge meets the reference edge only at an end (flush neighbours, corner on corner):
    /// a zero-width manifold there would catch a block sliding past. Shared by `clipEdges` and
    /// `clipBoxEdges`, so both compute the same values by the same operations.
    @inline(__always)
    static func clipToExtent(tangent: Vector, _ v1: Vector, _ v2: Vector, _ r1: Int, _ r2: Int,
                             _ p1: Vector, _ id1: UInt32, _ p2: Vector, _ id2: UInt32)
        -> (Vector, UInt32, Vector, UInt32)? {
        let lo = dot(tangent, v1), hi = dot(tangent, v2)
        let d1 = dot(tangent, p1), d2 = dot(tangent, p2)
        if d1 <= lo && d2 <= lo || d1 >= hi && d2 >= hi { return nil }
        var q1 = p1, q2 = p2, j1 = id1, j2 = id2
        if d1 < lo {
            q1 = p1 + (lo - d1) / (d2 - d1) * (p2 - p1)
            j1 = 0x10 | UInt32(r1)
        } else if d1 > hi {
            q1 = p1 + (hi - d1) / (d2 - d1) * (p2 - p1)
            j1 = 0x10 | UInt32(r2)
        }
        if d2 < lo {
            q2 = p2 + (lo - d2) / (d1 - d2) * (q1 - p2)
            j2 = 0x10 | UInt32(r1)
        } else if d2 > hi {
            q2 = p2 + (hi - d2) / (d1 - d2) * (q1 - p2)
            j2 = 0x10 | UInt32(r2)
        }
        return (q1, j1, q2, j2)
    }

    /// A polygon (or segment) against a circle; the normal points from the polygon to the circle.
    private static func polygonCircle(_ p: UnsafePointer<Shape>, center c: Vector, radius: Double, margin: Double) -> Manifold {
        var best = -Double.infinity
        var edge = 0
        for i in 0..<p.pointee.count {
            let s = dot(p.pointee.worldNormals[i], c - p.pointee.worldVertices[i])
            if s > best {
                best = s
                edge = i
            }
        }
        if best > radius + margin { return Manifold() }
        let v1 = p.pointee.worldVertices[edge], v2 = p.pointee.worldVertices[edge + 1 < p.pointee.count ? edge + 1 : 0]
        var normal = p.pointee.worldNormals[edge]
        var separation = best - radius
        var id = UInt32(edge)
        if best > 0 {
            // Outside the face: the closest feature may be a vertex.
            let nearFirst = dot(c - v1, v2 - v1) <= 0
            if nearFirst || dot(c - v2, v1 - v2) <= 0 {
                let d = c - (nearFirst ? v1 : v2)
                let distance = d.length
                if distance - radius > margin || distance < 1e-12 { return Manifold() }
                normal = d * (1 / distance)
                separation = distance - radius
                id = 0x10 | (nearFirst ? UInt32(edge) : UInt32(edge + 1))
            }
        }
        var m = Manifold()
        m.normal = normal
        let surface = c - radius * normal
        m.add(ManifoldPoint(point: surface - 0.5 * separation * normal, separation: separation, id: id))
        return m
    }

    private static func circles(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        let d = b.pointee.worldCenter - a.pointee.worldCenter
        let distance = d.length
        let separation = distance - a.pointee.radius - b.pointee.radius
        if separation > margin { return Manifold() }
        var m = Manifold()
        m.normal = distance > 1e-12 ? d * (1 / distance) : Vector(0, 1)
        let surfaceA = a.pointee.worldCenter + a.pointee.radius * m.normal
        m.add(ManifoldPoint(point: surfaceA + 0.5 * separation * m.normal, separation: separation, id: 0))
        return m
    }
}

/// An interval of margins, `lower` included and `upper` excluded.
struct MarginRange {
    var lower: Double
    var upper: Double

    static let all = MarginRange(lower: -.infinity, upper: .infinity)

    func contains(_ margin: Double) -> Bool { margin >= lower && margin < upper }

    /// Keeps the margins that keep (or drop) a point of this separation, as the current one did.
    mutating func narrow(keeping kept: Bool, separation: Double) {
        if kept {
            lower = max(lower, separation)
        } else {
            upper = min(upper, separation)
        }
    }
}
