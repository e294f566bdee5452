extension Collide {
    /// `clip` for an incident box, bit for bit, from two dot products instead of four. A box's
    /// normals are its rotation applied to (0, −1), (1, 0), (0, 1) and (−1, 0), so normals 2 and 3
    /// are normals 0 and 1 negated, component by component up to the sign of a zero (c·0 − s·(−1)
    /// is s where c·0 − s·1 is −s). Their dot products with the reference normal are then those of
    /// normals 0 and 1 negated, as numbers: rounding is symmetric, and a zero product leaves the
    /// other one as it is. The search only compares these numbers, so it finds the same first
    /// lowest of the four.
    @inline(__always)
    static func clipBox(reference ref: UnsafePointer<Shape>, edge refEdge: Int, incident inc: UnsafePointer<Shape>,
                        flip: Bool, margin: Double) -> Manifold {
        let n = ref.pointee.worldNormals[refEdge & 3]
        let d0 = dot(n, inc.pointee.worldNormals[0]), d1 = dot(n, inc.pointee.worldNormals[1])
        var incEdge = 0
        var minDot = d0
        if d1 < minDot {
            minDot = d1
            incEdge = 1
        }
        if -d0 < minDot {
            minDot = -d0
            incEdge = 2
        }
        if -d1 < minDot { incEdge = 3 }
        return clipBoxEdges(reference: ref, edge: refEdge & 3, incident: inc, incidentEdge: incEdge, flip: flip,
                            margin: margin)
    }

    /// `clipEdges` (not axis-aligned) for two boxes, bit for bit: every value is computed by the
    /// same operations in the same order, and only the bookkeeping around them is shorter.
    ///
    /// - The next corner of a box is `(k + 1) & 3`, which is what `k + 1 < count ? k + 1 : 0`
    ///   gives for a count of 4 and `k` in 0...3 (both edges are such indices: the reference edge
    ///   comes from a four-face search and is masked by the caller, the incident one is one of
    ///   four constants). The masked indices also let the corners be read without range checks.
    /// - The two candidate points are kept or dropped by the same comparisons with `margin`, in
    ///   the same order, and written straight to their places: the first kept one is point 0, the
    ///   second point 1, and the count is the number kept, which is where `Manifold.add` puts them.
    ///   A place left unfilled keeps the zero point of `Manifold()`, as before.
    @inline(__always)
    private static func clipBoxEdges(reference ref: UnsafePointer<Shape>, edge refEdge: Int,
                                     incident inc: UnsafePointer<Shape>, incidentEdge incEdge: Int, flip: Bool,
                                     margin: Double) -> Manifold {
        let n = ref.pointee.worldNormals[refEdge]
        let i2 = (incEdge + 1) & 3, r2 = (refEdge + 1) & 3
        let v1 = ref.pointee.worldVertices[refEdge], v2 = ref.pointee.worldVertices[r2]
        let tangent = (v2 - v1).normalized

        guard let (p1, id1, p2, id2) = clipToExtent(tangent: tangent, v1, v2, refEdge, r2,
                                                    inc.pointee.worldVertices[incEdge], UInt32(incEdge),
                                                    inc.pointee.worldVertices[i2], UInt32(i2)) else {
            return Manifold()
        }

        var m = Manifold()
        m.normal = flip ? -n : n
        let featureBase = (flip ? UInt32(0x10000) : 0) | UInt32(refEdge) << 8
        let offset = dot(n, v1)
        let s1 = dot(n, p1) - offset, s2 = dot(n, p2) - offset
        if s1 <= margin {
            m.point0 = ManifoldPoint(point: p1 - 0.5 * s1 * n, separation: s1, id: featureBase | id1)
            if s2 <= margin {
                m.point1 = ManifoldPoint(point: p2 - 0.5 * s2 * n, separation: s2, id: featureBase | id2)
                m.count = 2
            } else {
                m.count = 1
            }
        } else if s2 <= margin {
            m.point0 = ManifoldPoint(point: p2 - 0.5 * s2 * n, separation: s2, id: featureBase | id2)
            m.count = 1
        }
        return m
    }
}
