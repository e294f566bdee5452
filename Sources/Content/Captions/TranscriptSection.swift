/// A part of a transcript under one heading: what the store keeps and the lecture page shows.
public struct TranscriptSection: Sendable, Equatable {
    /// A slug unique within the transcript, usable as an HTML id and URL fragment
    /// (`magic-numbers`, `магические-числа`; `intro` for text before the first heading).
    public let id: String
    /// The heading's plain text; empty for the text before the first heading.
    public let title: String
    /// The heading level 1...6; 0 for the text before the first heading.
    public let level: Int
    /// The blocks under the heading, the heading itself excluded.
    public let blocks: [MarkdownBlock]
    /// The blocks' plain text for the search index.
    public let plainText: String
    /// The Markdown source of `blocks` as written: the lines after the heading line up to the next
    /// heading line or the end, line terminators included, so that parsing it again gives `blocks`.
    /// When those lines begin with U+FEFF, one more U+FEFF is put in front, since a parser drops a
    /// leading one as a byte order mark. Empty for sections built from blocks, which have no source.
    public let markdown: String

    /// Creates a section; `plainText` is derived from the blocks.
    public init(id: String, title: String, level: Int, blocks: [MarkdownBlock], markdown: String = "") {
        self.id = id
        self.title = title
        self.level = level
        self.blocks = blocks
        self.plainText = blocks.plainText
        self.markdown = markdown
    }

    /// Parses a transcript and splits it into sections, each with its own Markdown source.
    public static func sections(markdown: String, limits: CaptionLimits = .default) throws(CaptionError) -> [TranscriptSection] {
        let lines = try SourceLines.split(markdown, limits: limits)
        let parsed = MarkdownParser.parse(lines: lines)
        func lineStart(_ index: Int) -> String.Index {
            index < lines.count ? lines[index].text.startIndex : markdown.endIndex
        }
        var sources: [String] = []
        var start = lineStart(0)
        func addSource(upTo end: String.Index) {
            let source = markdown[start..<end]
            sources.append(source.unicodeScalars.first == "\u{FEFF}" ? "\u{FEFF}" + source : String(source))
        }
        for line in parsed.headingLines {
            addSource(upTo: lineStart(line))
            start = lineStart(line + 1)
        }
        addSource(upTo: markdown.endIndex)
        return split(parsed.blocks, sources: sources)
    }

    /// Splits blocks into sections: one per heading (any level), plus one for the blocks before
    /// the first heading when there are any. The sections' `markdown` is empty.
    public static func sections(of blocks: [MarkdownBlock]) -> [TranscriptSection] {
        split(blocks, sources: nil)
    }

    /// Splits blocks at their headings; `sources`, when given, holds one source text per run of
    /// blocks: the one before the first heading, then the one after each heading.
    private static func split(_ blocks: [MarkdownBlock], sources: [String]?) -> [TranscriptSection] {
        var sections: [TranscriptSection] = []
        var slugs = SlugAllocator()
        var title = "", level = 0, headingCount = 0
        var body: [MarkdownBlock] = []
        func close() {
            guard level > 0 || !body.isEmpty else { return }
            let id = slugs.unique(level == 0 ? "intro" : title)
            sections.append(TranscriptSection(id: id, title: title, level: level, blocks: body,
                                              markdown: sources?[headingCount] ?? ""))
        }
        for block in blocks {
            if case .heading(let headingLevel, let content) = block {
                close()
                title = content.plainText
                level = headingLevel
                headingCount += 1
                body = []
            } else {
                body.append(block)
            }
        }
        close()
        return sections
    }
}

/// Makes URL-fragment slugs from titles, unique within one document.
struct SlugAllocator {
    /// Longest slug before a uniqueness suffix, in characters.
    static let maxLength = 64
    private var used: Set<String> = []
    /// The last suffix number given to each base slug, so repeats do not rescan from 2.
    private var lastSuffix: [String: Int] = [:]

    /// `Magic Numbers!` → `magic-numbers`; a repeat gets `-2`, `-3`, …; an empty result becomes `section`.
    mutating func unique(_ title: String) -> String {
        let base = Self.slug(title)
        var candidate = base
        var counter = lastSuffix[base] ?? 1
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        lastSuffix[base] = counter
        used.insert(candidate)
        return candidate
    }

    static func slug(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in Tokenizer.folded(title) {
            if character.isLetter || character.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
                if slug.count >= maxLength { break }
            } else if character.isWhitespace || character == "-" || character == "_" {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}
