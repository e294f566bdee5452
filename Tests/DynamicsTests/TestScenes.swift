import Dynamics

/// Scene-building shorthands shared by the tests.
enum TestScenes {
    static func box(_ id: String, _ x: Double, _ y: Double, size: Double = 40, appearsAt: Double = 0) -> Scene.Item {
        Scene.Item(id: id, center: Vector(x, y), shape: .rectangle(width: size, height: size), appearsAt: appearsAt)
    }

    static let gravity = Behavior(.gravity(angle: .pi / 2, magnitude: 1))
    static let bounds = Behavior(.collision(Behavior.Collision(translatesReferenceBoundsIntoBoundary: true)))

    static func properties(_ p: Behavior.ItemProperties, items: [String]? = nil) -> Behavior {
        Behavior(items: items, .itemProperties(p))
    }

    /// Gravity, the reference bounds as a boundary, and `extra` behaviors.
    static func scene(width: Double = 320, height: Double = 480, duration: Double, items: [Scene.Item],
                      extra: [Behavior] = [], fps: Int? = nil) -> Scene {
        Scene(width: width, height: height, duration: duration, items: items,
              behavior: Behavior(.composite([gravity, bounds] + extra)), samplesPerSecond: fps)
    }
}
