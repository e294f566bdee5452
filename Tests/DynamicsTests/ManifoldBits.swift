@testable import Dynamics

extension Manifold {
    /// The manifold as bits, for comparisons that must hold bit for bit: the normal, the count,
    /// and each kept point's position, separation and id.
    var bits: [UInt64] {
        var found = [normal.x.bitPattern, normal.y.bitPattern, UInt64(count)]
        for p in [point0, point1].prefix(count) {
            found += [p.point.x.bitPattern, p.point.y.bitPattern, p.separation.bitPattern, UInt64(p.id)]
        }
        return found
    }
}
