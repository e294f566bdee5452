import HTML
import Store

/// A search snippet as HTML, through the DSL: the text escaped, `<mark>` around each match, `…`
/// where the text was cut. The search page shows it; the API sends the same markup as a string.
struct SnippetHTML: Component {
    /// The snippet the store cut from the matching text.
    let snippet: SearchSnippet

    init(_ snippet: SearchSnippet) { self.snippet = snippet }

    var body: HTML {
        HTML.fragment {
            if snippet.cutBefore { "…" }
            for piece in snippet.pieces {
                if piece.isMatch { mark { piece.text } } else { HTML.text(piece.text) }
            }
            if snippet.cutAfter { "…" }
        }
    }

    /// The markup as text, for JSON.
    var string: String { body.renderString() }
}
