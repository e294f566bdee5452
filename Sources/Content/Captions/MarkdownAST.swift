/// Inline content of the transcript Markdown subset.
public indirect enum MarkdownInline: Sendable, Equatable {
    /// Literal text (already unescaped; the renderer escapes it for HTML).
    case text(String)
    /// `*emphasis*` or `_emphasis_`.
    case emphasis([MarkdownInline])
    /// `**strong**` or `__strong__`.
    case strong([MarkdownInline])
    /// `` `code` ``.
    case code(String)
    /// `[content](destination)` or `<https://…>`; the destination is an `http`, `https` or `mailto`
    /// URL or a relative reference (other schemes, such as `javascript:`, are left as text).
    case link(destination: String, content: [MarkdownInline])
    /// A hard line break (two trailing spaces or a trailing backslash).
    case lineBreak
}

/// A list of items, each a sequence of blocks.
public struct MarkdownList: Sendable, Equatable {
    /// True for `1.` / `1)` lists, false for `-`, `*`, `+` lists.
    public let ordered: Bool
    /// The first item's number (1 for bullet lists).
    public let start: Int
    /// The items' contents.
    public let items: [[MarkdownBlock]]

    /// Creates a list.
    public init(ordered: Bool, start: Int, items: [[MarkdownBlock]]) {
        self.ordered = ordered
        self.start = start
        self.items = items
    }
}

/// Block content of the transcript Markdown subset.
public indirect enum MarkdownBlock: Sendable, Equatable {
    /// `#` to `######` ATX heading.
    case heading(level: Int, content: [MarkdownInline])
    /// A paragraph of consecutive lines.
    case paragraph([MarkdownInline])
    /// A line starting with a figure reference such as `Рис. 5` or `Fig. 5`.
    case figureCaption([MarkdownInline])
    /// A fenced code block: the info string (for example `swift`, possibly empty) and the code.
    case codeBlock(info: String, code: String)
    /// An ordered or bullet list.
    case list(MarkdownList)
    /// `>` block quote.
    case blockQuote([MarkdownBlock])
    /// `---`, `***` or `___`.
    case thematicBreak
}

extension MarkdownInline {
    /// The text a reader sees, without markup.
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text): text
        case .emphasis(let content), .strong(let content), .link(_, let content): content.plainText
        case .lineBreak: "\n"
        }
    }
}

extension Array where Element == MarkdownInline {
    /// The concatenated plain text of the inlines.
    public var plainText: String { map(\.plainText).joined() }
}

extension MarkdownBlock {
    /// The text a reader sees, blocks separated by line feeds (used for the search index).
    public var plainText: String {
        switch self {
        case .heading(_, let content), .paragraph(let content), .figureCaption(let content):
            content.plainText
        case .codeBlock(_, let code):
            code
        case .list(let list):
            list.items.map(\.plainText).joined(separator: "\n")
        case .blockQuote(let blocks):
            blocks.plainText
        case .thematicBreak:
            ""
        }
    }
}

extension Array where Element == MarkdownBlock {
    /// The plain text of the blocks, separated by line feeds; empty blocks are left out.
    public var plainText: String { map(\.plainText).filter { !$0.isEmpty }.joined(separator: "\n") }
}
