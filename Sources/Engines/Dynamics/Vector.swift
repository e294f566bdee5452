import Foundation

/// A 2D vector or point in points (y grows downward, as in UIKit).
public struct Vector: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// Creates a vector from its components.
    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The zero vector.
    public static let zero = Vector(0, 0)

    /// Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// Squared length.
    @inlinable public var lengthSquared: Double { x * x + y * y }

    /// The vector rotated by +90° in the x-right/y-down frame (`(-y, x)`).
    @inlinable public var perpendicular: Vector { Vector(-y, x) }

    /// The unit vector in the same direction, or zero for a (near-)zero vector.
    @inlinable public var normalized: Vector {
        let l = length
        return l > 1e-12 ? Vector(x / l, y / l) : .zero
    }

    /// `"(x, y)"`.
    public var description: String { "(\(x), \(y))" }

    /// A unit vector at `angle` radians from the +x axis (π/2 points down the screen).
    /// Components within 1e-15 of zero are snapped to zero so that, e.g., π/2 gives exactly (0, 1).
    public static func unit(angle: Double) -> Vector {
        let c = cos(angle), s = sin(angle)
        return Vector(abs(c) < 1e-15 ? 0 : c, abs(s) < 1e-15 ? 0 : s)
    }

    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(s * a.x, s * a.y) }
    @inlinable public static func += (a: inout Vector, b: Vector) { a = a + b }
    @inlinable public static func -= (a: inout Vector, b: Vector) { a = a - b }
}

/// Dot product.
@inlinable func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y }

/// 2D cross product (z component of the 3D cross product).
@inlinable func cross(_ a: Vector, _ b: Vector) -> Double { a.x * b.y - a.y * b.x }

/// Cross product of a scalar angular velocity with a vector: `w × r`.
@inlinable func cross(_ w: Double, _ r: Vector) -> Vector { Vector(-w * r.y, w * r.x) }

/// A rotation stored as cosine and sine.
struct Rotation: Sendable, Equatable {
    var c: Double
    var s: Double

    static let identity = Rotation(c: 1, s: 0)

    init(c: Double, s: Double) {
        self.c = c
        self.s = s
    }

    /// The rotation by `angle` radians; exactly the identity for an angle of 0.
    init(angle: Double) {
        if angle == 0 {
            self = .identity
        } else {
            self.init(c: cos(angle), s: sin(angle))
        }
    }

    /// Rotates `v` by this rotation.
    @inline(__always) func apply(_ v: Vector) -> Vector {
        Vector(c * v.x - s * v.y, s * v.x + c * v.y)
    }

    /// Rotates `v` by the inverse of this rotation.
    @inline(__always) func applyInverse(_ v: Vector) -> Vector {
        Vector(c * v.x + s * v.y, -s * v.x + c * v.y)
    }
}
