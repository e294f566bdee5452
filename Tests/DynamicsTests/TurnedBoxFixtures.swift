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
