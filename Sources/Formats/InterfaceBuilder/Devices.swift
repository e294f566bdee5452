import AutoLayout

/// The screens of the devices Interface Builder designs for, by the `<device id>` it writes.
enum Devices {
    /// The portrait screen size of a device id, if known.
    static func screen(id: String) -> LayoutSize? {
        table.first { $0.id == id }.map { LayoutSize(width: $0.width, height: $0.height) }
    }

    private static let table: [(id: String, width: Double, height: Double)] = [
        ("retina3_5", 320, 480), ("retina4_0", 320, 568), ("retina4_7", 375, 667), ("retina5_5", 414, 736),
        ("retina5_9", 375, 812), ("retina5_4", 360, 780), ("retina6_1", 414, 896), ("retina6_5", 414, 896),
        ("retina6_0", 390, 844), ("retina6_7", 428, 926), ("retina6_12", 393, 852), ("retina6_72", 430, 932),
        ("retina6_3", 402, 874), ("retina6_9", 440, 956),
        ("ipad9_7", 768, 1024), ("ipad10_2", 810, 1080), ("ipad10_5", 834, 1112), ("ipad10_9", 820, 1180),
        ("ipad11", 834, 1194), ("ipad12_9", 1024, 1366), ("ipad12_9rounded", 1024, 1366),
    ]
}
