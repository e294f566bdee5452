import HTML
import HTTPServer
import Store

/// The search page: the form, the results grouped by lecture with highlighted snippets, the
/// "did you mean" suggestion and links to the previous and next pages.
enum SearchPage {
    static func response(_ request: SearchRequest, results: SearchResults?, courses: [Course], userArea: UserArea) -> Response {
        let title = request.query.isEmpty ? "Search" : "Search: \(request.query)"
        return PageLayout.response(title: title, userArea: userArea) {
            h1 { "Search lectures" }
            form(query: request.query, course: request.courseSlug, lecture: request.lectureNumber, courses: courses,
                 label: "Words, \"exact phrases\", prefix*, OR, -excluded", language: request.language)
            if let results { resultsSection(request, results) }
        }
    }

    /// The query syntax, shown as text under every search box.
    static let syntaxHint = "Words, \"exact phrases\", prefix*, OR, -excluded"

    /// The search form. With `courses`, a course menu; otherwise `course` (and `lecture`) are fixed;
    /// `language` (a caption track language) is kept.
    static func form(query: String, course: String?, lecture: Int? = nil, courses: [Course], label: String,
                     language: String? = nil) -> HTML {
        HTML.element("form", [.class("search-form"), .method("get"), .action("/search"), .role("search")]) {
            HTML.element("label", [.class("visually-hidden"), .for("search-query")]) { label }
            input(.type("search"), .id("search-query"), .name("q"), .value(query), .placeholder(label),
                  .attr("maxlength", String(SearchRequest.maxQueryLength)), .aria("describedby", "search-hint"))
            if let language { input(.type("hidden"), .name("lang"), .value(language)) }
            if courses.isEmpty {
                if let course { input(.type("hidden"), .name("course"), .value(course)) }
                if let lecture { input(.type("hidden"), .name("lecture"), .value(String(lecture))) }
            } else {
                select(.name("course"), .aria("label", "Course")) {
                    option(.value(""), .flag("selected", course == nil)) { "All courses" }
                    for item in courses {
                        option(.value(item.slug), .flag("selected", item.slug == course)) { item.title }
                    }
                }
                if let lecture, course != nil { input(.type("hidden"), .name("lecture"), .value(String(lecture))) }
            }
            button(.type("submit")) { "Search" }
            p(.class("search-hint"), .id("search-hint")) { "Search syntax: " + syntaxHint + "." }
        }
    }

    private static func resultsSection(_ request: SearchRequest, _ results: SearchResults) -> HTML {
        section(.class("search-results"), .aria("label", "Results")) {
            if let suggestion = results.suggestion {
                p(.class("suggestion")) {
                    "Did you mean "
                    a(.href(link(request, query: suggestion, offset: 0))) { strong { suggestion } }
                    "?"
                }
            }
            p(.class("search-summary")) { summary(request, results) }
            for group in groups(results.hits) {
                section(.class("result-group")) {
                    h2 {
                        a(.href(CatalogLookup.lecturePath(course: group.course, number: group.number))) {
                            "Lecture \(group.number). \(group.title)"
                        }
                        if request.courseSlug == nil { span(.class("muted")) { " · \(group.course)" } }
                    }
                    ul(.class("result-list")) {
                        for hit in group.hits { result(hit) }
                    }
                }
            }
            nav(.class("pagination"), .aria("label", "Pages")) {
                if request.offset > 0 {
                    a(.rel("prev"), .href(link(request, query: request.query, offset: max(0, request.offset - request.limit)))) {
                        "← Previous"
                    }
                }
                if request.offset + results.hits.count < results.total, request.offset + request.limit <= SearchRequest.maxOffset {
                    a(.rel("next"), .href(link(request, query: request.query, offset: request.offset + request.limit))) { "Next →" }
                }
            }
        }
    }

    private static func result(_ hit: SearchHit) -> HTML {
        li(.class("result")) {
            if let cue = hit.cue {
                a(.class("result-time"), .href(hit.url)) { cue.timestamp }
            } else {
                a(.class("result-time result-kind"), .href(hit.url)) { "Text" }
            }
            div(.class("result-body")) {
                if hit.kind == .transcript { div(.class("result-section")) { a(.href(hit.url)) { hit.text } } }
                div(.class("snippet")) { SnippetHTML(hit.snippet) }
            }
        }
    }

    private static func summary(_ request: SearchRequest, _ results: SearchResults) -> String {
        guard results.total > 0 else { return "No results for “\(request.query)”." }
        let range = "\(request.offset + 1)–\(request.offset + results.hits.count)"
        return "\(range) of \(results.total) \(results.total == 1 ? "result" : "results") for “\(request.query)”."
    }

    /// Hits of one lecture on this page.
    struct Group {
        let course: String
        let number: Int
        let title: String
        var hits: [SearchHit]
    }

    /// Groups hits by lecture, groups in order of their best hit; within a lecture, transcript
    /// sections first, then cues in time order.
    static func groups(_ hits: [SearchHit]) -> [Group] {
        var groups: [Group] = []
        for hit in hits {
            if let index = groups.firstIndex(where: { $0.course == hit.courseSlug && $0.number == hit.lectureNumber }) {
                groups[index].hits.append(hit)
            } else {
                groups.append(Group(course: hit.courseSlug, number: hit.lectureNumber, title: hit.lectureTitle, hits: [hit]))
            }
        }
        for index in groups.indices {
            groups[index].hits.sort { ($0.cue?.startMs ?? -1, $0.rank) < ($1.cue?.startMs ?? -1, $1.rank) }
        }
        return groups
    }

    /// This search with another query or page.
    private static func link(_ request: SearchRequest, query: String, offset: Int) -> String {
        var pairs = [("q", query)]
        if let course = request.courseSlug { pairs.append(("course", course)) }
        if let lecture = request.lectureNumber { pairs.append(("lecture", String(lecture))) }
        if let language = request.language { pairs.append(("lang", language)) }
        if offset > 0 { pairs.append(("offset", String(offset))) }
        return "/search?" + pairs.map { "\($0.0)=\(PathEncoding.queryValue($0.1))" }.joined(separator: "&")
    }
}
