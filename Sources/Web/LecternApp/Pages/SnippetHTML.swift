import HTML
import Store

/// A search snippet as HTML, through the DSL: the text escaped, `<mark>` around each match, `…`
/// where the text was cut. The search page shows it; the API sends the same markup as a string.
enum SnippetHTML {
    static func html(_ snippet: SearchSnippet) -> HTML {
        HTML.fragment {
            if snippet.cutBefore { "…" }
            for piece in snippet.pieces {
                if piece.isMatch { mark { piece.text } } else { HTML.text(piece.text) }
            }
            if snippet.cutAfter { "…" }
        }
    }

    /// The markup as text, for JSON.
    static func string(_ snippet: SearchSnippet) -> String {
        html(snippet).renderString()
    }
}
