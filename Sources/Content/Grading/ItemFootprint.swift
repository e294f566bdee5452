import Foundation
import Dynamics

/// An item's shape at its final pose, to measure how far two items overlap.
struct ItemFootprint {
    let id: String
    let shape: Scene.Item.Shape
    let center: Vector
    /// The item's own x and y axes in the scene.
    let axes: (Vector, Vector)

    init(item: Scene.Item, center: Vector, angle: Double) {
        id = item.id
        shape = item.shape
        self.center = center
        let c = cos(angle), s = sin(angle)
        axes = (Vector(c, s), Vector(-s, c))
    }

    /// Penetration depth in points: positive when the shapes overlap, 0 or less when apart.
    func overlap(with other: ItemFootprint) -> Double {
        switch (shape, other.shape) {
        case (.circle(let r1), .circle(let r2)):
            return r1 + r2 - (other.center - center).length
        case (.rectangle, .circle(let r)):
            return boxCircleOverlap(circleCenter: other.center, radius: r)
        case (.circle(let r), .rectangle):
            return other.boxCircleOverlap(circleCenter: center, radius: r)
        case (.rectangle, .rectangle):
            var depth = Double.infinity
            for axis in [axes.0, axes.1, other.axes.0, other.axes.1] {
                let distance = abs(dot(other.center - center, axis))
                depth = min(depth, radius(along: axis) + other.radius(along: axis) - distance)
            }
            return depth
        }
    }

    /// The smallest upright rectangle around the shape, in scene coordinates (y grows downward).
    var boundingBox: (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let half: Vector
        switch shape {
        case .circle(let r): half = Vector(r, r)
        case .rectangle: half = Vector(radius(along: Vector(1, 0)), radius(along: Vector(0, 1)))
        }
        return (center.x - half.x, center.x + half.x, center.y - half.y, center.y + half.y)
    }

    /// Half the extent of a rectangle projected on a unit axis.
    private func radius(along axis: Vector) -> Double {
        guard case .rectangle(let width, let height) = shape else { return 0 }
        return 0.5 * width * abs(dot(axes.0, axis)) + 0.5 * height * abs(dot(axes.1, axis))
    }

    private func boxCircleOverlap(circleCenter: Vector, radius r: Double) -> Double {
        guard case .rectangle(let width, let height) = shape else { return 0 }
        let offset = circleCenter - center
        let local = Vector(dot(offset, axes.0), dot(offset, axes.1))
        let half = Vector(0.5 * width, 0.5 * height)
        let inside = abs(local.x) <= half.x && abs(local.y) <= half.y
        if inside { return r + min(half.x - abs(local.x), half.y - abs(local.y)) }
        let closest = Vector(min(max(local.x, -half.x), half.x), min(max(local.y, -half.y), half.y))
        return r - (local - closest).length
    }

    private func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y }
}
