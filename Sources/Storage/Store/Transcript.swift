import Captions

/// A lecture transcript: its Markdown split into sections, each keeping its own source so the store can
/// hold it and the lecture page can render it again.
public struct Transcript: Sendable {
    /// The sections in document order, each with its `markdown`.
    public let sections: [TranscriptSection]

    /// Parses a Markdown transcript; a `CaptionError` names the line that cannot be read.
    public init(markdown: String, limits: CaptionLimits = .default) throws(CaptionError) {
        sections = try TranscriptSection.sections(markdown: markdown, limits: limits)
    }
}
