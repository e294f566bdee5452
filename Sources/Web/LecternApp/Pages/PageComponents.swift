import HTML
import Store

// Small building blocks the pages share.

/// A table that may be wider than a phone: it scrolls sideways inside its own box instead of
/// widening the page. The box is a labelled region that takes keyboard focus, so it can be
/// scrolled with the arrow keys without JavaScript.
struct ScrollingTable: Component {
    /// What the table holds, for screen readers (`Gradebook`, `Your attempts`).
    let label: String
    /// The `<table>` itself.
    let table: HTML

    init(label: String, @HTMLBuilder _ table: () -> HTML) {
        self.label = label
        self.table = table()
    }

    var body: HTML {
        div(.class("table-scroll"), .role("region"), .aria("label", label), .attr("tabindex", "0")) { table }
    }
}

/// A table's head: one row with a column header for each name, in order.
struct ColumnHeads: Component {
    let names: [String]

    init(_ names: [String]) { self.names = names }

    var body: HTML {
        thead {
            tr {
                for name in names { th(.attr("scope", "col")) { name } }
            }
        }
    }
}

/// The trail of links above a page's heading: `Courses › Swift › Gradebook`.
struct Breadcrumbs: Component {
    let links: [(label: String, href: String)]

    var body: HTML {
        nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) {
            for (index, link) in links.enumerated() {
                if index > 0 { " › " }
                a(.href(link.href)) { link.label }
            }
        }
    }

    /// The trail of a page under a course's gradebook.
    static func gradebook(_ course: Course) -> Breadcrumbs {
        Breadcrumbs(links: [("Courses", "/courses"), (course.title, "/courses/\(course.slug)"),
                            ("Gradebook", "/courses/\(course.slug)/gradebook")])
    }
}

/// A short status word in a coloured badge (`Passed`, `Failed`, `active`): the word carries the
/// meaning, the colour only repeats it.
struct StatusBadge: Component {
    /// The colour of a badge.
    enum Tone: String, Sendable {
        case ok, bad, neutral
    }

    /// The word or short phrase the badge shows.
    let text: String
    /// The colour that repeats the word's meaning.
    let tone: Tone

    init(_ text: String, tone: Tone) {
        self.text = text
        self.tone = tone
    }

    var body: HTML {
        span(.class("status", tone.rawValue)) { text }
    }
}
