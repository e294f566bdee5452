import Captions
import HTML

/// An exercise statement (Markdown) on a page, through the same renderer as transcripts.
enum StatementRendering {
    static func html(_ markdown: String) -> HTML {
        guard let blocks = try? MarkdownParser.parse(markdown) else {
            return pre(.class("statement-source")) { markdown }
        }
        return MarkdownHTML.render(blocks, headingLevel: 2)
    }
}
