import HTML

// Small building blocks the pages share.

/// A table that may be wider than a phone: it scrolls sideways inside its own box instead of
/// widening the page. The box is a labelled region that takes keyboard focus, so it can be
/// scrolled with the arrow keys without JavaScript.
enum ScrollingTable {
    /// - Parameters:
    ///   - label: What the table holds, for screen readers (`Gradebook`, `Your attempts`).
    ///   - table: The `<table>` itself.
    static func html(label: String, @HTMLBuilder _ table: () -> HTML) -> HTML {
        div(.class("table-scroll"), .role("region"), .aria("label", label), .attr("tabindex", "0")) { table() }
    }
}

/// A short status word in a coloured badge (`Passed`, `Failed`, `active`): the word carries the
/// meaning, the colour only repeats it.
enum StatusBadge {
    /// The colour of a badge.
    enum Tone: String {
        case ok, bad, neutral
    }

    static func html(_ text: String, tone: Tone) -> HTML {
        span(.class("status", tone.rawValue)) { text }
    }
}
