import SeededRandom
@testable import Dynamics

/// Two slightly turned 40 pt boxes, the upper one resting on the lower one's top face: the case
/// where the narrow phase keeps two points with the lower box's face as the reference.
func restingTurnedBoxes() -> (lower: Shape, upper: Shape) {
    var lower = Shape.box(body: 1, width: 40, height: 40)
    var upper = Shape.box(body: 2, width: 40, height: 40)
    lower.updateWorldGeometry(position: Vector(100, 100), rotation: Rotation(angle: 0.01), margin: 1)
    upper.updateWorldGeometry(position: Vector(100.2, 60.1), rotation: Rotation(angle: 0.011), margin: 1)
    return (lower, upper)
}

/// A box of random size placed within `spread` of the origin, turned by a random angle. Some are
/// placed exactly, unturned or a quarter turned, so that ties and zero components occur; with
/// `nearlyUnturned`, some are turned by less than 0.02 rad, so that clipped ends occur too.
func randomBox(_ random: inout SplitMix64, body: Int, spread: Double, nearlyUnturned: Bool) -> Shape {
    var shape = Shape.box(body: body, width: random.between(4, 80), height: random.between(4, 80))
    let angle: Double
    switch random.below(nearlyUnturned ? 5 : 4) {
    case 0: angle = 0
    case 1: angle = Double.pi / 2 * Double(random.below(4))
    case 2 where nearlyUnturned: angle = random.between(-0.02, 0.02)
    default: angle = random.between(-Double.pi, Double.pi)
    }
    let position = random.below(3) == 0
        ? Vector(Double(random.below(5) * 20), Double(random.below(5) * 20))
        : Vector(random.between(-spread, spread), random.between(-spread, spread))
    shape.updateWorldGeometry(position: position, rotation: Rotation(angle: angle), margin: 1)
    return shape
}
