import Foundation
import Captions
import HTML

/// An exercise statement (Markdown) on a page, through the same converter as transcripts.
/// A first heading that only repeats the page's title (statements usually start with `# Title`)
/// is left out, since the page's `<h1>` already says it.
struct StatementRendering: Component {
    /// The statement's Markdown source.
    let markdown: String
    /// The title of the page that shows it.
    let pageTitle: String

    init(_ markdown: String, pageTitle: String) {
        self.markdown = markdown
        self.pageTitle = pageTitle
    }

    var body: HTML {
        guard var blocks = try? MarkdownParser.parse(markdown) else {
            return pre(.class("statement-source")) { markdown }
        }
        if case .heading(_, let content) = blocks.first, Self.normalized(content.plainText) == Self.normalized(pageTitle) {
            blocks.removeFirst()
        }
        return MarkdownHTML.convert(blocks, headingLevel: 2)
    }

    private static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
