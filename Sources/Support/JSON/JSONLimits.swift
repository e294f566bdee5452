/// Resource limits applied while parsing untrusted JSON. Exceeding any of them is a parse error.
public struct JSONLimits: Sendable, Equatable {
    /// The highest nesting depth any limit may request; keeps recursive consumers of parsed values safe.
    public static let depthCeiling = 1_000

    /// Maximum size of the whole document in bytes (including a byte-order mark).
    public var maxBytes: Int
    /// Maximum number of nested arrays and objects open at once (`[[1]]` has depth 2).
    public var maxDepth: Int
    /// Maximum size of one decoded string (keys included) in UTF-8 bytes.
    public var maxStringBytes: Int
    /// Maximum number of values in the document, counting every scalar, array and object.
    public var maxElements: Int

    /// Creates limits; `maxDepth` is clamped to `0...depthCeiling`, the others to non-negative values.
    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxStringBytes: Int = 1 << 20, maxElements: Int = 250_000) {
        self.maxBytes = max(0, maxBytes)
        self.maxDepth = min(max(0, maxDepth), Self.depthCeiling)
        self.maxStringBytes = max(0, maxStringBytes)
        self.maxElements = max(0, maxElements)
    }

    /// 1 MiB documents, depth 64, strings up to 1 MiB, at most 250,000 values.
    public static let `default` = JSONLimits()
}
