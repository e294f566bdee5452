/// The corners of a box taken two at a time, as two-lane vectors of coordinates: `pair(k)`
/// holds corners k and k + 1 (mod 4), so that a face's value at two corners is one vector
/// operation, for any two neighbouring corners.
struct BoxCornerPairs {
    private let x01, y01, x12, y12, x23, y23, x30, y30: SIMD2<Double>

    @inline(__always)
    init(_ w: InlineArray<4, Vector>) {
        x01 = SIMD2(w[0].x, w[1].x)
        y01 = SIMD2(w[0].y, w[1].y)
        x12 = SIMD2(w[1].x, w[2].x)
        y12 = SIMD2(w[1].y, w[2].y)
        x23 = SIMD2(w[2].x, w[3].x)
        y23 = SIMD2(w[2].y, w[3].y)
        x30 = SIMD2(w[3].x, w[0].x)
        y30 = SIMD2(w[3].y, w[0].y)
    }

    /// The values `dot(n, corner − v)` of corners k and k + 1 (mod 4), each with the scalar dot
    /// product's operations in its order, so bit for bit what `dot(n, q.worldVertices[j] − v)` gives.
    @inline(__always)
    func values(_ k: Int, normal n: Vector, vertex v: Vector) -> SIMD2<Double> {
        switch k & 3 {
        case 0: n.x * (x01 - v.x) + n.y * (y01 - v.y)
        case 1: n.x * (x12 - v.x) + n.y * (y12 - v.y)
        case 2: n.x * (x23 - v.x) + n.y * (y23 - v.y)
        default: n.x * (x30 - v.x) + n.y * (y30 - v.y)
        }
    }
}

extension Collide {
    /// `maxSeparation` for two four-sided polygons (boxes), bit for bit.
    ///
    /// Face i of `p` is first measured at the two corners of `q` that lie behind it when the boxes
    /// are about aligned (corners i + 2 and i + 3, two per vector operation). The face's
    /// separation is the smallest of its four corner values, so it is at most either of these;
    /// when one of them is no better than the best face so far, the face cannot win (a later face
    /// wins only when strictly better) and its other two corners are not measured. Otherwise
    /// the other two are, and the four values are combined in corner order, as `maxSeparation`
    /// combines them (`min` keeps the first of equal values, so the order fixes the sign of a
    /// zero). The faces are taken in index order and the search stops at the first face that
    /// separates by more than `margin`, as there.
    @inline(__always)
    static func maxSeparationOfBoxes(_ p: UnsafePointer<Shape>, _ q: UnsafePointer<Shape>,
                                     margin: Double) -> (edge: Int, separation: Double) {
        let corners = BoxCornerPairs(q.pointee.worldVertices)
        var best = -Double.infinity
        var bestEdge = 0
        // Unrolled, so that each face's corner pairs and order are fixed when compiled.
        if measureFace(0, p, corners, margin: margin, best: &best, bestEdge: &bestEdge)
            || measureFace(1, p, corners, margin: margin, best: &best, bestEdge: &bestEdge)
            || measureFace(2, p, corners, margin: margin, best: &best, bestEdge: &bestEdge) {
            return (bestEdge, best)
        }
        _ = measureFace(3, p, corners, margin: margin, best: &best, bestEdge: &bestEdge)
        return (bestEdge, best)
    }

    /// One face of `maxSeparationOfBoxes`: takes face `i` as the best when it separates better
    /// than `best`, and says whether the search stops there (it separates by more than `margin`).
    @inline(__always)
    private static func measureFace(_ i: Int, _ p: UnsafePointer<Shape>, _ corners: BoxCornerPairs, margin: Double,
                                    best: inout Double, bestEdge: inout Int) -> Bool {
        let n = p.pointee.worldNormals[i], v = p.pointee.worldVertices[i]
        let behind = corners.values(i + 2, normal: n, vertex: v)
        if min(behind[0], behind[1]) <= best { return false }
        let ahead = corners.values(i, normal: n, vertex: v)
        // Corner k's value: `ahead` holds corners i and i + 1, `behind` i + 2 and i + 3.
        let s: Double
        switch i {
        case 0: s = min(min(min(min(Double.infinity, ahead[0]), ahead[1]), behind[0]), behind[1])
        case 1: s = min(min(min(min(Double.infinity, behind[1]), ahead[0]), ahead[1]), behind[0])
        case 2: s = min(min(min(min(Double.infinity, behind[0]), behind[1]), ahead[0]), ahead[1])
        default: s = min(min(min(min(Double.infinity, ahead[1]), behind[0]), behind[1]), ahead[0])
        }
        guard s > best else { return false }
        best = s
        bestEdge = i
        return best > margin
    }

    /// Whether some face of the box `p` separates the box `q` by more than `limit`: whether
    /// `maxSeparationOfBoxes(p, q)` (or `maxSeparation`) would give a separation above `limit`.
    /// A face's separation is the smallest of its values at `q`'s four corners (finite numbers,
    /// computed as there), so it is above `limit` exactly when every one of them is. A face
    /// stops being measured at its first two corners when one of them is within the limit.
    @inline(__always)
    static func someBoxFaceSeparates(_ p: UnsafePointer<Shape>, _ q: UnsafePointer<Shape>, beyond limit: Double) -> Bool {
        let corners = BoxCornerPairs(q.pointee.worldVertices)
        return faceSeparates(0, p, corners, beyond: limit) || faceSeparates(1, p, corners, beyond: limit)
            || faceSeparates(2, p, corners, beyond: limit) || faceSeparates(3, p, corners, beyond: limit)
    }

    /// Whether face `i` of `p` has every corner value above `limit`.
    @inline(__always)
    private static func faceSeparates(_ i: Int, _ p: UnsafePointer<Shape>, _ corners: BoxCornerPairs,
                                      beyond limit: Double) -> Bool {
        let n = p.pointee.worldNormals[i], v = p.pointee.worldVertices[i]
        let behind = corners.values(i + 2, normal: n, vertex: v)
        if min(behind[0], behind[1]) <= limit { return false }
        let ahead = corners.values(i, normal: n, vertex: v)
        return min(ahead[0], ahead[1]) > limit
    }
}
