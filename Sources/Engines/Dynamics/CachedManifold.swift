/// A contact's last narrow-phase result for two unrotated boxes, with what it depends on: the
/// geometry versions of the two shapes and the margins for which it holds. A resting stack's
/// boxes do not move from one step to the next (their leftover speeds are far below what moves
/// a coordinate by one unit in the last place), so their manifolds are taken from here instead
/// of being clipped again; the result is the same bit for bit.
struct CachedManifold {
    var versionA = -1
    var versionB = -1
    var margins = MarginRange(lower: .infinity, upper: -.infinity)
    var manifold = Manifold()

    /// Nothing cached.
    static let empty = CachedManifold()

    /// The manifold of two unrotated boxes `a` and `b` at `margin`, from the cache when their
    /// geometry has not changed since it was computed and the margin keeps the same points.
    @inline(__always)
    mutating func alignedBoxes(_ a: UnsafePointer<Shape>, _ b: UnsafePointer<Shape>, margin: Double) -> Manifold {
        if versionA == a.pointee.geometryVersion && versionB == b.pointee.geometryVersion && margins.contains(margin) {
            return manifold
        }
        manifold = Collide.alignedBoxes(a, b, margin: margin, sameFor: &margins)
        versionA = a.pointee.geometryVersion
        versionB = b.pointee.geometryVersion
        return manifold
    }
}
