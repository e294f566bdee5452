/// Collision geometry: a convex polygon of 2 (a segment) to 4 vertices, or a circle.
///
/// Vertices and normals are stored in the owning body's frame; `world…` fields cache the
/// transformed geometry for the current step.
struct Shape {
    enum Kind { case polygon, circle }

    var kind: Kind
    var body: Int
    /// Number of polygon vertices (2 for a segment, 4 for a box); 0 for a circle.
    var count: Int
    /// A rectangle (vertices counter-clockwise on screen from the top-left corner).
    var isBox: Bool
    /// A box whose world geometry is currently unrotated: its vertices 0 and 2 are the
    /// top-left and bottom-right corners.
    var isAxisAlignedBox: Bool
    var localVertices: InlineArray<4, Vector>
    var localNormals: InlineArray<4, Vector>
    /// Circle radius; 0 for polygons.
    var radius: Double
    /// Largest distance from the body centre to the shape's surface.
    var extent: Double
    /// Bit of the collision behavior owning a boundary shape; 0 for item shapes.
    var ownerBit: UInt64
    /// Index of the boundary name in the world's boundary name table; -1 for item shapes.
    var boundaryName: Int

    var worldVertices: InlineArray<4, Vector>
    var worldNormals: InlineArray<4, Vector>
    /// The rotation `worldNormals` were computed with (nil before the first update), so that
    /// they are recomputed only when the rotation changes.
    private var normalsRotation: Rotation?
    /// Changes whenever the world geometry of a polygon changes (its body moved or turned), so
    /// that a narrow-phase result computed at one version holds while the version does.
    private(set) var geometryVersion = 0
    var worldCenter: Vector
    var lower: Vector
    var upper: Vector
    /// How far this step's contacts reach beyond the shape: half the speculative distance
    /// plus a bound on the distance its surface can travel during the step.
    var margin: Double

    private init(kind: Kind, body: Int, count: Int, vertices: InlineArray<4, Vector>,
                 normals: InlineArray<4, Vector>, radius: Double, ownerBit: UInt64, boundaryName: Int) {
        self.kind = kind
        self.body = body
        self.count = count
        isBox = false
        isAxisAlignedBox = false
        localVertices = vertices
        localNormals = normals
        self.radius = radius
        var extent = radius
        for i in 0..<count { extent = max(extent, vertices[i].length) }
        self.extent = extent
        self.ownerBit = ownerBit
        self.boundaryName = boundaryName
        worldVertices = vertices
        worldNormals = normals
        worldCenter = .zero
        lower = .zero
        upper = .zero
        margin = 0.5 * Tuning.speculativeDistance
    }

    /// A `width` × `height` box centred on its body (or on `center` for a static box).
    static func box(body: Int, width: Double, height: Double, center: Vector = .zero,
                    ownerBit: UInt64 = 0, boundaryName: Int = -1) -> Shape {
        let hx = width / 2, hy = height / 2
        let vertices: InlineArray<4, Vector> = [
            center + Vector(-hx, -hy), center + Vector(hx, -hy), center + Vector(hx, hy), center + Vector(-hx, hy),
        ]
        let normals: InlineArray<4, Vector> = [Vector(0, -1), Vector(1, 0), Vector(0, 1), Vector(-1, 0)]
        var shape = Shape(kind: .polygon, body: body, count: 4, vertices: vertices, normals: normals,
                          radius: 0, ownerBit: ownerBit, boundaryName: boundaryName)
        shape.isBox = true
        shape.isAxisAlignedBox = true
        return shape
    }

    /// A two-sided segment from `a` to `b` (which must differ).
    static func segment(body: Int, from a: Vector, to b: Vector, ownerBit: UInt64, boundaryName: Int) -> Shape {
        let n = (b - a).normalized.perpendicular
        let vertices: InlineArray<4, Vector> = [a, b, b, a]
        let normals: InlineArray<4, Vector> = [-n, n, n, n]
        return Shape(kind: .polygon, body: body, count: 2, vertices: vertices, normals: normals,
                     radius: 0, ownerBit: ownerBit, boundaryName: boundaryName)
    }

    /// A circle of `radius` centred on its body.
    static func circle(body: Int, radius: Double) -> Shape {
        let zeros: InlineArray<4, Vector> = [.zero, .zero, .zero, .zero]
        return Shape(kind: .circle, body: body, count: 0, vertices: zeros, normals: zeros,
                     radius: radius, ownerBit: 0, boundaryName: -1)
    }

    /// Transforms the local geometry by the body pose and recomputes the bounding box,
    /// enlarged by `margin` on every side.
    mutating func updateWorldGeometry(position: Vector, rotation: Rotation, margin: Double) {
        self.margin = margin
        if kind == .circle {
            worldCenter = position
            lower = Vector(position.x - radius - margin, position.y - radius - margin)
            upper = Vector(position.x + radius + margin, position.y + radius + margin)
            return
        }
        let sameRotation = normalsRotation.map {
            $0.c.bitPattern == rotation.c.bitPattern && $0.s.bitPattern == rotation.s.bitPattern
        } ?? false
        if !sameRotation || position.x.bitPattern != worldCenter.x.bitPattern
            || position.y.bitPattern != worldCenter.y.bitPattern {
            geometryVersion &+= 1
        }
        worldCenter = position
        isAxisAlignedBox = isBox && rotation == .identity
        var lo = Vector(Double.infinity, Double.infinity)
        var hi = Vector(-Double.infinity, -Double.infinity)
        for i in 0..<count {
            let v = position + rotation.apply(localVertices[i])
            worldVertices[i] = v
            lo = Vector(min(lo.x, v.x), min(lo.y, v.y))
            hi = Vector(max(hi.x, v.x), max(hi.y, v.y))
        }
        if !sameRotation {
            normalsRotation = rotation
            for i in 0..<count { worldNormals[i] = rotation.apply(localNormals[i]) }
        }
        lower = Vector(lo.x - margin, lo.y - margin)
        upper = Vector(hi.x + margin, hi.y + margin)
    }
}
