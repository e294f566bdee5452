/// Resource limits applied while reading untrusted XML. Exceeding any of them is an error at the
/// place where it happens.
public struct XMLLimits: Sendable, Equatable {
    /// The highest nesting depth any limit may request.
    public static let depthCeiling = 1_000

    /// Maximum size of the whole document in bytes.
    public var maxBytes: Int
    /// Maximum number of elements open at once (`<a><b/></a>` has depth 2).
    public var maxDepth: Int
    /// Maximum number of elements in the document.
    public var maxElements: Int
    /// Maximum number of attributes on one element.
    public var maxAttributes: Int
    /// Maximum length of one attribute value, in bytes as written.
    public var maxAttributeLength: Int
    /// Maximum length of an element or attribute name, in bytes.
    public var maxNameLength: Int

    /// Creates limits; `maxDepth` is clamped to `0...depthCeiling`, the others to non-negative values.
    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 128, maxElements: Int = 500_000, maxAttributes: Int = 64,
                maxAttributeLength: Int = 1 << 16, maxNameLength: Int = 256) {
        self.maxBytes = max(0, maxBytes)
        self.maxDepth = min(max(0, maxDepth), Self.depthCeiling)
        self.maxElements = max(0, maxElements)
        self.maxAttributes = max(0, maxAttributes)
        self.maxAttributeLength = max(0, maxAttributeLength)
        self.maxNameLength = max(0, maxNameLength)
    }

    /// 16 MiB, depth 128, 500,000 elements, 64 attributes per element, values up to 64 KiB,
    /// names up to 256 bytes.
    public static let `default` = XMLLimits()
}
