/// The circumstances a layout is solved in: container size, layout direction, and content that changed.
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

    public init(containerSize: LayoutSize? = nil, direction: LayoutDirection = .leftToRight,
                intrinsicSizes: [IntrinsicSizeOverride] = []) {
        self.containerSize = containerSize
        self.direction = direction
        self.intrinsicSizes = intrinsicSizes
    }

    /// The container size used when neither the scenario nor the document gives one: a 4-inch iPhone in portrait.
    public static let defaultContainerSize = LayoutSize(width: 320, height: 568)
}
