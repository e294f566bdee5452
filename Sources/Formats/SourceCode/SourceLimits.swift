/// Bounds on what the reader accepts, so that no input can make it unbounded.
public struct SourceLimits: Sendable, Equatable {
    /// Largest source in UTF-8 bytes.
    public var maxBytes: Int
    /// Most tokens.
    public var maxTokens: Int
    /// Deepest nesting of brackets, braces and parentheses.
    public var maxDepth: Int
    /// Most warnings kept (later ones are counted in one last warning).
    public var maxWarnings: Int
    /// Most `#define` expansions within one expansion (a define naming another).
    public var maxExpansion: Int

    public init(maxBytes: Int = 512 * 1024, maxTokens: Int = 100_000, maxDepth: Int = 48, maxWarnings: Int = 50,
                maxExpansion: Int = 8) {
        self.maxBytes = maxBytes
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
        self.maxWarnings = maxWarnings
        self.maxExpansion = maxExpansion
    }

    /// The product's bounds.
    public static let `default` = SourceLimits()
}

/// Why a source cannot be read at all, and where.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let position: SourcePosition
    public let message: String

    public init(_ position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }

    /// `LINE:COL: message`.
    public var description: String { "\(position): \(message)" }
}

/// Something read, but perhaps not as the author meant (a typographic dash read as `-`).
public struct SourceWarning: Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
