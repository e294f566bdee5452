import Captions
import HTML

/// Converts the transcript Markdown AST to HTML with the HTML DSL, so every piece of text is escaped.
enum MarkdownHTML {
    /// The blocks as HTML; headings inside a section start at `headingLevel` (clamped to h6).
    static func convert(_ blocks: [MarkdownBlock], headingLevel: Int = 3) -> HTML {
        HTMLBuilder.buildArray(blocks.map { block($0, headingLevel: headingLevel) })
    }

    private static func block(_ block: MarkdownBlock, headingLevel: Int) -> HTML {
        switch block {
        case .heading(let level, let content):
            return HTML.element("h\(min(6, max(1, headingLevel + level - 1)))") { inlines(content) }
        case .paragraph(let content):
            return p { inlines(content) }
        case .figureCaption(let content):
            return figure { figcaption { inlines(content) } }
        case .codeBlock(let info, let text):
            let language = info.split(separator: " ").first.map(String.init)
            // Focusable, so a keyboard can scroll a long line into view.
            return pre(.attr("tabindex", "0")) { code(language.map { .class("language-" + $0) }) { text } }
        case .list(let list):
            let items = HTMLBuilder.buildArray(list.items.map { item in li { convert(item, headingLevel: headingLevel) } })
            if list.ordered {
                return ol(list.start == 1 ? nil : .attr("start", String(list.start))) { items }
            }
            return ul { items }
        case .blockQuote(let blocks):
            return blockquote { convert(blocks, headingLevel: headingLevel) }
        case .thematicBreak:
            return hr()
        }
    }

    /// Inline content as HTML.
    static func inlines(_ content: [MarkdownInline]) -> HTML {
        HTMLBuilder.buildArray(content.map(inline))
    }

    private static func inline(_ inline: MarkdownInline) -> HTML {
        switch inline {
        case .text(let text): .text(text)
        case .emphasis(let content): em { inlines(content) }
        case .strong(let content): strong { inlines(content) }
        case .code(let text): code { text }
        case .link(let destination, let content): a(.href(destination), .rel("nofollow")) { inlines(content) }
        case .lineBreak: br()
        }
    }
}
