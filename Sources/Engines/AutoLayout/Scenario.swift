/// The circumstances a layout is solved in: container size, layout direction, content that
/// changed, and what the root view's layout guides measure (status bar, bars, safe area).
public struct LayoutScenario: Sendable, Equatable {
    /// A view whose intrinsic content size differs in this scenario (a label whose text grew).
    public struct IntrinsicSizeOverride: Sendable, Equatable {
        public var view: String
        public var size: LayoutSize

        public init(view: String, size: LayoutSize) {
            self.view = view
            self.size = size
        }
    }

    /// The container size; `nil` uses the document's `container` line, else 320×568.
    public var containerSize: LayoutSize?
    public var direction: LayoutDirection
    public var intrinsicSizes: [IntrinsicSizeOverride]
    /// The status bar's height; `nil` for the device's default (see `defaultStatusBar(for:)`).
    public var statusBar: Double?
    /// Opaque bars at the top below the status bar (a navigation bar: 44).
    public var topBar: Double
    /// Opaque bars at the bottom (a tab bar: 49, a toolbar: 44).
    public var bottomBar: Double
    /// The safe area's insets, overriding what status bar, bars and the device give.
    public var safeAreaInsets: LayoutInsets?

    public init(containerSize: LayoutSize? = nil, direction: LayoutDirection = .leftToRight,
                intrinsicSizes: [IntrinsicSizeOverride] = [], statusBar: Double? = nil, topBar: Double = 0,
                bottomBar: Double = 0, safeAreaInsets: LayoutInsets? = nil) {
        self.containerSize = containerSize
        self.direction = direction
        self.intrinsicSizes = intrinsicSizes
        self.statusBar = statusBar
        self.topBar = topBar
        self.bottomBar = bottomBar
        self.safeAreaInsets = safeAreaInsets
    }

    /// The container size used when neither the scenario nor the document gives one: a 4-inch iPhone in portrait.
    public static let defaultContainerSize = LayoutSize(width: 320, height: 568)
}

/// A layout guide of the root container that constraints use without declaring it.
public enum BuiltInGuide: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The root view's `safeAreaLayoutGuide`.
    case safeArea
    /// The root view's `layoutMarginsGuide`.
    case margins
    /// The iOS 7 top layout guide: from the top of the screen to the bottom of the status bar and bars.
    case topLayoutGuide
    /// The iOS 7 bottom layout guide: from the top of the bottom bars (or home indicator) to the bottom.
    case bottomLayoutGuide
}

/// What the root container's guides measure in one scenario, in the container's coordinates.
///
/// Defaults, when the scenario does not say (a phone has a shorter side under 600 points):
/// - a phone in portrait has a 20-point status bar; in landscape, none;
/// - a phone with a sensor housing (a screen 375×812, 390×844, 393×852, 402×874, 414×896,
///   428×926, 430×932, 440×956 or 360×780) has its status bar in the housing (44 to 62 points)
///   and a 34-point home indicator in portrait; in landscape the housing's depth on both sides,
///   no status bar and a 21-point home indicator;
/// - a tablet has a 20-point status bar in both orientations;
/// - the safe area is the container inset by status bar plus `topBar` at the top, `bottomBar`
///   plus the home indicator at the bottom, and the housing at the sides;
/// - the top layout guide runs from the top to the safe area's top, the bottom layout guide from
///   the safe area's bottom to the bottom;
/// - the root view's margins are the safe area plus 16 points left and right (20 when the
///   container is at least 414 wide); any other view's margins are 8 on every side.
public struct ScenarioGeometry: Sendable, Equatable {
    public let container: LayoutSize
    public let direction: LayoutDirection
    public let safeAreaInsets: LayoutInsets
    /// The root view's layout margins, from its edges.
    public let rootMargins: LayoutInsets
    /// The margins of every other view.
    public static let viewMargins = LayoutInsets(top: 8, left: 8, bottom: 8, right: 8)

    public init(scenario: LayoutScenario, container: LayoutSize) {
        self.container = container
        direction = scenario.direction
        let device = Self.deviceInsets(for: container)
        let status = scenario.statusBar ?? device.statusBar
        let insets = scenario.safeAreaInsets ?? LayoutInsets(
            top: status + scenario.topBar, left: device.sides, bottom: scenario.bottomBar + device.homeIndicator,
            right: device.sides)
        safeAreaInsets = insets
        let side: Double = container.width >= 414 ? 20 : 16
        rootMargins = LayoutInsets(top: insets.top, left: insets.left + side, bottom: insets.bottom,
                                   right: insets.right + side)
    }

    /// The status bar's height a device of this screen size has by default.
    public static func defaultStatusBar(for size: LayoutSize) -> Double { deviceInsets(for: size).statusBar }

    /// Status bar, home indicator and side insets of the device whose screen has this size.
    static func deviceInsets(for size: LayoutSize) -> (statusBar: Double, homeIndicator: Double, sides: Double) {
        let short = min(size.width, size.height), long = max(size.width, size.height)
        let landscape = size.width > size.height
        if let housing = housings.first(where: { $0.short == short && $0.long == long })?.depth {
            return landscape ? (0, 21, housing) : (housing, 34, 0)
        }
        if short >= 600 { return (20, 0, 0) }
        return landscape ? (0, 0, 0) : (20, 0, 0)
    }

    /// Phones with a sensor housing: screen size in portrait and the housing's depth.
    private static let housings: [(short: Double, long: Double, depth: Double)] = [
        (375, 812, 44), (414, 896, 44), (390, 844, 47), (428, 926, 47), (360, 780, 50),
        (393, 852, 59), (430, 932, 59), (402, 874, 62), (440, 956, 62),
    ]

    /// A built-in guide's frame in the container.
    public func frame(of guide: BuiltInGuide) -> LayoutRect {
        let w = container.width, h = container.height, s = safeAreaInsets
        switch guide {
        case .safeArea:
            return LayoutRect(x: s.left, y: s.top, width: w - s.left - s.right, height: h - s.top - s.bottom)
        case .margins:
            let m = rootMargins
            return LayoutRect(x: m.left, y: m.top, width: w - m.left - m.right, height: h - m.top - m.bottom)
        case .topLayoutGuide:
            return LayoutRect(x: 0, y: 0, width: w, height: s.top)
        case .bottomLayoutGuide:
            return LayoutRect(x: 0, y: h - s.bottom, width: w, height: s.bottom)
        }
    }
}
