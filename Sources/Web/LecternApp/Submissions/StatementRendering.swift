import Foundation
import Captions
import HTML

/// An exercise statement (Markdown) on a page, through the same renderer as transcripts.
enum StatementRendering {
    /// The statement's HTML. A first heading that only repeats the page's title (statements
    /// usually start with `# Title`) is left out, since the page's `<h1>` already says it.
    static func html(_ markdown: String, pageTitle: String) -> HTML {
        guard var blocks = try? MarkdownParser.parse(markdown) else {
            return pre(.class("statement-source")) { markdown }
        }
        if case .heading(_, let content) = blocks.first, normalized(content.plainText) == normalized(pageTitle) {
            blocks.removeFirst()
        }
        return MarkdownHTML.render(blocks, headingLevel: 2)
    }

    private static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
